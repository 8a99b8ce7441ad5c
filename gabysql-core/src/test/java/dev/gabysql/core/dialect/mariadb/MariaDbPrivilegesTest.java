package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Layer 1: the start-up check tells an account that can write from one that can only read. */
class MariaDbPrivilegesTest {

    @Test
    void anOwnerCanWriteAndIsReported() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestDatabases.newMariaDbDatabase())) {
            assertThat(MariaDbPrivileges.writeAccessWarning(c)).contains("may write to tables");
        }
    }

    @Test
    void anAdministratorIsReportedWithItsGlobalPowers() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestDatabases.mariaDbAdminUrl())) {
            assertThat(MariaDbPrivileges.writeAccessWarning(c)).contains("global privileges", "FILE", "SUPER");
        }
    }

    @Test
    void aSelectOnlyAccountIsNotReported() throws SQLException {
        String url = TestDatabases.newMariaDbDatabase();
        String db = MariaDbProbe.databaseOf(url);
        String reader = "r" + db.substring(5);
        TestDatabases.run(
                TestDatabases.mariaDbAdminUrl(),
                "CREATE USER '" + reader + "'@'%' IDENTIFIED BY 'pw'",
                "GRANT SELECT, SHOW VIEW ON `" + db + "`.* TO '" + reader + "'@'%'");
        try (Connection c =
                DriverManager.getConnection(url.substring(0, url.indexOf('?')) + "?user=" + reader + "&password=pw")) {
            assertThat(MariaDbPrivileges.writeAccessWarning(c)).isNull();
        } finally {
            TestDatabases.run(TestDatabases.mariaDbAdminUrl(), "DROP USER '" + reader + "'@'%'");
        }
    }
}
