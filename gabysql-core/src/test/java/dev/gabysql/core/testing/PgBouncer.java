package dev.gabysql.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PgBouncer of the test run's own in front of the test PostgreSQL ({@link TestDatabases}): a pgbouncer.ini and a
 * userlist written to a temporary directory, the {@code pgbouncer} binary (Debian's package: /usr/sbin/pgbouncer, or
 * {@code GABYSQL_TEST_PGBOUNCER}) started as a child process on a free loopback port, stopped by {@link #close()}
 * (the shared ones at the JVM's exit). Every database of the server is reachable through it under its own name, as
 * the same user. PgBouncer refuses to run as root, so under root it is started with {@code -u nobody}.
 *
 * <p>When pgbouncer is not installed, the test is skipped with the reason, unless {@code GABYSQL_REQUIRE_ALL_DBS=1}
 * (CI, whose {@code .ci/run} installs it), in which case it fails. Thread-safe.
 */
public final class PgBouncer implements AutoCloseable {
    /** PgBouncer's {@code pool_mode}. */
    public enum PoolMode {
        SESSION,
        TRANSACTION,
        STATEMENT;

        String ini() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final Pattern SERVER = Pattern.compile("jdbc:postgresql://([^/:?]+)(?::(\\d+))?/([^?]*)(\\?.*)?");
    private static final Map<PoolMode, PgBouncer> SHARED = new EnumMap<>(PoolMode.class);

    private final PoolMode mode;
    private final Path dir;
    private final String user;
    private final int port;
    private Process process;

    private PgBouncer(PoolMode mode, int poolSize, boolean ignoresOptions) throws IOException {
        this.mode = mode;
        Path binary = binary();
        Matcher m = SERVER.matcher(TestDatabases.postgresAdminUrl());
        if (!m.matches()) {
            throw new IllegalStateException("cannot read the test PostgreSQL's host and port");
        }
        String query = m.group(4) == null ? "" : m.group(4).substring(1);
        this.user = param(query, "user", "postgres");
        String password = param(query, "password", "");
        this.dir = Files.createTempDirectory("gabysql-pgbouncer");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x")); // read by `nobody`
        Files.writeString(dir.resolve("userlist.txt"), "\"" + user + "\" \"" + password + "\"\n");
        this.port = freePort();
        Files.writeString(dir.resolve("pgbouncer.ini"), ini(m.group(1), m.group(2), poolSize, ignoresOptions));
        for (String f : new String[] {"pgbouncer.ini", "userlist.txt"}) {
            Files.setPosixFilePermissions(dir.resolve(f), PosixFilePermissions.fromString("rw-r--r--"));
        }
        start(binary);
    }

    /**
     * The instance in this pool mode that the test JVM shares (20 server connections a database, start-up
     * {@code options} ignored as pgJDBC needs unless gabysql is told of the pooler), started on first use.
     */
    public static synchronized PgBouncer shared(PoolMode mode) {
        PgBouncer b = SHARED.get(mode);
        if (b == null) {
            b = start(mode, 20, true);
            SHARED.put(mode, b);
            if (SHARED.size() == 1) {
                Runtime.getRuntime().addShutdownHook(new Thread(PgBouncer::stopShared));
            }
        }
        return b;
    }

    /**
     * An instance of the caller's own: {@code poolSize} server connections a database (1: every client of a
     * database shares one server backend), {@code ignoresOptions} whether it ignores the start-up parameter
     * {@code options} (otherwise it refuses a client that sends it).
     */
    public static PgBouncer start(PoolMode mode, int poolSize, boolean ignoresOptions) {
        try {
            return new PgBouncer(mode, poolSize, ignoresOptions);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized void stopShared() {
        SHARED.values().forEach(PgBouncer::close);
    }

    /** The binary, or a skip (a failure in CI) saying how to install it. */
    private static Path binary() {
        String given = System.getenv("GABYSQL_TEST_PGBOUNCER");
        for (String candidate : new String[] {given, "/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"}) {
            if (candidate != null && !candidate.isBlank() && Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        TestDatabases.skipOrFail("pgbouncer is not installed (apt-get install pgbouncer, or set GABYSQL_TEST_PGBOUNCER"
                + " to its path)");
        throw new IllegalStateException("unreachable");
    }

    private String ini(String host, String serverPort, int poolSize, boolean ignoresOptions) {
        return "[databases]\n"
                + "* = host=" + host + " port=" + (serverPort == null ? "5432" : serverPort) + "\n"
                + "\n[pgbouncer]\n"
                + "listen_addr = 127.0.0.1\n"
                + "listen_port = " + port + "\n"
                + "unix_socket_dir =\n"
                + "auth_type = trust\n"
                + "auth_file = " + dir.resolve("userlist.txt") + "\n"
                + "admin_users = " + user + "\n"
                + "pool_mode = " + mode.ini() + "\n"
                + "default_pool_size = " + poolSize + "\n"
                + "max_client_conn = 500\n"
                + "ignore_startup_parameters = extra_float_digits" + (ignoresOptions ? ", options" : "") + "\n";
    }

    /** Starts the process on this instance's port (again, after {@link #stop()}) and waits until it listens. */
    private synchronized void start(Path binary) throws IOException {
        ProcessBuilder pb = "root".equals(System.getProperty("user.name"))
                ? new ProcessBuilder(
                        binary.toString(),
                        "-u",
                        "nobody",
                        dir.resolve("pgbouncer.ini").toString())
                : new ProcessBuilder(
                        binary.toString(), dir.resolve("pgbouncer.ini").toString());
        process = pb.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("pgbouncer.log").toFile()))
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("pgbouncer exited with " + process.exitValue() + ": " + log());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                pause(50);
            }
        }
        throw new IllegalStateException("pgbouncer did not listen on port " + port + " within 15 s: " + log());
    }

    /** The same database and user as {@code directUrl} (a URL of the test PostgreSQL), through this PgBouncer. */
    public String url(String directUrl) {
        Matcher m = SERVER.matcher(directUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a URL of the test PostgreSQL: " + directUrl);
        }
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + m.group(3) + (m.group(4) == null ? "" : m.group(4));
    }

    public PoolMode mode() {
        return mode;
    }

    public int port() {
        return port;
    }

    /** Stops the process (SIGTERM: PgBouncer's immediate shutdown; every client connection drops). */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    /** Starts it again on the same port, with the same configuration. */
    public synchronized void restart() {
        stop();
        try {
            start(binary());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs a command on PgBouncer's admin console ({@code PAUSE db}, {@code KILL db}, {@code SHOW POOLS} …) with
     * psql: the console speaks the simple query protocol only, and reports a server version pgJDBC would answer
     * with SET statements it refuses.
     */
    public String admin(String command) {
        try {
            Process p = new ProcessBuilder(
                            "psql",
                            "-X",
                            "-A",
                            "-t",
                            "-h",
                            "127.0.0.1",
                            "-p",
                            Integer.toString(port),
                            "-U",
                            user,
                            "-d",
                            "pgbouncer",
                            "-c",
                            command)
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("PgBouncer's console refused `" + command + "`: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("psql is needed for PgBouncer's console", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** What PgBouncer logged so far. */
    public String log() {
        try {
            return Files.readString(dir.resolve("pgbouncer.log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        stop();
        try (var files = Files.list(dir)) {
            files.forEach(f -> f.toFile().delete());
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temporary directory left behind
        }
    }

    private static String param(String query, String name, String otherwise) {
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return otherwise;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
