package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.HealthReport;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.dialect.DbaReports;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.exec.CatalogQueries;

/**
 * PostgreSQL's DBA reports (docs/dba.md#postgresql): the checks of {@link PgServerChecks} and {@link PgTableChecks},
 * the heaviest statements from pg_stat_statements, the sessions as a blocking tree, index advice with hypopg. An
 * error aborts a PostgreSQL transaction, so each check runs under a savepoint. Stateless.
 */
final class PostgresDba implements DbaReports {

    @Override
    public HealthReport health(CatalogQueries q) {
        PgPrivileges p = PgPrivileges.of(q);
        CheckRun run = new CheckRun(q, true);
        run.check("blocked_locks", c -> PgServerChecks.blockedLocks(c, p));
        run.check("wraparound", PgServerChecks::wraparound);
        run.check("sequences", PgTableChecks::sequences);
        run.check("long_running", c -> PgServerChecks.longRunning(c, p));
        run.check("idle_in_transaction", c -> PgServerChecks.idleInTransaction(c, p));
        run.check("connections", PgServerChecks::connections);
        run.check("replication", c -> PgServerChecks.replication(c, p));
        run.check("invalid_indexes", PgTableChecks::invalidIndexes);
        run.check("dead_tuples", PgTableChecks::deadTuples);
        run.check("bloat", PgTableChecks::bloat);
        run.check("duplicate_indexes", PgTableChecks::duplicateIndexes);
        run.check("unused_indexes", PgTableChecks::unusedIndexes);
        run.check("analyze", PgTableChecks::analyze);
        run.check("cache_hit", PgServerChecks::cacheHit);
        return run.report("health");
    }

    @Override
    public HealthReport topQueries(CatalogQueries q, HealthRequest.By by, int limit) {
        PgPrivileges p = PgPrivileges.of(q);
        CheckRun run = new CheckRun(q, true);
        run.check(PgTopQueries.CHECK, c -> PgTopQueries.run(c, p, by, limit));
        return run.report("top_queries");
    }

    @Override
    public HealthReport activity(CatalogQueries q) {
        PgPrivileges p = PgPrivileges.of(q);
        CheckRun run = new CheckRun(q, true);
        run.check(PgActivity.CHECK, c -> PgActivity.run(c, p));
        return run.report("activity");
    }

    @Override
    public IndexAdvice adviseIndexes(CatalogQueries q, String sql) {
        return PgIndexAdvisor.advise(q, sql);
    }
}
