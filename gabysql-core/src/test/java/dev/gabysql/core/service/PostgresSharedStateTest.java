package dev.gabysql.core.service;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;

/** Replicas sharing a state database, in front of a PostgreSQL database (another database of the same server). */
class PostgresSharedStateTest extends SharedStateContractTest {
    @Override
    protected String createFixture(Path dir) {
        String u = TestDatabases.newPostgresDatabase();
        TestDatabases.run(u, Fixtures.postgres());
        return u;
    }
}
