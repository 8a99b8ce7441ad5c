package dev.gabysql.core.dialect.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Connections through one given driver carry the pool's properties and the user, as HikariCP's would. */
class DriverConnectionsTest {
    @Test
    void connectsWithThePropertiesAndTheUser() throws Exception {
        String url = TestDatabases.newPostgresDatabase();
        Properties props = new Properties();
        props.setProperty("ApplicationName", "gabysql-driver-test");
        DriverConnections ds = new DriverConnections(new org.postgresql.Driver(), url, props, new ConnectWaiters());
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT current_setting('application_name'), current_user")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("gabysql-driver-test");
        }
        java.util.regex.Matcher user =
                java.util.regex.Pattern.compile("[?&]user=([^&]+)").matcher(url);
        assertThat(user.find()).isTrue();
        DriverConnections noUserInUrl = new DriverConnections(
                new org.postgresql.Driver(),
                url.replace(user.group(0), user.group(0).startsWith("?") ? "?" : ""),
                props,
                new ConnectWaiters());
        try (Connection c = noUserInUrl.getConnection(user.group(1), null);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT current_user")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo(user.group(1));
        }
        assertThatThrownBy(
                        () -> noUserInUrl.getConnection("no_such_role_x", null).close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("no_such_role_x");
        assertThat(props).doesNotContainKey("user"); // the pool's properties are never changed
    }

    @Test
    void aUrlTheDriverDoesNotTakeIsAClearError() {
        DriverConnections ds = new DriverConnections(
                new org.postgresql.Driver(), "jdbc:sqlite::memory:", new Properties(), new ConnectWaiters());
        assertThatThrownBy(ds::getConnection)
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("does not accept")
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("08001"));
    }
}
