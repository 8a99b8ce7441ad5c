package dev.gabysql.core.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of the tests' own, started once per test JVM with {@code pg_stat_statements} loaded
 * ({@code shared_preload_libraries} needs a server start, and the machine's server is not the tests' to restart):
 * {@code initdb} into a temporary directory, {@code pg_ctl start} on a free port of 127.0.0.1, the socket in that
 * directory, trust authentication. As root it runs the binaries as the {@code postgres} account ({@code runuser}),
 * since PostgreSQL refuses to run as root. The server stops and its directory goes when the JVM ends. Binaries:
 * {@code GABYSQL_TEST_PG_BIN}, else the newest {@code /usr/lib/postgresql/N/bin}. Without them the test is skipped
 * with the reason, or fails under {@code GABYSQL_REQUIRE_ALL_DBS=1}.
 */
public final class StatsPostgres {
    private static String adminUrl;
    private static String unavailable;

    private StatsPostgres() {}

    /** The URL of the server's {@code postgres} database as the superuser {@code postgres}. */
    public static synchronized String adminUrl() {
        if (adminUrl == null && unavailable == null) {
            try {
                adminUrl = start();
            } catch (IOException | RuntimeException e) {
                unavailable = "no PostgreSQL with pg_stat_statements could be started: " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                unavailable = "interrupted while starting PostgreSQL";
            }
        }
        if (unavailable != null) {
            TestDatabases.skipOrFail(unavailable);
        }
        return adminUrl;
    }

    /** A new, empty database on that server, with the extensions named created in it; its URL as the superuser. */
    public static String newDatabase(String... extensions) {
        String admin = adminUrl();
        String name = "gaby_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        TestDatabases.run(admin, "CREATE DATABASE " + name);
        String url = TestDatabases.withDatabase(admin, name);
        for (String e : extensions) {
            TestDatabases.run(url, "CREATE EXTENSION IF NOT EXISTS " + e);
        }
        return url;
    }

    /** The same database, as another role (with password-less trust). */
    public static String as(String url, String role) {
        return url.replace("user=postgres", "user=" + role);
    }

    private static String start() throws IOException, InterruptedException {
        Server server = startServer(
                "gabysql-pg-stats",
                "-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all",
                "127.0.0.1",
                data -> {});
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        return server.adminUrl();
    }

    /** Prepares a new data directory before its server first starts (certificates, pg_hba.conf lines). */
    @FunctionalInterface
    public interface DataSetup {
        void prepare(Path data) throws IOException;
    }

    /**
     * A PostgreSQL server of a test's own, as this class starts its shared one: {@code initdb} into a new temporary
     * directory, {@code setup} on the data directory, then {@code pg_ctl start} on a free port with {@code options}
     * (server {@code -c} settings), listening on {@code listen} (PostgreSQL's listen_addresses), trust
     * authentication from loopback. {@link Server#close()} stops it and deletes its files. Without the binaries the
     * test is skipped with the reason, or fails under {@code GABYSQL_REQUIRE_ALL_DBS=1}.
     */
    public static Server startServer(String prefix, String options, String listen, DataSetup setup) {
        try {
            return startOwn(prefix, options, listen, setup);
        } catch (IOException | RuntimeException e) {
            TestDatabases.skipOrFail("no PostgreSQL of the test's own could be started: " + e.getMessage());
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Server startOwn(String prefix, String options, String listen, DataSetup setup)
            throws IOException, InterruptedException {
        Path bin = binaries();
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory(prefix);
        if (root) {
            UserPrincipal postgres =
                    dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            Files.setOwner(dir, postgres);
        }
        Path data = dir.resolve("data");
        int port = freePort();
        run(
                root,
                bin.resolve("initdb").toString(),
                "-D",
                data.toString(),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-sync",
                "--no-instructions");
        setup.prepare(data);
        if (root) {
            UserPrincipal postgres =
                    dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            try (Stream<Path> all = Files.walk(data)) {
                for (Path p : all.toList()) {
                    Files.setOwner(p, postgres);
                }
            }
        }
        run(
                root,
                bin.resolve("pg_ctl").toString(),
                "-D",
                data.toString(),
                "-l",
                dir.resolve("log").toString(),
                "-w",
                "-t",
                "60",
                "-o",
                "-p " + port + " -k " + dir + " -c listen_addresses=" + listen + " " + options
                        + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
                "start");
        Server server = new Server(port, root, bin, data, dir);
        String url = server.adminUrl();
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("SELECT 1");
        } catch (SQLException e) {
            server.close();
            throw new IOException("started, but does not answer at " + url + ": " + e.getMessage(), e);
        }
        return server;
    }

    /** A running server of a test's own; {@link #close()} stops it and deletes its directory. */
    public static final class Server implements AutoCloseable {
        private final int port;
        private final boolean root;
        private final Path bin;
        private final Path data;
        private final Path dir;

        Server(int port, boolean root, Path bin, Path data, Path dir) {
            this.port = port;
            this.root = root;
            this.bin = bin;
            this.data = data;
            this.dir = dir;
        }

        public int port() {
            return port;
        }

        /** {@code jdbc:postgresql://127.0.0.1:PORT/postgres?user=postgres}. */
        public String adminUrl() {
            return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
        }

        @Override
        public void close() {
            stop(root, bin, data, dir);
        }
    }

    private static void stop(boolean root, Path bin, Path data, Path dir) {
        try {
            run(root, bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "-w", "stop");
        } catch (IOException | RuntimeException e) {
            // the JVM ends anyway; a server left running is visible in its log
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory; the system cleans it
        }
    }

    private static Path binaries() throws IOException {
        String env = System.getenv("GABYSQL_TEST_PG_BIN");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        Path base = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(base)) {
            throw new IOException("no " + base + " (set GABYSQL_TEST_PG_BIN to a PostgreSQL bin directory)");
        }
        try (Stream<Path> versions = Files.list(base)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparingInt(b -> Integer.parseInt(
                            b.getParent().getFileName().toString().replaceAll("\\D", "0"))))
                    .orElseThrow(() -> new IOException("no initdb under " + base + "/*/bin"));
        }
    }

    private static void run(boolean root, String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        if (root) {
            cmd.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        cmd.addAll(List.of(command));
        Path out = Files.createTempFile("gabysql-pg-cmd", ".log");
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish");
            }
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: "
                        + Files.readString(out).strip());
            }
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
