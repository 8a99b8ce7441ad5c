package dev.gabysql.core.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * Real databases for tests, shared by every module's tests (no JDBC mocks anywhere).
 * <ul>
 *   <li>PostgreSQL: {@code GABYSQL_TEST_PG_URL} when set (a JDBC URL of a database the test user may create
 *   databases from), otherwise one embedded PostgreSQL per test JVM. Each caller gets a fresh database.</li>
 *   <li>MariaDB/MySQL: {@code GABYSQL_TEST_MARIADB_URL} when set (a JDBC URL of a user who may create databases
 *   and users), otherwise root without password on 127.0.0.1:3306. Each caller gets a fresh database and a
 *   least-privilege user that owns it and nothing else (no FILE, PROCESS, SUPER or other global privilege).</li>
 *   <li>SQLite: files in a test's temporary directory.</li>
 * </ul>
 * When a server cannot be had, the test is skipped with the reason, unless {@code GABYSQL_REQUIRE_ALL_DBS=1}
 * (set by CI), in which case it fails.
 */
public final class TestDatabases {
    private static final String DEFAULT_MARIADB_URL = "jdbc:mariadb://127.0.0.1:3306/?user=root";

    private static String adminUrl;
    private static String unavailable;
    private static String mariaDbAdminUrl;
    private static String mariaDbUnavailable;
    private static final List<String> MARIADB_CREATED = new ArrayList<>();
    private static final java.util.List<String> CREATED = new java.util.ArrayList<>();

    private TestDatabases() {}

