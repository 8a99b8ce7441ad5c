package dev.gabysql.core.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * Real databases for tests, shared by every module's tests (no JDBC mocks anywhere).
 * <ul>
 *   <li>PostgreSQL: {@code GABYSQL_TEST_PG_URL} when set (a JDBC URL of a database the test user may create
 *   databases from), otherwise one embedded PostgreSQL per test JVM. Each caller gets a fresh database.</li>
 *   <li>SQLite: files in a test's temporary directory.</li>
 * </ul>
 * When a server cannot be had, the test is skipped with the reason, unless {@code GABYSQL_REQUIRE_ALL_DBS=1}
 * (set by CI), in which case it fails.
 */
public final class TestDatabases {
    private static String adminUrl;
    private static String unavailable;
    private static final java.util.List<String> CREATED = new java.util.ArrayList<>();

    private TestDatabases() {
    }

    /** A JDBC URL (user in the query string) of a new, empty PostgreSQL database. */
    public static synchronized String newPostgresDatabase() {
        String admin = postgresAdminUrl();
        String name = "gaby_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin); Statement st = c.createStatement()) {
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

    /** Drops the databases this JVM created, so that repeated runs leave the shared server clean. */
    private static synchronized void dropCreated(String admin) {
        try (Connection c = DriverManager.getConnection(admin); Statement st = c.createStatement()) {
            for (String name : CREATED) {
                st.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            }
        } catch (SQLException ignored) {
            // the server went away first (embedded one stopping): nothing left to clean
        }
    }

    /** Runs SQL (several statements allowed) on a database as its owner, outside gabysql. */
    public static void run(String jdbcUrl, String... sql) {
        try (Connection c = DriverManager.getConnection(jdbcUrl); Statement st = c.createStatement()) {
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
    static String withDatabase(String url, String database) {
        int slash = url.indexOf('/', "jdbc:postgresql://".length());
        int q = url.indexOf('?', slash);
        String query = q < 0 ? "" : url.substring(q);
        return url.substring(0, slash + 1) + database.toLowerCase(Locale.ROOT) + query;
    }
}
