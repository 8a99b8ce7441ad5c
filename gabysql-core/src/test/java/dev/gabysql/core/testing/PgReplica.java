package dev.gabysql.core.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real streaming replica of the test PostgreSQL server ({@code GABYSQL_TEST_PG_URL}) on a free loopback port, made
 * and driven by {@code src/test/scripts/pg-replica.sh} (docs/deploy.md#read-replicas): {@code pg_basebackup -R -X
 * stream}, then {@code pg_ctl start} as the {@code postgres} OS user. When it cannot be had (no server URL, no
 * PostgreSQL binaries, no right to run them), the test is skipped with the reason, or fails when
 * {@code GABYSQL_REQUIRE_ALL_DBS=1}. Not thread-safe.
 */
public final class PgReplica implements AutoCloseable {
    private static final Path SCRIPT = Path.of("src/test/scripts/pg-replica.sh");
    private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(3);

    private final Path dir;
    private final int port;
    /** The test server's admin URL: its {@code postgres} database is on the replica from the start. */
    private final String adminUrl;

    private PgReplica(Path dir, int port, String adminUrl) {
        this.dir = dir;
        this.port = port;
        this.adminUrl = adminUrl;
    }

    /** Makes and starts the replica of the test server, or skips (fails in CI) with why it cannot. */
    public static PgReplica create() {
        String admin = System.getenv("GABYSQL_TEST_PG_URL");
        if (admin == null || admin.isBlank()) {
            TestDatabases.skipOrFail("a streaming replica needs a PostgreSQL server to copy: set GABYSQL_TEST_PG_URL");
        }
        URI server = URI.create(admin.substring("jdbc:".length()));
        int port = freePort();
        try {
            String out = run(
                    List.of("PGREPLICA_PRIMARY_HOST=" + server.getHost(), "PGREPLICA_PRIMARY_PORT=" + server.getPort()),
                    "create",
                    String.valueOf(port));
            return new PgReplica(Path.of(out.strip()), port, admin);
        } catch (IllegalStateException e) {
            TestDatabases.skipOrFail(
                    "no streaming replica of " + server.getHost() + ":" + server.getPort() + ": " + e.getMessage());
            throw e;
        }
    }

    public int port() {
        return port;
    }

    /** The JDBC URL of {@code database} on the replica, as the primary's {@code url} names it there. */
    public String url(String primaryUrl) {
        return primaryUrl.replaceFirst("//[^/]+/", "//127.0.0.1:" + port + "/");
    }

    /** Fast shutdown, keeping its files. */
    public void stop() {
        run(List.of(), "stop", dir.toString());
    }

    /** Starts it again and waits until it answers. */
    public void start() {
        run(List.of(), "start", dir.toString());
    }

    /** Waits until the replica has replayed everything the primary had written (its databases made since too). */
    public void awaitCaughtUp() {
        try (Connection p = DriverManager.getConnection(adminUrl);
                Connection r = DriverManager.getConnection(url(adminUrl))) {
            String written = TestDatabases.firstRow(p, "SELECT pg_current_wal_lsn()");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!"t"
                    .equals(TestDatabases.firstRow(
                            r, "SELECT pg_last_wal_replay_lsn() >= '" + written + "'::pg_lsn"))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the replica did not replay up to " + written + " in 30 s");
                }
                Thread.sleep(50);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Unable to compare the replica with its primary: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops applying what the primary sends (it keeps receiving it) until {@link #resumeReplay}. */
    public void pauseReplay() {
        try (Connection r = DriverManager.getConnection(url(adminUrl))) {
            TestDatabases.firstRow(r, "SELECT pg_wal_replay_pause()");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!"paused".equals(TestDatabases.firstRow(r, "SELECT pg_get_wal_replay_pause_state()"))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the replica's replay did not pause in 10 s");
                }
                Thread.sleep(20);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Unable to pause the replica's replay: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public void resumeReplay() {
        try (Connection r = DriverManager.getConnection(url(adminUrl))) {
            TestDatabases.firstRow(r, "SELECT pg_wal_replay_resume()");
        } catch (SQLException e) {
            throw new IllegalStateException("Unable to resume the replica's replay: " + e.getMessage(), e);
        }
    }

    /** Stops it if it runs and deletes its files. */
    @Override
    public void close() {
        run(List.of(), "destroy", dir.toString());
    }

    private static String run(List<String> env, String... args) {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        try {
            Path err = Files.createTempFile("pg-replica", ".log");
            try {
                ProcessBuilder pb = new ProcessBuilder(command).redirectError(err.toFile());
                env.forEach(kv ->
                        pb.environment().put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1)));
                Process p = pb.start();
                p.getOutputStream().close();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(SCRIPT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " took over " + SCRIPT_TIMEOUT);
                }
                String log = Files.readString(err).strip();
                System.err.println(log);
                if (p.exitValue() != 0) {
                    throw new IllegalStateException(String.join(" ", command) + " failed: " + log);
                }
                return out;
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("Unable to run " + SCRIPT + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("No free loopback port: " + e.getMessage(), e);
        }
    }
}
