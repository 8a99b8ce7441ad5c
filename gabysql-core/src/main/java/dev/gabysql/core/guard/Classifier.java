package dev.gabysql.core.guard;

import dev.gabysql.core.error.ErrorCode;

/**
 * Maps the tokens of one statement (or a part of one: a CTE body, the statement under EXPLAIN) to an
 * {@link Analysis}, dispatching on the leading word to small per-statement classifiers. Whatever it does not
 * recognise is UNKNOWN (fail closed). One instance per inspected statement; not thread-safe.
 */
final class Classifier {
    final TokenList t;
    final Flavor flavor;

    Classifier(TokenList t, Flavor flavor) {
        this.t = t;
        this.flavor = flavor;
    }

    /** Classifies the tokens [from, to) as one statement. */
    Analysis classify(int from, int to) {
        if (from >= to) {
            return Analysis.unknown("", "a statement is missing");
        }
        if (t.is(from, Token.Type.LPAREN)) {
            return Reads.parenthesized(this, from, to);
        }
        String first = t.word(from);
        if (first.isEmpty()) {
            return Analysis.unknown(
                    t.get(from).text(),
                    "a statement cannot start with `" + t.get(from).text() + "`");
        }
        Analysis a = dispatch(first, from, to);
        if (a.kind == StatementKind.DDL && flavor.ddlCommitsImplicitly()) {
            a.nonTransactional();
        }
        return a;
    }

    private Analysis dispatch(String first, int from, int to) {
        switch (first) {
            case "SELECT":
                return Reads.select(this, from, to);
            case "WITH":
                return Ctes.classify(this, from, to);
            case "INSERT":
            case "UPDATE":
            case "DELETE":
            case "MERGE":
            case "REPLACE":
                return Writes.classify(this, from, to);
            case "EXPLAIN":
            case "DESCRIBE":
            case "DESC":
                return Explains.classify(this, from, to);
            case "CREATE":
            case "ALTER":
            case "DROP":
                return Ddl.classify(this, from, to);
            case "SET":
                return set(from);
            case "START":
                return start(from);
            case "PREPARE":
                return prepare(from);
            case "ANALYZE":
            case "ANALYSE":
                return analyze(from, to);
            case "PRAGMA":
                return Commands.has("PRAGMA", flavor.id()) ? SqlitePragmas.classify(t, from, to) : notHere("PRAGMA");
            case "DELIMITER":
                throw Refusals.unclassifiable("`DELIMITER` is a command of the mysql client, not SQL;"
                        + " send one statement per call without it.");
            default:
                return Maintenance.classify(this, first, from, to);
        }
    }

    /** SET TRANSACTION / SET SESSION CHARACTERISTICS / SET autocommit are transaction control; the rest session. */
    private Analysis set(int from) {
        int i = from + 1;
        if (t.isWord(i, "SESSION") || t.isWord(i, "LOCAL") || t.isWord(i, "GLOBAL")) {
            i++;
        }
        String next = t.word(i);
        if (next.equals("TRANSACTION")
                || next.equals("CHARACTERISTICS")
                || next.equals("AUTOCOMMIT")
                || next.equals("CONSTRAINTS")) {
            return Analysis.of(StatementKind.TRANSACTION_CONTROL, "SET " + next);
        }
        return Analysis.of(StatementKind.SESSION, next.isEmpty() ? "SET" : "SET " + next);
    }

    private Analysis start(int from) {
        if (t.isWord(from + 1, "TRANSACTION")) {
            return Analysis.of(StatementKind.TRANSACTION_CONTROL, "START TRANSACTION");
        }
        Commands.Rule rule = Commands.lookup("START", flavor.id());
        return rule == null ? notHere("START") : rule.apply("START " + t.word(from + 1));
    }

    private Analysis prepare(int from) {
        if (t.isWord(from + 1, "TRANSACTION")) {
            return Analysis.of(StatementKind.TRANSACTION_CONTROL, "PREPARE TRANSACTION");
        }
        return Analysis.of(StatementKind.UTILITY, "PREPARE")
                .effect(SideEffect.never(
                        "prepared statements live in" + " the session and run SQL the guard did not see",
                        ErrorCode.SESSION_CHANGE));
    }

    /** ANALYZE gathers statistics (admin); MariaDB's ANALYZE SELECT … runs the statement like EXPLAIN ANALYZE. */
    private Analysis analyze(int from, int to) {
        if (flavor.analyzeRunsStatement()
                && !t.isWord(from + 1, "TABLE")
                && !t.isWord(from + 1, "NO_WRITE_TO_BINLOG")
                && !t.isWord(from + 1, "LOCAL")) {
            return Explains.classify(this, from, to);
        }
        Commands.Rule rule = Commands.lookup("ANALYZE", flavor.id());
        return rule == null ? notHere("ANALYZE") : rule.apply("ANALYZE");
    }

    Analysis notHere(String command) {
        return Analysis.unknown(
                command,
                "`" + command + "` is not a statement the guard knows in "
                        + flavor.id().name().toLowerCase(java.util.Locale.ROOT));
    }
}
