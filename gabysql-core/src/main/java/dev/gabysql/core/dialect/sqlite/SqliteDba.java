package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.api.HealthCheck;
import dev.gabysql.core.api.HealthReport;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.dialect.DbaReports;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.exec.CatalogQueries;
import java.util.List;

/**
 * SQLite's DBA reports (docs/dba.md#sqlite): {@link SqliteHealth}'s checks and index advice as a labelled guess.
 * SQLite is a library inside each program that opens the file: it keeps no statistics of statements and has no
 * sessions to list, so those two reports say so. Stateless.
 */
final class SqliteDba implements DbaReports {

    @Override
    public HealthReport health(CatalogQueries q) {
        CheckRun run = new CheckRun(q, false);
        run.check("integrity", SqliteHealth::integrity);
        run.check("foreign_keys", SqliteHealth::foreignKeys);
        run.check("freelist", SqliteHealth::freelist);
        run.check("no_index", SqliteHealth::noIndex);
        run.check("analyze", SqliteHealth::analyze);
        run.check("no_primary_key", SqliteHealth::noPrimaryKey);
        return run.report("health");
    }

    @Override
    public HealthReport topQueries(CatalogQueries q, HealthRequest.By by, int limit) {
        return HealthReport.of(
                "top_queries",
                List.of(new HealthCheck(
                        "statement_statistics",
                        HealthCheck.SKIPPED,
                        0,
                        "SQLite keeps no statistics of the statements run on a file: time them where they run")),
                List.of());
    }

    @Override
    public HealthReport activity(CatalogQueries q) {
        return HealthReport.of(
                "activity",
                List.of(new HealthCheck(
                        "sessions",
                        HealthCheck.SKIPPED,
                        0,
                        "SQLite has no server and no sessions to list: another program's write shows only as a"
                                + " lock (SQLITE_BUSY) while it lasts")),
                List.of());
    }

    @Override
    public IndexAdvice adviseIndexes(CatalogQueries q, String sql) {
        return SqliteIndexAdvisor.advise(q, sql);
    }
}
