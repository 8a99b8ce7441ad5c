package dev.gabysql.core.guard;

import dev.gabysql.core.error.ErrorCode;

/**
 * Statements known by their first word: the {@link Commands} table, plus the few whose details decide whether
 * they can run inside a transaction or touch files (VACUUM, REINDEX, CLUSTER, COPY).
 */
final class Maintenance {
    private Maintenance() {}

    static Analysis classify(Classifier c, String first, int from, int to) {
        switch (first) {
            case "VACUUM":
                return vacuum(c, from, to);
            case "REINDEX":
                return reindex(c, from, to);
            case "CLUSTER":
                return cluster(c, from, to);
            case "COPY":
                return copy(c, from, to);
            default:
                break;
        }
        Commands.Rule rule = Commands.lookup(first, c.flavor.id());
        return rule == null ? c.notHere(first) : rule.apply(commandWords(c.t, from, first));
    }

    /** "START TRANSACTION", "LOCK TABLES": the first word and, when it is a keyword of the command, the second. */
    private static String commandWords(TokenList t, int from, String first) {
        String second = t.word(from + 1);
        switch (first + " " + second) {
            case "SECURITY LABEL":
            case "IMPORT FOREIGN":
            case "REASSIGN OWNED":
            case "REFRESH MATERIALIZED":
            case "COMMENT ON":
            case "CHECK TABLE":
            case "OPTIMIZE TABLE":
            case "REPAIR TABLE":
            case "FLUSH TABLES":
            case "INSTALL PLUGIN":
            case "INSTALL SONAME":
            case "UNLOCK TABLES":
            case "CHECKSUM TABLE":
            case "ROLLBACK PREPARED":
            case "COMMIT PREPARED":
            case "ROLLBACK TO":
            case "BEGIN TRANSACTION":
            case "END TRANSACTION":
                return first + " " + second;
            default:
                return first;
        }
    }

    /** PostgreSQL and SQLite VACUUM cannot run in a transaction; SQLite's VACUUM INTO writes a new file. */
    private static Analysis vacuum(Classifier c, int from, int to) {
        if (c.flavor.vacuumIntoWritesFile() && c.t.findWord(from, to, "INTO") >= 0) {
            return Analysis.of(StatementKind.UTILITY, "VACUUM INTO")
                    .effect(SideEffect.never(
                            "`VACUUM INTO` writes a copy of the database to a file", ErrorCode.SIDE_EFFECT));
        }
        if (!Commands.has("VACUUM", c.flavor.id())) {
            return c.notHere("VACUUM");
        }
        return Analysis.of(StatementKind.UTILITY, "VACUUM").nonTransactional();
    }

    private static Analysis reindex(Classifier c, int from, int to) {
        if (!Commands.has("REINDEX", c.flavor.id())) {
            return c.notHere("REINDEX");
        }
        Analysis a = Analysis.of(StatementKind.UTILITY, "REINDEX");
        // PostgreSQL: REINDEX … CONCURRENTLY, REINDEX DATABASE and REINDEX SYSTEM refuse a transaction block
        boolean outside = c.flavor.someStatementsRefuseTransactionBlock()
                && (c.t.findWord(from, to, "CONCURRENTLY") >= 0
                        || c.t.findWordAtDepth(from, to, "DATABASE") >= 0
                        || c.t.findWordAtDepth(from, to, "SYSTEM") >= 0);
        return outside ? a.nonTransactional() : a;
    }

    /** CLUSTER without a table reclusters every table and refuses a transaction block. */
    private static Analysis cluster(Classifier c, int from, int to) {
        if (!Commands.has("CLUSTER", c.flavor.id())) {
            return c.notHere("CLUSTER");
        }
        Analysis a = Analysis.of(StatementKind.UTILITY, "CLUSTER");
        for (int i = from + 1; i < to; i++) {
            if (c.t.depth(i) == c.t.depth(from) && c.t.get(i).isName() && !c.t.isWord(i, "VERBOSE")) {
                return a;
            }
        }
        return a.nonTransactional();
    }

    /** COPY reads or writes server files or programs, or needs the copy protocol: never through gabysql. */
    private static Analysis copy(Classifier c, int from, int to) {
        if (!Commands.has("COPY", c.flavor.id())) {
            return c.notHere("COPY");
        }
        Analysis a = Analysis.of(StatementKind.UTILITY, "COPY");
        if (c.t.findWord(from, to, "PROGRAM") >= 0 || copiesAFile(c.t, from, to)) {
            return a.effect(SideEffect.never(
                    "`COPY` with a file or PROGRAM reads or writes the database server's"
                            + " file system or runs a command there",
                    ErrorCode.SIDE_EFFECT));
        }
        return a.effect(SideEffect.never(
                "`COPY` needs the copy protocol; read with SELECT, write with INSERT", ErrorCode.SIDE_EFFECT));
    }

    private static boolean copiesAFile(TokenList t, int from, int to) {
        for (int i = from; i + 1 < to; i++) {
            if ((t.isWord(i, "FROM") || t.isWord(i, "TO"))
                    && t.depth(i) == t.depth(from)
                    && t.is(i + 1, Token.Type.STRING)) {
                return true;
            }
        }
        return false;
    }
}