    /** A JDBC URL (user in the query string) of a new, empty PostgreSQL database. */
    public static synchronized String newPostgresDatabase() {
        String admin = postgresAdminUrl();
        String name = "gaby_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin);
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("Unable to create test database: " + e.getMessage(), e);
        }
        if (CREATED.isEmpty()) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> dropCreated(admin)));
        }
        CREATED.add(name);
        return withDatabase(admin, name);
    }

    /**
     * A JDBC URL ({@code jdbc:mariadb://host:port/db?user=…&password=…}) of a new, empty MariaDB/MySQL database,
     * connecting as a new user who has every privilege on that database and none elsewhere.
     */
    public static synchronized String newMariaDbDatabase() {
        String admin = mariaDbAdminUrl();
        String name = "gaby_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String password = UUID.randomUUID().toString().replace("-", "");
        run(
                admin,
                "CREATE DATABASE `" + name + "`",
                "CREATE USER '" + name + "'@'%' IDENTIFIED BY '" + password + "'",
                "GRANT ALL PRIVILEGES ON `" + name + "`.* TO '" + name + "'@'%'");
        MARIADB_CREATED.add(name);
        return mariaDbUrl(admin, name) + "?user=" + name + "&password=" + password;
    }

    /** The admin URL of the test MariaDB/MySQL server; skips (or fails in CI) when no server answers. */
    public static synchronized String mariaDbAdminUrl() {
        if (mariaDbAdminUrl == null && mariaDbUnavailable == null) {
            String env = System.getenv("GABYSQL_TEST_MARIADB_URL");
            String given = env != null && !env.isBlank() ? env : DEFAULT_MARIADB_URL;
            int q = given.indexOf('?', given.indexOf("//") + 2);
            String url = mariaDbUrl(given, "") + (q < 0 ? "" : given.substring(q)); // the server, no database
            try (Connection c = DriverManager.getConnection(url)) {
                mariaDbAdminUrl = url;
                Runtime.getRuntime().addShutdownHook(new Thread(TestDatabases::dropMariaDbDatabases));
            } catch (SQLException e) {
                mariaDbUnavailable =
                        "no MariaDB/MySQL server answers at " + url.replaceAll("password=[^&]*", "password=***")
                                + " (set GABYSQL_TEST_MARIADB_URL): " + e.getMessage();
            }
        }
        if (mariaDbUnavailable != null) {
            skipOrFail(mariaDbUnavailable);
        }
        return mariaDbAdminUrl;
    }

    /** Drops the databases and users this JVM created: a shared server should not fill up with test leftovers. */
    private static synchronized void dropMariaDbDatabases() {
        try (Connection c = DriverManager.getConnection(mariaDbAdminUrl);
                Statement st = c.createStatement()) {
            for (String name : MARIADB_CREATED) {
                st.execute("DROP DATABASE IF EXISTS `" + name + "`");
                st.execute("DROP USER IF EXISTS '" + name + "'@'%'");
            }
        } catch (SQLException ignored) {
            // the server went away first: nothing to clean
        }
    }

    /** The admin URL pointed at {@code database} (same server, same admin user). */
    public static String mariaDbAdminUrlFor(String database) {
        String admin = mariaDbAdminUrl();
        int q = admin.indexOf('?');
        return mariaDbUrl(admin, database) + (q < 0 ? "" : admin.substring(q));
    }

    /** {@code jdbc:mariadb://host:port/database} of the server behind {@code url}. */
    private static String mariaDbUrl(String url, String database) {
        int hostStart = url.indexOf("//") + 2;
        int slash = url.indexOf('/', hostStart);
        int q = url.indexOf('?', hostStart);
        int end = slash >= 0 ? slash : q >= 0 ? q : url.length();
        return url.substring(0, end) + "/" + database;
    }

    /** Drops the databases this JVM created, so that repeated runs leave the shared server clean. */
    private static synchronized void dropCreated(String admin) {
        try (Connection c = DriverManager.getConnection(admin);
                Statement st = c.createStatement()) {
            for (String name : CREATED) {
                st.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            }
        } catch (SQLException ignored) {
            // the server went away first (embedded one stopping): nothing left to clean
        }
    }

    /** Runs SQL (several statements allowed) on a database as its owner, outside gabysql. */
    public static void run(String jdbcUrl, String... sql) {
        try (Connection c = DriverManager.getConnection(jdbcUrl);
                Statement st = c.createStatement()) {
            for (String s : sql) {
                st.execute(s);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Setup SQL failed: " + e.getMessage(), e);
        }
    }

    /** Creates a SQLite file with the given statements run on it. */
    public static Path sqliteFile(Path dir, String name, String... sql) {
        Path file = dir.resolve(name + ".db");
        run("jdbc:sqlite:" + file, sql);
        return file;
    }

    /** The admin URL of the test PostgreSQL server; skips (or fails in CI) when none can be had. */
    public static synchronized String postgresAdminUrl() {
        if (adminUrl == null && unavailable == null) {
            String env = System.getenv("GABYSQL_TEST_PG_URL");
            if (env != null && !env.isBlank()) {
                adminUrl = env;
            } else {
                try {
                    EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
                    adminUrl = pg.getJdbcUrl("postgres", "postgres");
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                        try {
                            pg.close();
                        } catch (IOException ignored) {
                            // the JVM is going away anyway
                        }
                    }));
                } catch (IOException | RuntimeException e) {
                    unavailable = "no PostgreSQL: GABYSQL_TEST_PG_URL is not set and embedded PostgreSQL failed: "
                            + e.getMessage();
                }
            }
        }
        if (unavailable != null) {
            skipOrFail(unavailable);
        }
        return adminUrl;
    }

    /** Skips the test with a visible reason, or fails it when CI requires every database. */
    public static void skipOrFail(String reason) {
        if ("1".equals(System.getenv("GABYSQL_REQUIRE_ALL_DBS"))
                || "true".equals(System.getenv("GABYSQL_REQUIRE_ALL_DBS"))) {
            throw new IllegalStateException("GABYSQL_REQUIRE_ALL_DBS is set but " + reason);
        }
        Assumptions.abort(reason);
    }

    /** The same server URL pointing at another database. */
    public static String withDatabase(String url, String database) {
        int slash = url.indexOf('/', "jdbc:postgresql://".length());
        int q = url.indexOf('?', slash);
        String query = q < 0 ? "" : url.substring(q);
        return url.substring(0, slash + 1) + database.toLowerCase(Locale.ROOT) + query;
    }

    /** {@link #firstRow(Connection, String)} on a connection of its own to {@code jdbcUrl}. */
    public static String firstRow(String jdbcUrl, String sql) {
        try (Connection c = DriverManager.getConnection(jdbcUrl)) {
            return firstRow(c, sql);
        } catch (SQLException e) {
            throw new IllegalStateException("Query failed: " + e.getMessage(), e);
        }
    }

    /** The first row of a query as {@code v1|v2|…} (nulls as "null"): a compact thing to assert on. */
    public static String firstRow(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            StringBuilder sb = new StringBuilder();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                sb.append(i > 1 ? "|" : "").append(rs.getString(i));
            }
            return sb.toString();
        }
    }
}
