package dev.gabysql.core.service;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The state of a PostgreSQL database that a preview must leave as it found it, read as a superuser outside gabysql.
 * Sequences are read from the sequence relations themselves ({@code last_value} and {@code is_called}):
 * {@code pg_sequences} shows NULL for a sequence never called, so it cannot tell a never-called sequence from one
 * set back with {@code setval(…, false)}.
 */
final class PostgresState {
    private static final String USER_RELATIONS = " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'";
    private static final String THIS_DB = "(SELECT oid FROM pg_database WHERE datname = current_database())";
    /** Files the traps try to write on the server's side (COPY … TO, lo_export). */
    static final String[] SERVER_FILES = {"/tmp/gaby_pwned", "/tmp/gaby_copy.txt", "/tmp/gaby_lo_export"};

    private PostgresState() {}

    static String read(String url, Victims victims, Path dir) {
        try (Connection c = DriverManager.getConnection(url)) {
            StateLines s = new StateLines();
            // relfilenode moves when a table is rewritten (VACUUM FULL, CLUSTER, TRUNCATE). relpages and reltuples
            // are left out: an index build updates them in place, even in a transaction that is rolled back, to the
            // table's true size (a legitimate preview would differ there); ANALYZE is caught by its counters below.
            s.rows(
                    c,
                    "relation",
                    "SELECT c.relkind || ' ' || CASE WHEN n.nspname LIKE 'pg_temp%' THEN 'pg_temp' ELSE n.nspname END"
                            + " || '.' || c.relname || ' filenode=' || c.relfilenode || ' persistence='"
                            + " || c.relpersistence || ' options=' || coalesce(array_to_string(c.reloptions, ','), '')"
                            + USER_RELATIONS + " ORDER BY 1");
            for (String table : StateLines.column(
                    c,
                    "SELECT format('%I.%I', n.nspname, c.relname)" + USER_RELATIONS
                            + " AND c.relkind IN ('r', 'p', 'm') AND n.nspname NOT LIKE 'pg_temp%' ORDER BY 1")) {
                s.table(c, table, table);
            }
            for (String seq : StateLines.column(
                    c,
                    "SELECT format('%I.%I', n.nspname, c.relname)" + USER_RELATIONS
                            + " AND c.relkind = 'S' ORDER BY 1")) {
                s.rows(
                        c,
                        "sequence " + seq,
                        "SELECT 'last_value=' || last_value || ' is_called=' || is_called FROM " + seq);
            }
            statistics(c, s);
            sessions(c, s, victims);
            catalog(c, s);
            files(c, s, dir);
            return s.toString();
        } catch (SQLException e) {
            throw new IllegalStateException("Unable to read the state of " + url + ": " + e.getMessage(), e);
        }
    }

    private static void statistics(Connection c, StateLines s) {
        // Not n_tup_ins, n_tup_del, n_dead_tup or n_live_tup: PostgreSQL counts the rows of every transaction, rolled
        // back ones included, there by design, so every preview moves them. The counters below move only by
        // ANALYZE, VACUUM or a reset, none of which a rollback undoes.
        s.rows(
                c,
                "table statistics",
                "SELECT relname || ' analyze=' || analyze_count || ' autoanalyze=' || autoanalyze_count || ' vacuum='"
                        + " || vacuum_count || ' autovacuum=' || autovacuum_count || ' last_analyze='"
                        + " || coalesce(last_analyze::text, '-') || ' last_vacuum=' || coalesce(last_vacuum::text, '-')"
                        + " || ' last_autoanalyze=' || coalesce(last_autoanalyze::text, '-') FROM pg_stat_user_tables"
                        + " ORDER BY relname");
        s.rows(
                c,
                "database statistics reset",
                "SELECT coalesce(stats_reset::text, 'never') FROM pg_stat_database WHERE datname = current_database()");
        s.rows(c, "bgwriter statistics reset", "SELECT coalesce(stats_reset::text, 'never') FROM pg_stat_bgwriter");
        s.rows(c, "archiver statistics reset", "SELECT coalesce(stats_reset::text, 'never') FROM pg_stat_archiver");
        s.rows(c, "wal statistics reset", "SELECT coalesce(stats_reset::text, 'never') FROM pg_stat_wal");
        s.rows(
                c,
                "slru statistics reset",
                "SELECT name || ' ' || coalesce(stats_reset::text, 'never') FROM pg_stat_slru ORDER BY name");
        s.rows(c, "configuration loaded at", "SELECT pg_conf_load_time()");
    }

