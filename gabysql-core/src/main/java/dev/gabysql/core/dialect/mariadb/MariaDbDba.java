package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.HealthReport;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.dialect.DbaReports;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.exec.CatalogQueries;

/**
 * MariaDB's DBA reports (docs/dba.md#mariadb): {@link MariaDbHealth}'s checks, statement digests, the processlist as a
 * blocking tree, index advice as a labelled guess. What the user may see decides what runs: the PROCESS privilege
 * (other users' threads, InnoDB's transactions and lock waits) and whether performance_schema is on (digests, index
 * use). An error does not abort a MariaDB transaction, so the checks need no savepoints. Stateless.
 */
final class MariaDbDba implements DbaReports {

    @Override
    public HealthReport health(CatalogQueries q) {
        Visibility v = Visibility.of(q);
        CheckRun run = new CheckRun(q, false);
        run.check("lock_waits", c -> MariaDbHealth.lockWaits(c, v.process()));
        run.check("auto_increment", MariaDbHealth::autoIncrement);
        run.check("long_transactions", c -> MariaDbHealth.longTransactions(c, v.process()));
        run.check("long_running", c -> MariaDbHealth.longRunning(c, v.process()));
        run.check("connections", MariaDbHealth::connections);
        run.check("no_primary_key", MariaDbHealth::noPrimaryKey);
        run.check("redundant_indexes", MariaDbHealth::redundantIndexes);
        run.check("buffer_pool", MariaDbHealth::bufferPool);
        run.check("fragmentation", MariaDbHealth::fragmentation);
        run.check("non_transactional", MariaDbHealth::nonTransactional);
        run.check("unused_indexes", c -> MariaDbHealth.unusedIndexes(c, v.performanceSchema()));
        return run.report("health");
    }

    @Override
    public HealthReport topQueries(CatalogQueries q, HealthRequest.By by, int limit) {
        Visibility v = Visibility.of(q);
        CheckRun run = new CheckRun(q, false);
        run.check(MariaDbTopQueries.CHECK, c -> MariaDbTopQueries.run(c, v.performanceSchema(), by, limit));
        return run.report("top_queries");
    }

    @Override
    public HealthReport activity(CatalogQueries q) {
        Visibility v = Visibility.of(q);
        CheckRun run = new CheckRun(q, false);
        run.check(MariaDbActivity.CHECK, c -> MariaDbActivity.run(c, v.process()));
        return run.report("activity");
    }

    @Override
    public IndexAdvice adviseIndexes(CatalogQueries q, String sql) {
        return MariaDbIndexAdvisor.advise(q, sql);
    }

    /** What this user may see: other threads and InnoDB's internals (PROCESS), and performance_schema's counters. */
    private record Visibility(boolean process, boolean performanceSchema) {
        static Visibility of(CatalogQueries q) {
            CatalogRow r = CatalogRow.first(q.rows("SELECT (SELECT COUNT(*) FROM information_schema.USER_PRIVILEGES"
                    + " WHERE PRIVILEGE_TYPE = 'PROCESS') AS process, @@performance_schema AS ps"));
            return new Visibility(r.number("process", 0) > 0, r.flag("ps"));
        }
    }
}
