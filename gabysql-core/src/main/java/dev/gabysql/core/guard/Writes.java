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
        }
        return a;
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
