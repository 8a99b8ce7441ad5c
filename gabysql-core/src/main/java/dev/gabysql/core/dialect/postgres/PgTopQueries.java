package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.Finding.Severity;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.dialect.internal.Facts;
import dev.gabysql.core.dialect.internal.Words;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.CatalogQueries;
import java.util.List;

/**
 * The heaviest statements of this database from {@code pg_stat_statements} (docs/dba.md#postgresql): normalized
 * text (constants as {@code $1}), calls, time, rows. The engine hides the text of other roles' statements unless
 * gabysql's role may read all statistics; the report says so rather than showing what it may not. gabysql's own
 * report statements ({@link CatalogQueries#MARK}) are left out. Stateless.
 */
final class PgTopQueries {
    static final String CHECK = "pg_stat_statements";
    /** 55000 object_not_in_prerequisite_state: "pg_stat_statements must be loaded via shared_preload_libraries". */
    private static final String NOT_LOADED = "55000";

    /**
     * Transaction and session control — what every client (gabysql's pool among them) sends around its statements:
     * cheap, countless, and no answer to "what is slow". Left out; maintenance (VACUUM, CREATE INDEX) stays.
     */
    private static final String PLUMBING = "^\\s*((BEGIN|COMMIT|END|ROLLBACK|ABORT|SAVEPOINT|RELEASE|START TRANSACTION"
            + "|SET|RESET|SHOW|DISCARD|CLOSE|UNLISTEN|DEALLOCATE)\\M|SELECT pg_advisory_unlock_all\\(\\))";

    private PgTopQueries() {}

    static void run(CheckRun.Check c, PgPrivileges p, HealthRequest.By by, int limit) {
        CatalogRow ext = c.row("SELECT e.extversion AS version, quote_ident(n.nspname) AS schema"
                + " FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
                + " WHERE e.extname = 'pg_stat_statements'");
        if (ext == null) {
            throw c.skip("pg_stat_statements is not installed in this database: an admin runs CREATE EXTENSION"
                    + " pg_stat_statements (the server must also load it: shared_preload_libraries ="
                    + " 'pg_stat_statements', then a restart)");
        }
        c.note("transaction and session control (BEGIN, SET, SAVEPOINT, DISCARD, …) left out");
        if (!p.seesAll()) {
            c.note("other roles' statements show no text: grant gabysql's role pg_read_all_stats to see them");
        }
        boolean v18 = version(ext.text("version")) >= 108; // 1.8 renamed total_time to total_exec_time
        String total = v18 ? "total_exec_time" : "total_time";
        String mean = v18 ? "mean_exec_time" : "mean_time";
        String order;
        switch (by) {
            case MEAN_TIME:
                order = "s." + mean;
                break;
            case CALLS:
                order = "s.calls";
                break;
            case ROWS:
                order = "s.rows";
                break;
            default:
                order = "s." + total;
        }
        List<CatalogRow> rows;
        try {
            rows = c.rows(
                    "SELECT s.queryid::text AS queryid, r.rolname AS usename, left(s.query, 1000) AS"
                            + " query, s.calls, s." + total + " AS total_ms, s." + mean + " AS mean_ms, s.rows,"
                            + " s.shared_blks_hit AS hit, s.shared_blks_read AS read,"
                            + " sum(s." + total + ") OVER () AS all_ms"
                            + " FROM " + ext.text("schema")
                            + ".pg_stat_statements s LEFT JOIN pg_roles r ON r.oid = s.userid"
                            + " WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
                            + " AND s.query NOT LIKE ? AND s.query !~* ?"
                            + " ORDER BY " + order + " DESC NULLS LAST LIMIT ?",
                    CatalogQueries.MARK.strip() + "%",
                    PLUMBING,
                    limit);
        } catch (GabyException e) {
            if (NOT_LOADED.equals(e.sqlState())) {
                throw c.skip("pg_stat_statements is installed but the server does not load it: an admin adds it to"
                        + " shared_preload_libraries, then restarts the server");
            }
            throw e;
        }
        for (CatalogRow r : rows) {
            add(c, r);
        }
    }

    private static void add(CheckRun.Check c, CatalogRow r) {
        String query = PgServerChecks.visible(r.text("query"));
        double totalMs = r.decimal("total_ms") == null ? 0 : r.decimal("total_ms");
        double all = r.decimal("all_ms") == null ? 0 : r.decimal("all_ms");
        long calls = r.number("calls", 0);
        long hit = r.number("hit", 0);
        long read = r.number("read", 0);
        double share = all > 0 ? totalMs / all : 0;
        double meanMs = r.decimal("mean_ms") == null ? 0 : r.decimal("mean_ms");
        c.add(
                share >= 0.5 ? Severity.WARNING : Severity.INFO,
                query == null
                        ? "a statement of " + (r.text("usename") == null ? "another role" : r.text("usename"))
                        : query,
                Words.millis(totalMs) + " in total (" + Words.percent(share) + " of all), "
                        + Words.plural(calls, "call", "calls") + ", " + Words.millis(meanMs) + " each, "
                        + Words.plural(r.number("rows", 0), "row", "rows")
                        + (hit + read > 0 ? ", cache hits " + Words.percent(hit / (double) (hit + read)) : "")
                        + (r.text("usename") == null ? "" : ", by " + r.text("usename"))
                        + (query == null ? "; text hidden: another role's statement" : ""),
                Facts.of(
                        "queryid",
                        r.text("queryid"),
                        "user",
                        r.text("usename"),
                        "calls",
                        calls,
                        "total_ms",
                        Words.round(totalMs),
                        "mean_ms",
                        Words.round(meanMs),
                        "rows",
                        r.number("rows"),
                        "share",
                        Words.round(share),
                        "query",
                        query),
                null,
                share >= 0.5 && query != null ? "see its plan and a proven index: explain it with index advice" : null);
    }

    /** {@code 1.10} as 110; 0 when it cannot be read. */
    private static int version(String v) {
        try {
            String[] parts = v.split("\\.");
            return Integer.parseInt(parts[0]) * 100 + (parts.length > 1 ? Integer.parseInt(parts[1]) : 0);
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
