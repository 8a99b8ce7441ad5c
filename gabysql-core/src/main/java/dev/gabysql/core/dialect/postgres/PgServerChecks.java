package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.Finding.Severity;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.dialect.internal.Facts;
import dev.gabysql.core.dialect.internal.Words;

/**
 * The health checks of a PostgreSQL server and its sessions (docs/dba.md#postgresql): cache hits, connections,
 * long statements, idle transactions, lock waits, transaction-ID age, replication. Each is one catalog query with its
 * own LIMIT. Stateless.
 */
final class PgServerChecks {
    /** An active statement older than this is reported. */
    static final int LONG_RUNNING_SECONDS = 60;
    /** A transaction idle for longer than this holds its locks and the vacuum horizon for nothing. */
    static final int IDLE_IN_TRANSACTION_SECONDS = 30;
    /** Findings one check may make: a report stays readable on a busy server. */
    static final int MAX_PER_CHECK = 50;
    /** The transaction-ID space PostgreSQL stops at, less its safety margin: 2^31. */
    private static final double XID_LIMIT = 2_147_483_648.0;

    private PgServerChecks() {}

    static void cacheHit(CheckRun.Check c) {
        CatalogRow r = c.row("SELECT blks_hit, blks_read, " + PgServerChecks.utc("stats_reset")
                + " AS reset FROM pg_stat_database" + " WHERE datname = current_database()");
        long hit = r == null ? 0 : r.number("blks_hit", 0);
        long read = r == null ? 0 : r.number("blks_read", 0);
        if (hit + read < 10_000) {
            c.note("too few block reads yet to judge");
            return;
        }
        double ratio = hit / (double) (hit + read);
        if (ratio >= 0.99) {
            return;
        }
        c.add(
                ratio < 0.95 ? Severity.WARNING : Severity.INFO,
                "database",
                "cache hit ratio " + Words.percent(ratio) + ": " + Words.count(read) + " of "
                        + Words.count(hit + read) + " block reads went to disk"
                        + (r.text("reset") == null ? "" : " since " + r.text("reset")),
                Facts.of("hit_ratio", Words.round(ratio), "blocks_read", read, "blocks_hit", hit),
                null,
                "find what reads most (top_queries by total_time); raise shared_buffers (ALTER SYSTEM, then a"
                        + " restart) only if the working set should fit");
    }

    static void connections(CheckRun.Check c) {
        CatalogRow r = c.row("SELECT (SELECT count(*) FROM pg_stat_activity"
                + " WHERE backend_type = 'client backend' OR backend_type IS NULL AND datname IS NOT NULL)"
                + " AS used, current_setting('max_connections')::int AS max,"
                + " current_setting('superuser_reserved_connections')::int AS reserved");
        long used = r.number("used", 0);
        long usable = r.number("max", 0) - r.number("reserved", 0);
        if (usable <= 0 || used < 0.8 * usable) {
            return;
        }
        c.add(
                used >= 0.95 * usable ? Severity.CRITICAL : Severity.WARNING,
                "server",
                Words.count(used) + " of " + Words.count(usable) + " connections in use ("
                        + Words.percent(used / (double) usable) + "); new ones are refused at the limit",
                Facts.of("used", used, "max_connections", r.number("max"), "reserved", r.number("reserved")),
                null,
                "put a pooler (PgBouncer) in front, or end idle sessions; raising max_connections needs a restart");
    }

    static void longRunning(CheckRun.Check c, PgPrivileges p) {
        seeOwnOnly(c, p);
        for (CatalogRow r : c.rows(
                "SELECT pid, usename, application_name AS app,"
                        + " extract(epoch FROM now() - query_start)::bigint AS seconds, left(query, 300) AS query"
                        + " FROM pg_stat_activity WHERE state = 'active' AND backend_type = 'client backend'"
                        + " AND pid <> pg_backend_pid() AND query_start < now() - make_interval(secs => ?)"
                        + " ORDER BY query_start LIMIT ?",
                LONG_RUNNING_SECONDS,
                MAX_PER_CHECK)) {
            long pid = r.number("pid");
            long s = r.number("seconds", 0);
            c.add(
                    s >= 3600 ? Severity.CRITICAL : Severity.WARNING,
                    "pid " + pid,
                    "a statement of " + who(r) + " has run for " + Words.seconds(s) + ": " + statement(r),
                    Facts.of(
                            "pid",
                            pid,
                            "user",
                            r.text("usename"),
                            "application",
                            r.text("app"),
                            "seconds",
                            s,
                            "query",
                            visible(r.text("query"))),
                    "SELECT pg_cancel_backend(" + pid + ")",
                    "cancels the statement only; its session stays");
        }
    }

