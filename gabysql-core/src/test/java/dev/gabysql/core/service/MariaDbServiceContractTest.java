package dev.gabysql.core.service;

import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/** The service contract on a real MariaDB (or MySQL: GABYSQL_TEST_MARIADB_URL). */
class MariaDbServiceContractTest extends ServiceContractTest {
    @Override
    protected String createFixture() {
        String url = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(url, Fixtures.mariadb());
        return url;
    }

    @Override
    protected String slowQuery(int seconds) {
        return "SELECT SLEEP(" + seconds + ")";
    }

    @Override
    protected AutoCloseable lockItems(String url) throws Exception {
        Connection c = DriverManager.getConnection(url);
        try (Statement st = c.createStatement()) {
            st.execute("LOCK TABLES items WRITE"); // other sessions' reads of items wait for UNLOCK TABLES
        }
        return () -> {
            try (Statement st = c.createStatement()) {
                st.execute("UNLOCK TABLES");
            }
            c.close();
        };
    }

    /** MariaDB's SUM of an INT column is a DECIMAL. */
    @Override
    protected Object sumQty() {
        return new java.math.BigDecimal(50L * 51 / 2);
    }

    @Override
    protected String dialectId() {
        return "mariadb";
    }
}
