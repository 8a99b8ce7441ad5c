package dev.gabysql.core.service;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The state of a MariaDB database that a preview must leave as it found it, read as the server's admin outside
 * gabysql. {@code information_schema.TABLES.AUTO_INCREMENT} is read live from the engine on MariaDB (no statistics
 * cache as MySQL 8's {@code information_schema_stats_expiry}): a rolled-back InnoDB insert shows there at once, so
 * no ANALYZE (which would itself change the state) is needed to read it. Sequences are created NOCACHE by the
 * fixture, so that their rows show every NEXTVAL.
 */
final class MariaDbState {
    private static final String[] GLOBALS = {
        "max_connections",
        "general_log",
        "slow_query_log",
        "read_only",
        "event_scheduler",
        "sql_mode",
        "max_allowed_packet",
        "wait_timeout",
        "local_infile",
        "innodb_stats_auto_recalc",
        "log_bin_trust_function_creators"
    };

    private MariaDbState() {}

    /**
     * @param adminUrl the admin's URL pointed at the fixture database
     * @param user     the fixture's own user (the one gabysql connects as)
     */
    static String read(String adminUrl, String user, Victims victims, Path dir) {
        try (Connection c = DriverManager.getConnection(adminUrl)) {
            StateLines s = new StateLines();
            s.rows(
                    c,
                    "table",
                    "SELECT CONCAT_WS(' ', TABLE_NAME, TABLE_TYPE, ENGINE, CONCAT('auto_increment=',"
                            + " COALESCE(AUTO_INCREMENT, '-')), CONCAT('created=', COALESCE(CREATE_TIME, '-')),"
                            + " CONCAT('updated=', COALESCE(UPDATE_TIME, '-')), CONCAT('checked=',"
                            + " COALESCE(CHECK_TIME, '-')), CREATE_OPTIONS) FROM information_schema.TABLES"
                            + " WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME");
            for (String table : StateLines.column(
                    c,
                    "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                            + " AND TABLE_TYPE IN ('BASE TABLE', 'SEQUENCE') ORDER BY TABLE_NAME")) {
                s.table(c, table, "`" + table.replace("`", "``") + "`");
            }
            schema(c, s);
            statistics(c, s);
            server(c, s, user);
            sessions(c, s, victims);
            s.files(dir, name -> false);
            return s.toString();
        } catch (SQLException e) {
            throw new IllegalStateException("Unable to read the state: " + e.getMessage(), e);
        }
    }

    private static void schema(Connection c, StateLines s) {
        s.rows(
                c,
                "column",
                "SELECT CONCAT_WS(' ', TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, COALESCE(COLUMN_DEFAULT, '-'), EXTRA)"
                        + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()"
                        + " ORDER BY TABLE_NAME, ORDINAL_POSITION");
        s.rows(
                c,
                "index",
                "SELECT CONCAT_WS(' ', TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME) FROM"
                        + " information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1");
        s.rows(
                c,
                "trigger",
                "SELECT CONCAT_WS(' ', TRIGGER_NAME, ACTION_TIMING, EVENT_MANIPULATION, EVENT_OBJECT_TABLE,"
                        + " MD5(ACTION_STATEMENT)) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()"
                        + " ORDER BY 1");
        s.rows(
                c,
                "routine",
                "SELECT CONCAT_WS(' ', ROUTINE_TYPE, ROUTINE_NAME, MD5(ROUTINE_DEFINITION)) FROM"
                        + " information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() ORDER BY 1");
        s.rows(
                c,
                "event",
                "SELECT CONCAT_WS(' ', EVENT_NAME, STATUS) FROM information_schema.EVENTS"
                        + " WHERE EVENT_SCHEMA = DATABASE() ORDER BY 1");
        s.rows(
                c,
                "view",
                "SELECT CONCAT_WS(' ', TABLE_NAME, MD5(VIEW_DEFINITION)) FROM information_schema.VIEWS"
                        + " WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1");
        s.rows(
                c,
                "databases named evil",
                "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'evil%'");
    }

    /** Persistent statistics: only ANALYZE (and OPTIMIZE) write them; the fixture stamps them with a fixed time. */
    private static void statistics(Connection c, StateLines s) {
        s.rows(
                c,
                "innodb table statistics",
                "SELECT CONCAT_WS(' ', table_name, n_rows, last_update) FROM mysql.innodb_table_stats"
                        + " WHERE database_name = DATABASE() ORDER BY 1");
        s.rows(
                c,
                "innodb index statistics",
                "SELECT CONCAT_WS(' ', table_name, index_name, stat_name, stat_value, last_update) FROM"
                        + " mysql.innodb_index_stats WHERE database_name = DATABASE() ORDER BY 1");
        s.rows(
                c,
                "engine-independent statistics",
                "SELECT CONCAT_WS(' ', table_name, cardinality) FROM mysql.table_stats WHERE db_name = DATABASE()"
                        + " ORDER BY 1");
        s.rows(c, "column statistics", "SELECT COUNT(*) FROM mysql.column_stats WHERE db_name = DATABASE()");
    }

    private static void server(Connection c, StateLines s, String user) {
        StringBuilder globals = new StringBuilder("SELECT CONCAT_WS(' '");
        for (String g : GLOBALS) {
            globals.append(", CONCAT('")
                    .append(g)
                    .append("=', @@GLOBAL.")
                    .append(g)
                    .append(')');
        }
        s.rows(c, "global variables", globals.append(')').toString());
        // other tests' fixtures create their own gaby_… users meanwhile: those are not this database's state
        s.rows(
                c,
                "user",
                "SELECT CONCAT(User, '@', Host, ' ', MD5(Priv)) FROM mysql.global_priv"
                        + " WHERE User NOT LIKE 'gaby\\_%' OR User = '" + user + "' ORDER BY 1");
        s.rows(
                c,
                "database grant",
                "SELECT CONCAT_WS(' ', User, Host, Select_priv, Insert_priv, Drop_priv, Grant_priv) FROM mysql.db"
                        + " WHERE Db = DATABASE() ORDER BY 1");
        s.rows(
                c,
                "plugins",
                "SELECT CONCAT(COUNT(*), ' ', MD5(GROUP_CONCAT(PLUGIN_NAME, PLUGIN_STATUS ORDER BY PLUGIN_NAME)))"
                        + " FROM information_schema.PLUGINS");
        s.rows(
                c,
                "user locks held",
                "SELECT CONCAT('gaby=', IS_USED_LOCK('gaby') IS NOT NULL, ' x=', IS_USED_LOCK('x') IS NOT NULL)");
    }

    private static void sessions(Connection c, StateLines s, Victims victims) {
        s.line("idle victim answers", victims.idleAnswers());
        s.line("busy victim", victims.busySleeps());
        s.rows(
                c,
                "idle victim in the process list",
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = " + victims.idlePid);
        s.rows(
                c,
                "busy victim in the process list",
                "SELECT CONCAT_WS(' ', COMMAND, INFO) FROM information_schema.PROCESSLIST WHERE ID = "
                        + victims.busyPid);
    }
}