    static void idleInTransaction(CheckRun.Check c, PgPrivileges p) {
        seeOwnOnly(c, p);
        for (CatalogRow r : c.rows(
                "SELECT pid, usename, application_name AS app, state,"
                        + " extract(epoch FROM now() - state_change)::bigint AS idle,"
                        + " extract(epoch FROM now() - xact_start)::bigint AS xact, left(query, 300) AS query"
                        + " FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()"
                        + " AND state_change < now() - make_interval(secs => ?) ORDER BY xact_start LIMIT ?",
                IDLE_IN_TRANSACTION_SECONDS, MAX_PER_CHECK)) {
            long pid = r.number("pid");
            long idle = r.number("idle", 0);
            c.add(
                    idle >= 3600 ? Severity.CRITICAL : Severity.WARNING,
                    "pid " + pid,
                    who(r) + " is " + r.text("state") + " for " + Words.seconds(idle) + " (transaction open "
                            + Words.seconds(r.number("xact", idle)) + "): it keeps its locks and holds back vacuum;"
                            + " last statement: " + statement(r),
                    Facts.of(
                            "pid",
                            pid,
                            "user",
                            r.text("usename"),
                            "application",
                            r.text("app"),
                            "idle_seconds",
                            idle,
                            "transaction_seconds",
                            r.number("xact"),
                            "query",
                            visible(r.text("query"))),
                    "SELECT pg_terminate_backend(" + pid + ")",
                    "ends the session and rolls back its transaction; idle_in_transaction_session_timeout prevents"
                            + " it");
        }
    }

    /** One finding per session that blocks others: who it blocks, for how long, and what it is doing. */
    static void blockedLocks(CheckRun.Check c, PgPrivileges p) {
        seeOwnOnly(c, p);
        for (CatalogRow r : c.rows(
                "WITH w AS (SELECT pid, unnest(pg_blocking_pids(pid)) AS blocker,"
                        + " extract(epoch FROM now() - coalesce(state_change, query_start))::bigint AS waited"
                        + " FROM pg_stat_activity WHERE cardinality(pg_blocking_pids(pid)) > 0)"
                        + " SELECT b.pid, b.usename, b.application_name AS app, b.state, left(b.query, 300) AS query,"
                        + " extract(epoch FROM now() - coalesce(b.xact_start, b.query_start))::bigint AS held,"
                        + " count(*) AS blocked, max(w.waited) AS waited, string_agg(w.pid::text, ', ' ORDER BY w.pid)"
                        + " AS blocked_pids FROM w JOIN pg_stat_activity b ON b.pid = w.blocker"
                        + " GROUP BY b.pid, b.usename, b.application_name, b.state, b.query, b.xact_start, b.query_start"
                        + " ORDER BY count(*) DESC, max(w.waited) DESC LIMIT ?",
                MAX_PER_CHECK)) {
            long pid = r.number("pid");
            long blocked = r.number("blocked", 0);
            long waited = r.number("waited", 0);
            c.add(
                    waited >= 60 || blocked >= 5 ? Severity.CRITICAL : Severity.WARNING,
                    "pid " + pid,
                    who(r) + " blocks " + Words.plural(blocked, "session", "sessions") + " (pid "
                            + r.text("blocked_pids") + ", waiting up to " + Words.seconds(waited) + "); it is "
                            + (r.text("state") == null ? "in a state hidden from this role" : r.text("state"))
                            + ", transaction open " + Words.seconds(r.number("held", 0)) + ": " + statement(r),
                    Facts.of(
                            "pid",
                            pid,
                            "user",
                            r.text("usename"),
                            "application",
                            r.text("app"),
                            "state",
                            r.text("state"),
                            "blocked",
                            blocked,
                            "blocked_pids",
                            r.text("blocked_pids"),
                            "max_wait_seconds",
                            waited,
                            "query",
                            visible(r.text("query"))),
                    "SELECT pg_terminate_backend(" + pid + ")",
                    "ends the blocking session and rolls back its transaction; the activity report shows the tree");
        }
    }

    static void wraparound(CheckRun.Check c) {
        CatalogRow db = c.row("SELECT age(datfrozenxid) AS xid_age, mxid_age(datminmxid) AS mxid_age,"
                + " current_setting('autovacuum_freeze_max_age')::bigint AS freeze_max"
                + " FROM pg_database WHERE datname = current_database()");
        long age = db.number("xid_age", 0);
        long freezeMax = db.number("freeze_max", 200_000_000);
        double share = age / XID_LIMIT;
        if (age < freezeMax && share < 0.5) {
            return;
        }
        CatalogRow oldest = c.row("SELECT quote_ident(n.nspname) || '.' || quote_ident(t.relname) AS qname,"
                + " age(t.relfrozenxid) AS age FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace"
                + " WHERE t.relkind IN ('r', 'm', 't') ORDER BY age(t.relfrozenxid) DESC LIMIT 1");
        String table = oldest == null ? null : oldest.text("qname");
        c.add(
                share >= 0.75 ? Severity.CRITICAL : share >= 0.5 ? Severity.WARNING : Severity.INFO,
                "database",
                "transaction IDs used since the oldest unfrozen row: " + Words.count(age) + " ("
                        + Words.percent(share) + " of the 2^31 at which PostgreSQL stops taking writes;"
                        + " autovacuum_freeze_max_age is " + Words.count(freezeMax) + ")"
                        + (table == null ? "" : "; oldest table: " + table),
                Facts.of(
                        "xid_age",
                        age,
                        "share",
                        Words.round(share),
                        "freeze_max_age",
                        freezeMax,
                        "mxid_age",
                        db.number("mxid_age"),
                        "oldest_table",
                        table),
                table == null ? null : "VACUUM (FREEZE) " + table,
                "freezes the oldest table's rows; repeat for the next oldest, or find what stops autovacuum (long"
                        + " transactions, replication slots)");
    }

