package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.Finding.Severity;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.dialect.internal.Facts;
import dev.gabysql.core.dialect.internal.Words;

/**
 * The heaviest statements of this database from performance_schema's digests (docs/dba.md#mariadb): the engine's
 * normalized text (values as {@code ?}), calls, time, rows sent and examined. A digest carries no user, so only the
 * statements run on this database are shown, and only to a user the server lets read performance_schema. Statements
 * that read the server's own catalogs (gabysql's reports among them) are left out. Stateless.
 */
final class MariaDbTopQueries {
    static final String CHECK = "statement_digests";
    /** performance_schema's timers count picoseconds. */
    private static final double PICOS_PER_MS = 1e9;

    /**
     * Transaction and session control, and the connectors' own probes — what every client (gabysql's pool among
     * them) sends around its statements: left out, as on PostgreSQL.
     */
    private static final String PLUMBING =
            "^(SET|START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SHOW|SELECT @@|SELECT `VERSION` \\()";

    private MariaDbTopQueries() {}

    static void run(CheckRun.Check c, boolean performanceSchema, HealthRequest.By by, int limit) {
        if (!performanceSchema) {
            throw c.skip("statement digests are kept by performance_schema, which is off on this server: start it"
                    + " with performance_schema=ON");
        }
        c.note("transaction and session control (SET, START TRANSACTION, COMMIT, …) left out");
        String order;
        switch (by) {
            case MEAN_TIME:
                order = "AVG_TIMER_WAIT";
                break;
            case CALLS:
                order = "COUNT_STAR";
                break;
            case ROWS:
                order = "SUM_ROWS_SENT";
                break;
            default:
                order = "SUM_TIMER_WAIT";
        }
        for (CatalogRow r : c.rows(
                "SELECT DIGEST AS digest, LEFT(DIGEST_TEXT, 1000) AS query, COUNT_STAR AS calls,"
                        + " SUM_TIMER_WAIT AS total, AVG_TIMER_WAIT AS mean, SUM_ROWS_SENT AS sent,"
                        + " SUM_ROWS_EXAMINED AS examined, SUM_NO_INDEX_USED AS no_index,"
                        + " SUM(SUM_TIMER_WAIT) OVER () AS all_time FROM performance_schema.events_statements_summary_by_digest"
                        + " WHERE " + MariaDbHealth.scope("SCHEMA_NAME")
                        + " AND DIGEST_TEXT NOT LIKE '%information_schema%'"
                        + " AND DIGEST_TEXT NOT LIKE '%performance_schema%' AND DIGEST_TEXT NOT REGEXP ?"
                        + " ORDER BY " + order + " DESC LIMIT ?",
                PLUMBING,
                limit)) {
            add(c, r);
        }
    }

    private static void add(CheckRun.Check c, CatalogRow r) {
        double total = r.decimal("total") == null ? 0 : r.decimal("total") / PICOS_PER_MS;
        double mean = r.decimal("mean") == null ? 0 : r.decimal("mean") / PICOS_PER_MS;
        double all = r.decimal("all_time") == null ? 0 : r.decimal("all_time") / PICOS_PER_MS;
        double share = all > 0 ? total / all : 0;
        long calls = r.number("calls", 0);
        long examined = r.number("examined", 0);
        long sent = r.number("sent", 0);
        long noIndex = r.number("no_index", 0);
        c.add(
                share >= 0.5 ? Severity.WARNING : Severity.INFO,
                r.text("query"),
                Words.millis(total) + " in total (" + Words.percent(share) + " of all), "
                        + Words.plural(calls, "call", "calls") + ", " + Words.millis(mean) + " each, "
                        + Words.plural(sent, "row sent", "rows sent") + ", " + Words.count(examined) + " examined"
                        + (noIndex > 0 ? ", " + Words.count(noIndex) + " without an index" : ""),
                Facts.of(
                        "digest",
                        r.text("digest"),
                        "calls",
                        calls,
                        "total_ms",
                        Words.round(total),
                        "mean_ms",
                        Words.round(mean),
                        "rows_sent",
                        sent,
                        "rows_examined",
                        examined,
                        "no_index_used",
                        noIndex,
                        "share",
                        Words.round(share),
                        "query",
                        r.text("query")),
                null,
                share >= 0.5 ? "see its plan and an index to try: explain it with index advice" : null);
    }
}
