package dev.gabysql.core.guard;

import java.util.Set;

/**
 * INSERT, UPDATE, DELETE, MERGE and REPLACE: which table they write, whether an UPDATE or DELETE has a WHERE
 * at its own level (one inside a subquery does not count), and whether they return rows.
 */
final class Writes {
    /** Words between the verb and the target table that are not the table. */
    private static final Set<String> MODIFIERS = Set.of(
            "INTO",
            "ONLY",
            "IGNORE",
            "LOW_PRIORITY",
            "HIGH_PRIORITY",
            "DELAYED",
            "QUICK",
            "FROM",
            "OR",
            "ROLLBACK",
            "ABORT",
            "REPLACE",
            "FAIL");

    private Writes() {}

    static Analysis classify(Classifier c, int from, int to) {
        TokenList t = c.t;
        String verb = t.word(from);
        if ((verb.equals("REPLACE") || verb.equals("MERGE")) && !Commands.has(verb, c.flavor.id())) {
            return c.notHere(verb);
        }
        Analysis a = Analysis.of(StatementKind.DML, verb);
        a.writes(target(t, from, to));
        a.returning = t.findWordAtDepth(from, to, "RETURNING") >= 0;
        if (verb.equals("UPDATE") || verb.equals("DELETE")) {
            a.hasWhere = t.findWordAtDepth(from, to, "WHERE") >= 0;
            a.unboundedWrite = !a.hasWhere;
            a.rowSelection = verb.equals("UPDATE") ? updatedRows(t, from, to) : deletedRows(t, from, to);
        }
        return a;
    }

    /**
     * {@code SELECT * FROM t [alias] WHERE …} for a single-table {@code UPDATE t [alias] SET … WHERE …}: the rows it
     * is about to change, for engines without RETURNING. Null for several tables or an UPDATE … FROM.
     */
    private static RowSelection updatedRows(TokenList t, int from, int to) {
        int target = skipModifiers(t, from + 1, to);
        int set = t.findWordAtDepth(from, to, "SET");
        if (set < 0 || target >= set || t.listsTables(target, set)) {
            return null;
        }
        int where = t.findWordAtDepth(from, to, "WHERE");
        int restStart = where < 0 ? to : where;
        if (t.findWordAtDepth(set, restStart, "FROM") >= 0) {
            return null;
        }
        String rest = where < 0 ? "" : " " + t.text(where, to);
        return new RowSelection("SELECT * FROM " + t.text(target, set) + rest, t.placeholders(set, restStart));
    }

    /** {@code SELECT * FROM t …} for a single-table {@code DELETE FROM t …}; null for the multi-table forms. */
    private static RowSelection deletedRows(TokenList t, int from, int to) {
        int i = from + 1;
        while (i < to && !t.isWord(i, "FROM") && MODIFIERS.contains(t.word(i))) {
            i++;
        }
        if (!t.isWord(i, "FROM")) {
            return null; // DELETE t1, t2 FROM …
        }
        int target = i + 1;
        int where = t.findWordAtDepth(from, to, "WHERE");
        int tablesEnd = where < 0 ? to : where;
        if (t.listsTables(target, tablesEnd) || t.findWordAtDepth(target, tablesEnd, "USING") >= 0) {
            return null;
        }
        return new RowSelection("SELECT * FROM " + t.text(target, to), 0);
    }

    private static int skipModifiers(TokenList t, int i, int to) {
        while (i < to && MODIFIERS.contains(t.word(i))) {
            i++;
        }
        return i;
    }

    /** The target table's name as written (qualified names joined with '.'), or null when not found. */
    private static String target(TokenList t, int from, int to) {
        // MariaDB's multi-table DELETE t1, t2 FROM …: the first target comes before FROM
        int i = from + 1;
        while (i < to && MODIFIERS.contains(t.word(i))) {
            i++;
        }
        return qualifiedName(t, i, to);
    }

    private static String qualifiedName(TokenList t, int i, int to) {
        if (i >= to || !t.get(i).isName()) {
            return null;
        }
        StringBuilder name = new StringBuilder(t.nameAsWritten(i));
        while (i + 2 < to && t.is(i + 1, Token.Type.DOT) && t.get(i + 2).isName()) {
            name.append('.').append(t.nameAsWritten(i + 2));
            i += 2;
        }
        return name.toString();
    }
}