    static void replication(CheckRun.Check c, PgPrivileges p) {
        CatalogRow role = c.row("SELECT pg_is_in_recovery() AS replica,"
                + " extract(epoch FROM now() - pg_last_xact_replay_timestamp())::bigint AS replay_lag");
        if (role.flag("replica")) {
            long lag = role.number("replay_lag", 0);
            if (lag >= 60) {
                c.add(
                        lag >= 600 ? Severity.CRITICAL : Severity.WARNING,
                        "replica",
                        "this replica last replayed a transaction " + Words.seconds(lag) + " ago",
                        Facts.of("replay_lag_seconds", lag),
                        null,
                        "check the primary's pg_stat_replication and this server's log; an idle primary also shows"
                                + " an old replay time");
            }
            return;
        }
        if (!p.seesAll()) {
            c.note("standbys' lag is hidden from this role: grant it pg_read_all_stats");
        }
        for (CatalogRow r : c.rows(
                "SELECT application_name AS app, host(client_addr) AS client, state,"
                        + " extract(epoch FROM replay_lag)::bigint AS lag FROM pg_stat_replication"
                        + " WHERE replay_lag > interval '60 seconds' ORDER BY replay_lag DESC LIMIT ?",
                MAX_PER_CHECK)) {
            long lag = r.number("lag", 0);
            c.add(
                    lag >= 600 ? Severity.CRITICAL : Severity.WARNING,
                    "standby " + r.text("app"),
                    "standby " + r.text("app") + " (" + r.text("client") + ", " + r.text("state") + ") replays "
                            + Words.seconds(lag) + " behind",
                    Facts.of("standby", r.text("app"), "client", r.text("client"), "lag_seconds", lag),
                    null,
                    "check the standby's load and network; WAL waits on the primary meanwhile");
        }
        for (CatalogRow r : c.rows(
                "SELECT slot_name, slot_type, pg_wal_lsn_diff(pg_current_wal_lsn(),"
                        + " restart_lsn)::bigint AS retained FROM pg_replication_slots WHERE NOT active"
                        + " AND restart_lsn IS NOT NULL ORDER BY 3 DESC LIMIT ?",
                MAX_PER_CHECK)) {
            long retained = r.number("retained", 0);
            if (retained < 1L << 30) {
                continue;
            }
            String slot = r.text("slot_name");
            c.add(
                    retained >= 10L << 30 ? Severity.CRITICAL : Severity.WARNING,
                    "slot " + slot,
                    "inactive " + r.text("slot_type") + " replication slot " + slot + " keeps "
                            + Words.bytes(retained) + " of WAL on disk, and it grows until the slot is used or"
                            + " dropped",
                    Facts.of("slot", slot, "retained_bytes", retained),
                    "SELECT pg_drop_replication_slot('" + slot.replace("'", "''") + "')",
                    "only if nothing will use the slot again: its consumer must then start from scratch");
        }
    }

    /** A timestamp column as text in UTC to the minute: {@code 2025-06-01 14:05 UTC}. */
    static String utc(String column) {
        return "to_char(" + column + " AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI \"UTC\"')";
    }

    private static void seeOwnOnly(CheckRun.Check c, PgPrivileges p) {
        if (!p.seesAll()) {
            c.note(PgPrivileges.OWN_ONLY);
        }
    }

    /** {@code alice (psql)}: the session's role and application, as far as this role may see them. */
    static String who(CatalogRow r) {
        String user = r.text("usename");
        String app = r.text("app");
        return (user == null ? "a session" : user) + (app == null || app.isEmpty() ? "" : " (" + app + ")");
    }

    /** The session's statement, or why it is not shown. */
    static String statement(CatalogRow r) {
        String q = visible(r.text("query"));
        return q == null ? "(statement hidden: another role's)" : q;
    }

    /** The text pg_stat_activity gives, or null where the engine hid it from this role. */
    static String visible(String query) {
        return query == null || query.equals("<insufficient privilege>") ? null : query;
    }
}
