package dev.gabysql.core.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A MariaDB server of the tests' own, started once per test JVM with {@code performance_schema=ON} (a server start
 * option; the machine's server, which MariaDB leaves it off on, is not the tests' to restart):
 * {@code mariadb-install-db} into a temporary directory, {@code mariadbd --no-defaults} on a free port of 127.0.0.1,
 * root without a password. As root it runs the server as the {@code mysql} account. The server stops and its
 * directory goes when the JVM ends. Without the binaries the test is skipped with the reason, or fails under
 * {@code GABYSQL_REQUIRE_ALL_DBS=1}.
 */
public final class StatsMariaDb {
    private static final Path INSTALL = Path.of("/usr/bin/mariadb-install-db");
    private static final Path SERVER = Path.of("/usr/sbin/mariadbd");
    private static String adminUrl;
    private static String unavailable;

    private StatsMariaDb() {}

    /** {@code jdbc:mariadb://127.0.0.1:PORT/?user=root} of the server. */
    public static synchronized String adminUrl() {
        if (adminUrl == null && unavailable == null) {
            try {
                adminUrl = start();
            } catch (IOException | RuntimeException e) {
                unavailable = "no MariaDB with performance_schema could be started: " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                unavailable = "interrupted while starting MariaDB";
            }
        }
        if (unavailable != null) {
            TestDatabases.skipOrFail(unavailable);
        }
        return adminUrl;
    }

    /** A new, empty database on that server; its URL as root. */
    public static String newDatabase() {
        String name = "gaby_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        TestDatabases.run(adminUrl(), "CREATE DATABASE " + name);
        return adminUrl().replace("/?", "/" + name + "?");
    }

    private static String start() throws IOException, InterruptedException {
        Server server = startOwn("gabysql-mariadb-stats", dir -> List.of("--performance-schema=ON"), dir -> {});
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        return server.adminUrl();
    }

    /** Prepares a server's directory (owned by the server's account) before it starts: certificates, say. */
    @FunctionalInterface
    public interface DirSetup {
        void prepare(Path dir) throws IOException;
    }

    /**
     * A MariaDB server of a test's own, as this class starts its shared one ({@code mariadb-install-db}, then
     * {@code mariadbd --no-defaults} on a free port of 127.0.0.1, root without a password) with {@code options} (of
     * the server's directory) added to the server's command line, after {@code setup} on its directory. {@link Server#close()} stops it and
     * deletes its files. Without the binaries the test is skipped with the reason, or fails under
     * {@code GABYSQL_REQUIRE_ALL_DBS=1}.
     */
    public static Server startServer(
            String prefix, java.util.function.Function<Path, List<String>> options, DirSetup setup) {
        try {
            return startOwn(prefix, options, setup);
        } catch (IOException | RuntimeException e) {
            TestDatabases.skipOrFail("no MariaDB of the test's own could be started: " + e.getMessage());
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Server startOwn(
            String prefix, java.util.function.Function<Path, List<String>> options, DirSetup setup)
            throws IOException, InterruptedException {
        if (!Files.isExecutable(INSTALL) || !Files.isExecutable(SERVER)) {
            throw new IOException("no " + INSTALL + " and " + SERVER);
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory(prefix);
        UserPrincipal mysql =
                root ? dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("mysql") : null;
        if (root) {
            Files.setOwner(dir, mysql);
        }
        Path data = dir.resolve("data");
        run(
                root,
                INSTALL.toString(),
                "--no-defaults",
                "--datadir=" + data,
                "--auth-root-authentication-method=normal",
                "--skip-test-db");
        setup.prepare(dir);
        if (root) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.setOwner(f, mysql);
                }
            }
        }
        int port = freePort();
        List<String> args = new ArrayList<>(List.of(
                SERVER.toString(),
                "--no-defaults",
                "--datadir=" + data,
                "--port=" + port,
                "--bind-address=127.0.0.1",
                "--socket=" + dir.resolve("sock"),
                "--pid-file=" + dir.resolve("pid"),
                "--skip-log-bin",
                "--innodb-buffer-pool-size=32M"));
        args.addAll(options.apply(dir));
        List<String> cmd = asAccount(root, args.toArray(String[]::new));
        Process process = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("log").toFile())
                .start();
        Server server = new Server(process, dir, port);
        String url = server.adminUrl();
        for (int i = 0; i < 120; i++) {
            try (Connection c = DriverManager.getConnection(url)) {
                return server;
            } catch (SQLException e) {
                if (!process.isAlive()) {
                    String log = Files.readString(dir.resolve("log")).strip();
                    server.close();
                    throw new IOException("mariadbd ended: " + log);
                }
                Thread.sleep(250);
            }
        }
        server.close();
        throw new IOException("mariadbd did not answer at " + url);
    }

    /** A running server of a test's own; {@link #close()} stops it and deletes its directory. */
    public static final class Server implements AutoCloseable {
        private final Process process;
        private final Path dir;
        private final int port;

        Server(Process process, Path dir, int port) {
            this.process = process;
            this.dir = dir;
            this.port = port;
        }

        public int port() {
            return port;
        }

        /** {@code jdbc:mariadb://127.0.0.1:PORT/?user=root}. */
        public String adminUrl() {
            return "jdbc:mariadb://127.0.0.1:" + port + "/?user=root";
        }

        @Override
        public void close() {
            stop(process, dir);
        }
    }

    private static void stop(Process server, Path dir) {
        server.destroy(); // SIGTERM: a clean shutdown
        try {
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        } catch (InterruptedException e) {
            server.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory; the system cleans it
        }
    }

    private static List<String> asAccount(boolean root, String... command) {
        List<String> cmd = new ArrayList<>();
        if (root) {
            cmd.addAll(List.of("runuser", "-u", "mysql", "--"));
        }
        cmd.addAll(List.of(command));
        return cmd;
    }

    private static void run(boolean root, String... command) throws IOException, InterruptedException {
        List<String> cmd = asAccount(root, command);
        Path out = Files.createTempFile("gabysql-mariadb-cmd", ".log");
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
