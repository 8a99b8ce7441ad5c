package dev.gabysql.core.dialect.mariadb;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Looks at a test database from outside gabysql, as the server's administrator: what tables exist, their checksums,
 * which statements run, which named locks are held. The after-state checks of the MariaDB tests.
 */
final class MariaDbProbe {
    private final String adminUrl;
    private final String database;

    MariaDbProbe(String adminUrl, String database) {
        this.adminUrl = adminUrl;
        this.database = database;
    }

    /** The database name of a {@code jdbc:mariadb://host/db?…} URL. */
    static String databaseOf(String url) {
        String rest = url.substring(url.indexOf("//") + 2);
        String path = rest.substring(rest.indexOf('/') + 1);
        int q = path.indexOf('?');
        return q < 0 ? path : path.substring(0, q);
    }

    /** Table names with their CHECKSUM TABLE value, in name order: any change to data or schema shows here. */
    String snapshot() {
        List<String> names = strings("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '"
                + database + "' ORDER BY TABLE_NAME");
        StringBuilder sb = new StringBuilder();
        for (String name : names) {
            sb.append(name)
                    .append('=')
                    .append(strings("CHECKSUM TABLE `" + database + "`.`" + name + "` EXTENDED", 2))
                    .append(';');
        }
        sb.append("routines=")
                .append(strings("SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE" + " ROUTINE_SCHEMA = '"
                        + database + "' ORDER BY 1"));
        sb.append(";triggers=")
                .append(strings("SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE" + " TRIGGER_SCHEMA = '"
                        + database + "' ORDER BY 1"));
        // databases other than the test databases (which other test runs create and drop meanwhile)
        sb.append(";databases=")
                .append(strings("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA"
                        + " WHERE SCHEMA_NAME NOT LIKE 'gaby\\_%' ORDER BY 1"));
        return sb.toString();
    }

    /** Statements now running on the server whose text contains {@code marker}. */
    List<String> running(String marker) {
        List<String> out = new ArrayList<>();
        for (String info : strings("SELECT INFO FROM information_schema.PROCESSLIST WHERE COMMAND = 'Query'"
                + " AND ID <> CONNECTION_ID()")) {
            if (info != null && info.contains(marker)) {
                out.add(info);
            }
        }
        return out;
    }

    /** Whether someone holds the named lock. */
    boolean lockHeld(String name) {
        return !strings("SELECT IS_USED_LOCK('" + name + "')").get(0).equals("null");
    }

    List<String> strings(String sql) {
        return strings(sql, 1);
    }

    List<String> strings(String sql, int column) {
        try (Connection c = DriverManager.getConnection(adminUrl);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(String.valueOf(rs.getString(column)));
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("probe failed: " + sql + ": " + e.getMessage(), e);
        }
    }
}