    private static void sessions(Connection c, StateLines s, Victims victims) throws SQLException {
        if (victims == Victims.NONE) {
            return;
        }
        s.line("idle victim answers", victims.idleAnswers());
        s.line("idle victim notified", notifications(victims.idle()));
        s.line("busy victim", victims.busySleeps());
        s.rows(
                c,
                "idle victim in pg_stat_activity",
                "SELECT count(*) FROM pg_stat_activity WHERE pid = " + victims.idlePid);
        s.rows(
                c,
                "busy victim in pg_stat_activity",
                "SELECT state || ' ' || query FROM pg_stat_activity WHERE pid = " + victims.busyPid);
    }

    /** The notifications the idle victim (which listens) received: a preview's NOTIFY must never be delivered. */
    private static String notifications(Connection idle) {
        try {
            PGNotification[] got = idle.unwrap(PGConnection.class).getNotifications();
            return got == null || got.length == 0
                    ? "nothing"
                    : got.length + " notifications, first " + got[0].getName();
        } catch (SQLException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
    }

    private static void catalog(Connection c, StateLines s) {
        s.rows(
                c,
                "role",
                "SELECT rolname || ' super=' || rolsuper || ' login=' || rolcanlogin || ' createrole=' || rolcreaterole"
                        + " || ' createdb=' || rolcreatedb || ' replication=' || rolreplication || ' bypassrls='"
                        + " || rolbypassrls || ' connlimit=' || rolconnlimit FROM pg_roles ORDER BY 1");
        s.rows(
                c,
                "role setting",
                "SELECT coalesce(d.datname, '*') || ' ' || coalesce(r.rolname, '*') || ' '"
                        + " || array_to_string(s.setconfig, ',') FROM pg_db_role_setting s"
                        + " LEFT JOIN pg_database d ON d.oid = s.setdatabase LEFT JOIN pg_roles r ON r.oid = s.setrole"
                        + " WHERE s.setdatabase IN (0, " + THIS_DB + ") ORDER BY 1");
        s.rows(c, "extension", "SELECT extname || ' ' || extversion FROM pg_extension ORDER BY 1");
        s.rows(
                c,
                "large object",
                "SELECT m.oid || ' ' || coalesce((SELECT md5(string_agg(l.data, ''::bytea ORDER BY l.pageno))"
                        + " FROM pg_largeobject l WHERE l.loid = m.oid), 'empty') FROM pg_largeobject_metadata m"
                        + " ORDER BY m.oid");
        s.rows(
                c,
                "advisory lock",
                "SELECT classid || ':' || objid || ' ' || mode || ' granted=' || granted FROM pg_locks"
                        + " WHERE locktype = 'advisory' AND database = " + THIS_DB + " ORDER BY 1");
        s.rows(c, "prepared transaction", "SELECT gid FROM pg_prepared_xacts ORDER BY 1");
        s.rows(c, "replication slot", "SELECT slot_name FROM pg_replication_slots ORDER BY 1");
        s.rows(
                c,
                "function",
                "SELECT p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, '')) FROM pg_proc p"
                        + " JOIN pg_namespace n ON n.oid = p.pronamespace"
                        + " WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1");
        s.rows(
                c,
                "trigger",
                "SELECT tgrelid::regclass || '.' || tgname || ' enabled=' || tgenabled FROM pg_trigger"
                        + " WHERE NOT tgisinternal ORDER BY 1");
        s.rows(c, "databases named evil", "SELECT count(*) FROM pg_database WHERE datname LIKE 'evil%'");
        s.rows(
                c,
                "postgresql.auto.conf",
                "SELECT name || '=' || setting FROM pg_file_settings WHERE sourcefile LIKE '%postgresql.auto.conf'"
                        + " ORDER BY 1");
    }

    private static void files(Connection c, StateLines s, Path dir) {
        s.rows(c, "current log file", "SELECT coalesce(pg_current_logfile(), 'none')");
        s.rows(c, "log files", "SELECT count(*) FROM pg_ls_logdir()");
        s.rows(
                c,
                "server file",
                "SELECT f || ' ' || coalesce((pg_stat_file(f, true)).size::text, 'absent')" + " FROM unnest(ARRAY['"
                        + String.join("', '", SERVER_FILES) + "']) f ORDER BY 1");
        s.files(dir, name -> false);
    }
}
