package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import java.util.Set;

/**
 * EXPLAIN (and MariaDB's DESCRIBE/DESC and ANALYZE <statement>). Without ANALYZE the statement is only planned:
 * a read, whatever it is. With ANALYZE it runs: the result is the statement's own kind plus an effect saying so,
 * which readonly refuses. Any spelling of ANALYZE that is not plainly switched off counts (fail closed).
 */
final class Explains {
    private static final Set<String> EXPLAINABLE =
            Set.of("SELECT", "WITH", "VALUES", "TABLE", "INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE");
    private static final Set<String> FALSE_VALUES = Set.of("FALSE", "OFF", "0", "'FALSE'", "'OFF'", "'0'");

    private Explains() {}

    static Analysis classify(Classifier c, int from, int to) {
        TokenList t = c.t;
        String verb = t.word(from);
        if ((verb.equals("DESCRIBE") || verb.equals("DESC")) && !Commands.has(verb, c.flavor.id())) {
            return c.notHere(verb);
        }
        Options o = options(c.flavor.explainSyntax(), t, from, to);
        if (o.analyze) {
            return analyzed(c, o.statement, to);
        }
        if (c.flavor.explainDescribesTables() && !startsStatement(t, o.statement)) {
            return Analysis.of(StatementKind.READ, verb); // EXPLAIN tbl, DESCRIBE tbl, EXPLAIN FOR CONNECTION n
        }
        return planned(c, o.statement, to);
    }

    /** How a flavour writes EXPLAIN's options ({@link Flavor#explainSyntax()}). */
    enum Syntax {
        /** EXPLAIN [ANALYZE] [VERBOSE] stmt, or EXPLAIN (option [value], …) stmt: PostgreSQL, generic. */
        OPTION_LIST,
        /** EXPLAIN [QUERY PLAN] stmt, which never runs the statement: SQLite. */
        QUERY_PLAN,
        /** EXPLAIN|DESCRIBE [EXTENDED|PARTITIONS|ANALYZE|FORMAT=x] stmt, and ANALYZE stmt: MariaDB/MySQL. */
        KEYWORDS
    }

    private record Options(boolean analyze, int statement) {}

    private static Options options(Syntax syntax, TokenList t, int from, int to) {
        switch (syntax) {
            case QUERY_PLAN:
                return queryPlanOptions(t, from);
            case KEYWORDS:
                return keywordOptions(t, from, to);
            default:
                return optionList(t, from);
        }
    }

    private static boolean startsStatement(TokenList t, int i) {
        return EXPLAINABLE.contains(t.word(i)) || t.is(i, Token.Type.LPAREN);
    }

    private static Analysis planned(Classifier c, int i, int to) {
        if (!startsStatement(c.t, i)) {
            return Analysis.unknown("EXPLAIN", "EXPLAIN must be followed by a query or a DML statement");
        }
        Analysis inner = c.classify(i, to);
        if (inner.kind != StatementKind.READ && inner.kind != StatementKind.DML && inner.kind != StatementKind.DDL) {
            return inner;
        }
        return Analysis.of(StatementKind.READ, "EXPLAIN");
    }

    private static Analysis analyzed(Classifier c, int i, int to) {
        if (!startsStatement(c.t, i)) {
            return Analysis.unknown(
                    "EXPLAIN ANALYZE", "EXPLAIN ANALYZE must be followed by a query or a DML" + " statement");
        }
        Analysis inner = c.classify(i, to);
        Analysis a = Analysis.of(inner.kind, "EXPLAIN ANALYZE " + inner.command).absorb(inner);
        a.hasWhere = inner.hasWhere;
        return a.effect(SideEffect.from(
                Mode.READWRITE,
                "EXPLAIN ANALYZE runs the statement; use EXPLAIN without" + " ANALYZE to see the plan",
                ErrorCode.READ_ONLY));
    }

    /** EXPLAIN [ANALYZE] [VERBOSE] stmt, or EXPLAIN (option [value], …) stmt. */
    private static Options optionList(TokenList t, int from) {
        int i = from + 1;
        if (t.is(i, Token.Type.LPAREN)) {
            int close = t.partner(i);
            return new Options(analyzeInList(t, i + 1, close), close + 1);
        }
        boolean analyze = false;
        while (t.isWord(i, "ANALYZE") || t.isWord(i, "ANALYSE") || t.isWord(i, "VERBOSE")) {
            analyze |= !t.isWord(i, "VERBOSE");
            i++;
        }
        return new Options(analyze, i);
    }

    private static boolean analyzeInList(TokenList t, int from, int close) {
        for (int i = from; i < close; i++) {
            if ((t.isWord(i, "ANALYZE") || t.isWord(i, "ANALYSE")) && !switchedOff(t, i + 1, close)) {
                return true;
            }
        }
        return false;
    }

    private static boolean switchedOff(TokenList t, int value, int close) {
        if (value >= close || t.is(value, Token.Type.COMMA)) {
            return false;
        }
        boolean single = value + 1 >= close || t.is(value + 1, Token.Type.COMMA);
        return single && FALSE_VALUES.contains(t.get(value).text().toUpperCase(java.util.Locale.ROOT));
    }

    /** EXPLAIN [QUERY PLAN] stmt: SQLite never runs the statement. */
    private static Options queryPlanOptions(TokenList t, int from) {
        int i = from + 1;
        if (t.isWord(i, "QUERY") && t.isWord(i + 1, "PLAN")) {
            i += 2;
        }
        return new Options(false, i);
    }

    /** EXPLAIN|DESCRIBE [EXTENDED|PARTITIONS|ANALYZE|FORMAT=x] stmt; ANALYZE [FORMAT=x] stmt runs it. */
    private static Options keywordOptions(TokenList t, int from, int to) {
        boolean analyze = t.isWord(from, "ANALYZE");
        int i = from + 1;
        while (i < to) {
            if (t.isWord(i, "EXTENDED") || t.isWord(i, "PARTITIONS")) {
                i++;
            } else if (t.isWord(i, "ANALYZE")) {
                analyze = true;
                i++;
            } else if (t.isWord(i, "FORMAT") && t.is(i + 1, Token.Type.OPERATOR)) {
                i += 3;
            } else {
                break;
            }
        }
        return new Options(analyze, i);
    }
}
