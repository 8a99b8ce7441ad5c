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
    protected AutoCloseable lockItems(String url) throws Exception {
        java.sql.Connection c = java.sql.DriverManager.getConnection(url);
        c.setAutoCommit(false);
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("LOCK TABLE items IN ACCESS EXCLUSIVE MODE");
        }
        return () -> {
            c.rollback();
            c.close();
        };
    }

    @Override
    protected String dialectId() {
        return "postgresql";
    }
}
