package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import java.util.Set;

/**
 * WITH [RECURSIVE] name [(cols)] AS [[NOT] MATERIALIZED] (body) [SEARCH …] [CYCLE …], … main-statement. Each
 * body is classified on its own: a body that inserts, updates, deletes or merges makes a writable CTE, which
 * writes whatever the main statement is.
 */
final class Ctes {
    private static final Set<String> BODY_STARTS =
            Set.of("SELECT", "VALUES", "TABLE", "WITH", "INSERT", "UPDATE", "DELETE", "MERGE");
    private static final Set<String> MAIN_STARTS =
            Set.of("SELECT", "VALUES", "TABLE", "INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE");

    private Ctes() {}

    static Analysis classify(Classifier c, int from, int to) {
        TokenList t = c.t;
        int i = t.isWord(from + 1, "RECURSIVE") ? from + 2 : from + 1;
        Analysis parts = Analysis.of(StatementKind.READ, "WITH");
        boolean writable = false;
        while (true) {
            int body = bodyStart(t, i, to);
            if (body < 0) {
                return Analysis.unknown("WITH", "a WITH clause the guard cannot follow");
            }
            int close = t.partner(body - 1);
            Analysis part = body(c, body, close);
            if (part == null) {
                return Analysis.unknown(
                        "WITH", "a WITH query must be a SELECT, VALUES, INSERT, UPDATE, DELETE or" + " MERGE");
            }
            writable |= part.kind == StatementKind.DML;
            parts.absorb(part);
            i = skipSearchAndCycle(t, close + 1, to);
            if (!t.is(i, Token.Type.COMMA)) {
                break;
            }
            i++;
        }
        return main(c, i, to, parts, writable);
    }

    /** The index of the first token of the body of the CTE whose name is at i, or -1. */
    private static int bodyStart(TokenList t, int i, int to) {
        if (i >= to || !t.get(i).isName()) {
            return -1;
        }
        i++;
        if (t.is(i, Token.Type.LPAREN)) {
            i = t.partner(i) + 1;
        }
        if (!t.isWord(i, "AS")) {
            return -1;
        }
        i++;
        if (t.isWord(i, "NOT")) {
            i++;
        }
        if (t.isWord(i, "MATERIALIZED")) {
            i++;
        }
        return t.is(i, Token.Type.LPAREN) && i < to ? i + 1 : -1;
    }

    private static Analysis body(Classifier c, int from, int close) {
        String first = c.t.is(from, Token.Type.LPAREN) ? "SELECT" : c.t.word(from);
        if (!BODY_STARTS.contains(first)) {
            return null;
        }
        Analysis part = c.classify(from, close);
        return part.kind == StatementKind.READ || part.kind == StatementKind.DML ? part : null;
    }

    private static int skipSearchAndCycle(TokenList t, int i, int to) {
        while (i < to && (t.isWord(i, "SEARCH") || t.isWord(i, "CYCLE"))) {
            i++;
            while (i < to && !t.is(i, Token.Type.COMMA) && !MAIN_STARTS.contains(t.word(i))) {
                i++;
            }
        }
        return i;
    }

    private static Analysis main(Classifier c, int i, int to, Analysis parts, boolean writable) {
        boolean query = MAIN_STARTS.contains(c.t.word(i)) || c.t.is(i, Token.Type.LPAREN);
        if (!query) {
            return Analysis.unknown("WITH", "WITH must be followed by SELECT, INSERT, UPDATE, DELETE or MERGE");
        }
        Analysis main = c.classify(i, to);
        if (main.kind == StatementKind.UNKNOWN || main.kind == StatementKind.SESSION) {
            return main;
        }
        Analysis a = Analysis.of(
                writable && main.kind == StatementKind.READ ? StatementKind.DML : main.kind, "WITH … " + main.command);
        a.hasWhere = main.hasWhere;
        a.returning = main.returning;
        a.absorb(parts).absorb(main);
        if (writable) {
            a.effect(SideEffect.from(
                    Mode.READWRITE,
                    "a data-modifying statement inside WITH (writable CTE)" + " changes data",
                    ErrorCode.READ_ONLY));
        }
        return a;
    }
}
