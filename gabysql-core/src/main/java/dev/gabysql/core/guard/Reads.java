package dev.gabysql.core.guard;

import dev.gabysql.core.error.ErrorCode;
import java.util.Set;

/** SELECT and parenthesised queries, including the one thing that turns a SELECT into something else: INTO. */
final class Reads {
    /** What may stand first inside the parentheses of a parenthesised query. */
    private static final Set<String> QUERY_STARTS = Set.of("SELECT", "VALUES", "WITH", "TABLE");

    private Reads() {}

    static Analysis select(Classifier c, int from, int to) {
        return into(c, from, to, Analysis.of(StatementKind.READ, "SELECT"));
    }

    /** (SELECT …) UNION (SELECT …) and the like. */
    static Analysis parenthesized(Classifier c, int from, int to) {
        int first = from;
        while (c.t.is(first, Token.Type.LPAREN)) {
            first++;
        }
        if (!QUERY_STARTS.contains(c.t.word(first))) {
            return Analysis.unknown("(", "only a query may stand in parentheses at the start of a statement");
        }
        if (c.t.isWord(first, "WITH")) {
            Analysis inner = Ctes.classify(c, first, c.t.partner(first - 1));
            if (inner.kind != StatementKind.READ) {
                return Analysis.unknown("(", "a data-modifying WITH inside parentheses");
            }
        }
        return into(c, from, to, Analysis.of(StatementKind.READ, "SELECT"));
    }

    /**
     * SELECT … INTO: PostgreSQL creates a table (DDL; a temporary one outlives the call), MariaDB writes a file
     * or assigns user variables (never). Anywhere else INTO has no business in a query.
     */
    private static Analysis into(Classifier c, int from, int to, Analysis read) {
        int i = c.t.findWord(from, to, "INTO");
        if (i < 0) {
            return read;
        }
        if (c.flavor.selectIntoCreatesTable() && c.t.depth(i) == c.t.depth(from)) {
            return intoTable(c.t, i);
        }
        if (c.flavor.selectIntoWritesFileOrVariables()) {
            return intoFileOrVariables(c.t, i, read);
        }
        return Analysis.unknown("SELECT INTO", "`SELECT … INTO` is not a query");
    }

    private static Analysis intoTable(TokenList t, int into) {
        String next = t.word(into + 1);
        if (next.equals("TEMP") || next.equals("TEMPORARY")) {
            return Analysis.of(StatementKind.SESSION, "SELECT INTO TEMPORARY")
                    .effect(SideEffect.never(
                            "a temporary table outlives the call on a pooled connection", ErrorCode.SESSION_CHANGE));
        }
        int name = next.equals("UNLOGGED") || next.equals("TABLE") ? into + 2 : into + 1;
        Analysis a = Analysis.of(StatementKind.DDL, "SELECT INTO");
        a.writes(
                t.is(name, Token.Type.WORD) || t.is(name, Token.Type.IDENT)
                        ? t.get(name).text()
                        : null);
        return a.effect(SideEffect.from(
                dev.gabysql.core.api.Mode.ADMIN, "`SELECT … INTO` creates a table", ErrorCode.READ_ONLY));
    }

    private static Analysis intoFileOrVariables(TokenList t, int into, Analysis read) {
        String next = t.word(into + 1);
        if (next.equals("OUTFILE") || next.equals("DUMPFILE")) {
            return read.effect(SideEffect.never(
                    "`INTO " + next + "` writes a file on the database server", ErrorCode.SIDE_EFFECT));
        }
        if (t.is(into + 1, Token.Type.PARAM)) {
            return read.effect(
                    SideEffect.never("`SELECT … INTO @variable` assigns session variables", ErrorCode.SESSION_CHANGE));
        }
        return Analysis.unknown("SELECT INTO", "`SELECT … INTO` outside a stored program");
    }
}
