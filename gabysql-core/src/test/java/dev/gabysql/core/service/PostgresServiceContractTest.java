package dev.gabysql.core.service;

import dev.gabysql.core.testing.TestDatabases;

class PostgresServiceContractTest extends ServiceContractTest {
    @Override
    protected String createFixture() {
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, Fixtures.postgres());
        return url;
    }

    @Override
    protected String slowQuery(int seconds) {
        return "SELECT pg_sleep(" + seconds + ")";
    }

    @Override
    protected String dialectId() {
        return "postgresql";
    }
}
