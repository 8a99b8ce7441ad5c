package dev.gabysql.core.dialect;

import dev.gabysql.core.api.HealthCheck;
import dev.gabysql.core.api.HealthReport;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.exec.CatalogQueries;
import java.util.List;

/**
 * A DBA's view of one engine (docs/dba.md): health, the heaviest statements, what runs now, index advice. Each is
 * catalog SQL this dialect writes, run through {@link CatalogQueries} on the call's read-only session, so it is as
 * read-only, bounded and cancellable as a user's read. A check that needs a privilege or an extension the role lacks
 * says so in its {@link HealthCheck} instead of failing the report. Answers are whole (each check bounded by its own
 * LIMIT); the service pages them. Implementations are stateless and thread-safe.
 */
public interface DbaReports {

    /** What needs attention: one finding per problem, each with its evidence and fix. */
    HealthReport health(CatalogQueries q);

    /** The heaviest statements the engine keeps statistics of, ranked {@code by}, at most {@code limit}. */
    HealthReport topQueries(CatalogQueries q, HealthRequest.By by, int limit);

    /** The sessions that run or hold a transaction now, and who waits on whom. */
    HealthReport activity(CatalogQueries q);

    /**
     * Indexes for {@code sql}, a read the guard has let through (never run, never EXPLAIN ANALYZE): proven by the
     * planner where the engine can plan with hypothetical indexes, otherwise a guess labelled as one.
     */
    IndexAdvice adviseIndexes(CatalogQueries q, String sql);

    /** An engine gabysql knows no DBA catalog of (the generic tier): every report says so. */
    static DbaReports unsupported(String engine) {
        return new DbaReports() {
            private HealthReport none(String report) {
                return HealthReport.of(
                        report,
                        List.of(new HealthCheck(
                                report,
                                HealthCheck.SKIPPED,
                                0,
                                "gabysql has no DBA checks for " + engine + " databases")),
                        List.of());
            }

            @Override
            public HealthReport health(CatalogQueries q) {
                return none("health");
            }

            @Override
            public HealthReport topQueries(CatalogQueries q, HealthRequest.By by, int limit) {
                return none("top_queries");
            }

            @Override
            public HealthReport activity(CatalogQueries q) {
                return none("activity");
            }

            @Override
            public IndexAdvice adviseIndexes(CatalogQueries q, String sql) {
                return new IndexAdvice(
                        null,
                        "none",
                        false,
                        null,
                        List.of(),
                        List.of(),
                        List.of("gabysql gives no index advice for " + engine
                                + " databases; its plan is all there is"));
            }
        };
    }
}
