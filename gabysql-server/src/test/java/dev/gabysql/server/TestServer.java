package dev.gabysql.server;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real {@code gabysql serve} for tests: a LocalGabyService over real databases (a SQLite file, optionally a
 * fresh PostgreSQL database), on a free loopback port, with the access log captured.
 */
public final class TestServer implements AutoCloseable {
    public final GabyService service;
    public final GabyServer server;
    private final ByteArrayOutputStream log;

    private TestServer(GabyService service, GabyServer server, ByteArrayOutputStream log) {
        this.service = service;
        this.server = server;
        this.log = log;
    }

    public static TestServer start(List<DatabaseConfig> dbs, Mode mode, ServerOptions options) {
        return start(dbs, Settings.DEFAULT.withMode(mode).withApproval(ApprovalPolicy.AGENT), options);
    }

    /** A server whose writes a person approves (approval human), pending writes kept in {@code approvals}. */
    public static TestServer startHuman(List<DatabaseConfig> dbs, Mode mode, ServerOptions options, Path approvals) {
        return startHuman(dbs, mode, options, approvals, null);
    }

    /** The same, with its audit log in {@code auditLog} (null: none). */
    public static TestServer startHuman(
            List<DatabaseConfig> dbs, Mode mode, ServerOptions options, Path approvals, Path auditLog) {
        return start(
                dbs,
                Settings.DEFAULT
                        .withMode(mode)
                        .withAuditLog(auditLog)
                        .withApprovals(new Settings.Approvals(
                                ApprovalPolicy.HUMAN, approvals, Settings.Approvals.DEFAULT.ttl())),
                options);
    }

    private static TestServer start(List<DatabaseConfig> dbs, Settings settings, ServerOptions options) {
        GabyService service = new LocalGabyService(new Catalog(dbs), settings);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        GabyServer server =
                GabyServer.start(service, options.withPort(0), new PrintStream(log, true, StandardCharsets.UTF_8));
        return new TestServer(service, server, log);
    }

    /** A SQLite file `shop` with a small table of orders. */
    public static DatabaseConfig shop(Path dir) {
        Path file = TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
                "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),"
                        + " total NUMERIC)",
                "INSERT INTO customers VALUES (1, 'Ada'), (2, 'Grace'), (3, 'Linus')",
                "INSERT INTO orders VALUES (1, 1, 10.5), (2, 1, 20), (3, 2, 7.25)");
        return DatabaseConfig.sqlite("shop", file);
    }

    /** A fresh PostgreSQL database `pg` with a table of items (skips when no PostgreSQL can be had). */
    public static DatabaseConfig postgres() {
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(
                url,
                "CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL, price numeric(10,2))",
                "INSERT INTO items (name, price) SELECT 'item ' || g, g * 1.5 FROM generate_series(1, 50) g");
        return DatabaseConfig.of("pg", url).description("test items").build();
    }

    public static List<DatabaseConfig> list(DatabaseConfig... dbs) {
        return new ArrayList<>(List.of(dbs));
    }

    /** Waits (at most 10 s) until the condition holds; fails otherwise. */
    public static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached in 10 s");
            }
            Thread.sleep(10);
        }
    }

    public URI uri() {
        return server.uri();
    }

    public String accessLog() {
        return log.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        server.close();
        service.close();
    }
}
