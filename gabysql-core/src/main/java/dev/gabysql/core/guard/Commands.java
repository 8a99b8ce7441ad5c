package dev.gabysql.core.guard;

import static dev.gabysql.core.guard.SqlFlavor.GENERIC;
import static dev.gabysql.core.guard.SqlFlavor.MARIADB;
import static dev.gabysql.core.guard.SqlFlavor.POSTGRESQL;
import static dev.gabysql.core.guard.SqlFlavor.SQLITE;

import dev.gabysql.core.error.ErrorCode;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Statements recognised by their first word alone, one commented table per flavour: transaction control, session
 * changes, maintenance and the commands no mode may run. Statements whose meaning depends on what follows (SELECT,
 * WITH, DML, DDL, EXPLAIN, SET, PRAGMA, COPY, VACUUM, …) are handled by the classifier's own methods; for those
 * that only some flavours have, the table says which ({@link #has}).
 */
final class Commands {

    /** What a first word means; {@code name}, when set, is the command's name whatever words follow. */
    record Rule(StatementKind kind, SideEffect effect, boolean transactional, String name, String noPreview) {
        Rule(StatementKind kind, SideEffect effect, boolean transactional, String name) {
            this(kind, effect, transactional, name, null);
        }

        Analysis apply(String command) {
            Analysis a = Analysis.of(kind, name == null ? command : name).noPreview(noPreview);
            if (effect != null) {
                a.effect(effect);
            }
            return transactional ? a : a.nonTransactional();
        }
    }

    private static final EnumSet<SqlFlavor> ALL = EnumSet.allOf(SqlFlavor.class);
    private static final EnumSet<SqlFlavor> PG = EnumSet.of(POSTGRESQL);
    private static final EnumSet<SqlFlavor> MARIA = EnumSet.of(MARIADB);
    private static final EnumSet<SqlFlavor> PG_MARIA = EnumSet.of(POSTGRESQL, MARIADB);
    private static final SideEffect TABLE_LOCKS =
            SideEffect.never("table locks are held by the session beyond the call", ErrorCode.SESSION_CHANGE);
    private static final Map<String, Rule> RULES = new HashMap<>();
    private static final Map<String, EnumSet<SqlFlavor>> CLASSIFIED_FURTHER = new HashMap<>();

    static {
        // gabysql owns transactions (docs/design.md#the-guard): a call runs in a transaction it begins and ends
        transaction(ALL, "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE");
        transaction(PG, "ABORT");
        transaction(MARIA, "XA");
        // session state belongs to gabysql; on a pooled connection it would leak into later calls
        session(PG_MARIA, "RESET");
        session(PG, "DISCARD");
        session(MARIA, "USE");
        never(MARIA, ErrorCode.SIDE_EFFECT, "it acts on replication", "START"); // START SLAVE/REPLICA; not TRANSACTION
        never(
                PG_MARIA,
                ErrorCode.SESSION_CHANGE,
                "prepared statements live in the session and run SQL the guard" + " did not see",
                "EXECUTE",
                "DEALLOCATE");
        never(PG, ErrorCode.SESSION_CHANGE, "cursors live in the session", "DECLARE", "FETCH", "MOVE", "CLOSE");
        never(PG, ErrorCode.SESSION_CHANGE, "LISTEN state lives in the session", "LISTEN", "UNLISTEN");
        never(MARIA, ErrorCode.SESSION_CHANGE, "HANDLER keeps a table open in the session", "HANDLER");
        never(MARIA, ErrorCode.SESSION_CHANGE, "table locks are held by the session beyond the call", "UNLOCK");
        put(MARIA, new Rule(StatementKind.UTILITY, TABLE_LOCKS, true, "LOCK TABLES"), "LOCK");
        // code the guard cannot inspect
        never(PG, ErrorCode.SIDE_EFFECT, "DO runs an anonymous code block the guard cannot inspect", "DO");
        never(MARIA, ErrorCode.SIDE_EFFECT, "DO evaluates expressions for their side effects; use SELECT", "DO");
        // files, libraries, the OS, the server process and replication
        never(PG_MARIA, ErrorCode.SIDE_EFFECT, "LOAD reads files on the database server", "LOAD");
        never(
                EnumSet.of(SQLITE, GENERIC),
                ErrorCode.SIDE_EFFECT,
                "ATTACH/DETACH opens another database file",
                "ATTACH",
                "DETACH");
        never(
                MARIA,
                ErrorCode.SIDE_EFFECT,
                "it acts on the server process, plugins, logs or replication",
                "FLUSH",
                "KILL",
                "INSTALL",
                "UNINSTALL",
                "SHUTDOWN",
                "RESTART",
                "PURGE",
                "CHANGE",
                "BINLOG",
                "CACHE",
                "BACKUP",
                "STOP");
        // maintenance: admin
        admin(PG, true, "REFRESH", "NOTIFY");
        unrehearsable(PG, "it forces a checkpoint, which no rollback undoes", "CHECKPOINT");
        unrehearsable(PG, "it runs a procedure whose code the guard cannot see (and which may commit)", "CALL");
        admin(MARIA, false, "CALL", "OPTIMIZE", "REPAIR", "CHECK");
        admin(PG, true, "LOCK"); // a PostgreSQL lock ends with the call's transaction
        // ANALYZE (and ANALYSE) gathers statistics; MariaDB's ANALYZE TABLE commits implicitly like CHECK TABLE
        // PostgreSQL updates the statistics counters in place, which no rollback undoes; SQLite's sqlite_stat1 rolls
        // back
        unrehearsable(
                PG,
                "it updates the planner statistics and their counters in place, which no rollback undoes",
                "ANALYZE");
        admin(EnumSet.of(SQLITE), true, "ANALYZE");
        admin(MARIA, false, "ANALYZE");
        // statements that only read
        read(PG_MARIA, "SHOW");
        read(EnumSet.of(GENERIC), "SHOW");
        read(EnumSet.of(POSTGRESQL, MARIADB, GENERIC), "TABLE");
        read(ALL, "VALUES");
        read(MARIA, "CHECKSUM");
        // DDL whose first word says it all (CREATE/ALTER/DROP are classified further)
        ddl(EnumSet.of(POSTGRESQL, MARIADB, GENERIC), "TRUNCATE", "COMMENT", "GRANT", "REVOKE");
        ddl(PG, "SECURITY", "IMPORT", "REASSIGN");
        ddl(MARIA, "RENAME");
        // statements the classifier reads further, known only in the flavours that have them
        classifiedFurther(EnumSet.of(SQLITE), "PRAGMA");
        classifiedFurther(EnumSet.of(POSTGRESQL, SQLITE), "VACUUM", "REINDEX");
        classifiedFurther(PG, "CLUSTER", "COPY");
        classifiedFurther(EnumSet.of(SQLITE, MARIADB), "REPLACE");
        classifiedFurther(EnumSet.of(POSTGRESQL, GENERIC), "MERGE");
        classifiedFurther(EnumSet.of(MARIADB, GENERIC), "DESCRIBE", "DESC");
    }

    private Commands() {}

    /** The rule of a first word in a flavour, or null. */
    static Rule lookup(String firstWord, SqlFlavor flavor) {
        return RULES.get(firstWord + "/" + flavor);
    }

    /** Whether a statement the classifier reads further (PRAGMA, VACUUM, MERGE, …) exists in a flavour. */
    static boolean has(String firstWord, SqlFlavor flavor) {
        EnumSet<SqlFlavor> flavors = CLASSIFIED_FURTHER.get(firstWord);
        return flavors != null && flavors.contains(flavor);
    }

    private static void classifiedFurther(EnumSet<SqlFlavor> flavors, String... words) {
        for (String w : words) {
            CLASSIFIED_FURTHER.put(w, flavors);
        }
    }

    private static void put(EnumSet<SqlFlavor> flavors, Rule rule, String... words) {
        for (String w : words) {
            for (SqlFlavor f : flavors) {
                RULES.put(w + "/" + f, rule);
            }
        }
    }

    private static void transaction(EnumSet<SqlFlavor> flavors, String... words) {
        put(flavors, new Rule(StatementKind.TRANSACTION_CONTROL, null, true, null), words);
    }

    private static void session(EnumSet<SqlFlavor> flavors, String... words) {
        put(flavors, new Rule(StatementKind.SESSION, null, true, null), words);
    }

    private static void never(EnumSet<SqlFlavor> flavors, ErrorCode code, String why, String... words) {
        put(flavors, new Rule(StatementKind.UTILITY, SideEffect.never(why, code), true, null), words);
    }

    private static void admin(EnumSet<SqlFlavor> flavors, boolean transactional, String... words) {
        put(flavors, new Rule(StatementKind.UTILITY, null, transactional, null), words);
    }

    /** Admin maintenance that runs in a transaction but leaves something behind the rollback: no preview. */
    private static void unrehearsable(EnumSet<SqlFlavor> flavors, String why, String... words) {
        put(flavors, new Rule(StatementKind.UTILITY, null, true, null, why), words);
    }

    private static void read(EnumSet<SqlFlavor> flavors, String... words) {
        put(flavors, new Rule(StatementKind.READ, null, true, null), words);
    }

    private static void ddl(EnumSet<SqlFlavor> flavors, String... words) {
        put(flavors, new Rule(StatementKind.DDL, null, true, null), words);
    }
}
