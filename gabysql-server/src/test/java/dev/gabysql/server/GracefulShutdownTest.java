package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Stopping the server lets the call in flight finish: a write that was committing is committed and answered. */
class GracefulShutdownTest {

    @Test
    void aConfirmInFlightWhenTheServerStopsIsCommittedAndAnswered() throws Exception {
        DatabaseConfig pg = TestServer.postgres();
        TestServer server = TestServer.start(TestServer.list(pg), Mode.READWRITE, ServerOptions.defaults());
        URI base = server.uri();
        String sql = "UPDATE items SET name = 'changed' WHERE id = 1 AND pg_sleep(1.5) IS NOT NULL";
        Reply preview = Http.post(base, "/sql", WritesOverHttpTest.write("pg", sql, null));
        assertThat(preview.json().get("affected_rows").asLong())
                .as(preview.body())
                .isEqualTo(1);
        String token = preview.json().get("confirm_token").asText();

        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Reply> confirm = pool.submit(() -> Http.post(base, "/sql", WritesOverHttpTest.write("pg", sql, token)));
        TestServer.waitUntil(() -> server.server.inFlight() == 1);
        long start = System.nanoTime();
        server.close();
        long stopMillis = (System.nanoTime() - start) / 1_000_000;

        Reply committed = confirm.get(10, TimeUnit.SECONDS);
        assertThat(committed.status()).as(committed.body()).isEqualTo(200);
        assertThat(committed.json().get("status").asText()).isEqualTo("committed");
        assertThat(WritesOverHttpTest.count(pg.url(), "SELECT count(*) FROM items WHERE name = 'changed'"))
                .isEqualTo(1);
        assertThat(stopMillis).isLessThan(15_000);
        pool.shutdown();
    }

    @Test
    void theStopIsBoundedByTheStopTimeout() throws Exception {
        DatabaseConfig pg = TestServer.postgres();
        TestServer server = TestServer.start(
                TestServer.list(pg),
                Mode.READONLY,
                ServerOptions.defaults().withStopTimeout(java.time.Duration.ofSeconds(1)));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Reply> slow = pool.submit(() -> Http.post(server.uri(), "/sql", Http.sql("pg", "SELECT pg_sleep(20)")));
        TestServer.waitUntil(() -> server.server.inFlight() == 1);
        long start = System.nanoTime();
        server.close();
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(8_000);
        TestServer.waitUntil(() -> sleepersIn(pg) == 0);
        try {
            slow.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException expected) {
            // the connection was closed under it: the point is that stop did not wait 20 s
        }
        pool.shutdown();
    }

    @Test
    void anOpenMcpEventStreamDoesNotHoldUpTheStop() throws Exception {
        TestServer server = TestServer.start(
                TestServer.list(TestServer.postgres()),
                Mode.READONLY,
                ServerOptions.defaults().withStopTimeout(java.time.Duration.ofSeconds(20)));
        URI base = server.uri();
        String[] accept = {"Accept", "application/json, text/event-stream"};
        Reply init = Http.post(base, "/mcp", McpHttpTest.initialize(), accept);
        String session = init.header("Mcp-Session-Id");
        Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                accept[0],
                accept[1],
                "Mcp-Session-Id",
                session);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Reply> stream = pool.submit(() -> Http.send(
                java.net.http.HttpRequest.newBuilder(URI.create(base + "/mcp")).GET(),
                "Accept",
                "text/event-stream",
                "Mcp-Session-Id",
                session));
        Thread.sleep(500); // the GET is now an open event stream, holding no permit
        assertThat(server.server.inFlight()).isZero();
        long start = System.nanoTime();
        server.close();
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(10_000); // far below the 20 s stop timeout
        try {
            stream.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException closed) {
            // the stream was closed by the stop: expected
        }
        pool.shutdown();
    }

    /** Statements of the test still running in PostgreSQL (the stop must cancel them, not leave them). */
    private static long sleepersIn(DatabaseConfig pg) {
        try {
            return WritesOverHttpTest.count(
                    pg.url(),
                    "SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                            + " AND query LIKE '%pg_sleep(20)%' AND pid <> pg_backend_pid()");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
