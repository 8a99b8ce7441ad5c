package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP {@code notifications/cancelled} cancels the statement a tool call is running (the SDK ignores the
 * notification; gabysql wires it), and a long call sends progress when the client gave a progress token.
 */
final class CancellationTest {
    private static final String SLEEP_30 = "SELECT pg_sleep(30)";
    private static final String FOREVER =
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)" + " SELECT count(*) FROM c";

    @TempDir
    Path dir;

    GabyService service;
    McpTestClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (service != null) {
            service.close();
        }
    }

    @Test
    void cancellingALongPostgresQueryStopsItAtOnceAndFreesTheConnection() throws Exception {
        DatabaseConfig pg = Shop.postgres();
        start(pg);
        long id = client.nextId();
        CompletableFuture<JsonNode> call = client.send(
                "tools/call", Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", SLEEP_30)), id);
        awaitRunning(pg.url());
        long cancelledAt = System.nanoTime();
        client.notify("notifications/cancelled", Map.of("requestId", id, "reason", "user pressed Esc"));
        JsonNode result = McpTestClient.result(McpTestClient.await(call));
        assertThat((System.nanoTime() - cancelledAt) / 1_000_000).isLessThan(10_000);
        assertCancelled(result);
        assertThat(runningSleeps(pg.url())).isZero();
        JsonNode next = client.call("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1 AS one"));
        assertThat(next.path("isError").asBoolean()).isFalse();
    }

    @Test
    void cancellingALongSqliteQueryStopsIt() throws Exception {
        start(Shop.sqlite(dir));
        long id = client.nextId();
        CompletableFuture<JsonNode> call = client.send(
                "tools/call", Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", FOREVER)), id);
        Thread.sleep(500);
        long cancelledAt = System.nanoTime();
        client.notify("notifications/cancelled", Map.of("requestId", id));
        JsonNode result = McpTestClient.result(McpTestClient.await(call));
        assertThat((System.nanoTime() - cancelledAt) / 1_000_000).isLessThan(10_000);
        assertCancelled(result);
    }

    @Test
    void closingStdinDuringALongPostgresQueryCancelsItAfterTheGraceAndAnswersIt() throws Exception {
        DatabaseConfig pg = Shop.postgres();
        start(pg);
        CompletableFuture<JsonNode> call = client.send(
                "tools/call",
                Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", SLEEP_30)),
                client.nextId());
        awaitRunning(pg.url());
        assertThat(client.closeInputAndAwaitEnd(Duration.ofSeconds(3)))
                .as("ended")
                .isTrue();
        assertThat(call).as("answered before the server ended").isDone();
        assertCancelled(McpTestClient.result(call.get()));
        assertThat(runningSleeps(pg.url())).isZero();
    }

    @Test
    void callsWithAProgressTokenSentBeforeStdinClosesAreAnsweredToo() throws Exception {
        start(Shop.postgres());
        // such calls go through the SDK's session: built (and warmed) first, as a session's earlier calls would
        client.request(
                "tools/call",
                Map.of(
                        "name",
                        "gabysql_query",
                        "arguments",
                        Map.of("db", "shop", "sql", "SELECT 1"),
                        "_meta",
                        Map.of("progressToken", "first")));
        CompletableFuture<JsonNode> shortCall = client.send(
                "tools/call",
                Map.of(
                        "name",
                        "gabysql_query",
                        "arguments",
                        Map.of("db", "shop", "sql", "SELECT pg_sleep(0.3) AS slept"),
                        "_meta",
                        Map.of("progressToken", "short")),
                client.nextId());
        CompletableFuture<JsonNode> longCall = client.send(
                "tools/call",
                Map.of(
                        "name",
                        "gabysql_query",
                        "arguments",
                        Map.of("db", "shop", "sql", SLEEP_30),
                        "_meta",
                        Map.of("progressToken", "long")),
                client.nextId());
        assertThat(client.closeInputAndAwaitEnd(Duration.ofSeconds(3)))
                .as("ended")
                .isTrue();
        assertThat(shortCall).as("answered before the server ended").isDone();
        assertThat(McpTestClient.result(shortCall.get()).path("isError").asBoolean())
                .isFalse();
        assertThat(longCall).as("answered before the server ended").isDone();
        assertCancelled(McpTestClient.result(longCall.get()));
    }

    @Test
    void cancellingAnUnknownOrFinishedRequestChangesNothing() throws Exception {
        start(Shop.sqlite(dir));
        client.notify("notifications/cancelled", Map.of("requestId", 999));
        client.notify("notifications/cancelled", Map.of("requestId", "not-a-request"));
        JsonNode r = client.call("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1"));
        assertThat(r.path("isError").asBoolean()).isFalse();
    }

    @Test
    void aLongCallWithAProgressTokenSendsProgress() throws Exception {
        start(Shop.postgres());
        JsonNode r = McpTestClient.result(client.request(
                "tools/call",
                Map.of(
                        "name",
                        "gabysql_query",
                        "arguments",
                        Map.of("db", "shop", "sql", "SELECT pg_sleep(2.6) AS slept"),
                        "_meta",
                        Map.of("progressToken", "tok-1"))));
        assertThat(r.path("isError").asBoolean()).isFalse();
        List<JsonNode> progress = client.notifications().stream()
                .filter(n -> "notifications/progress".equals(n.path("method").asText()))
                .toList();
        assertThat(progress).hasSizeGreaterThanOrEqualTo(2);
        assertThat(progress.get(0).at("/params/progressToken").asText()).isEqualTo("tok-1");
        assertThat(progress.get(1).at("/params/progress").asDouble())
                .isGreaterThan(progress.get(0).at("/params/progress").asDouble());
    }

    @Test
    void aShortCallOrOneWithoutTokenSendsNoProgress() throws Exception {
        start(Shop.sqlite(dir));
        client.request(
                "tools/call",
                Map.of(
                        "name",
                        "gabysql_query",
                        "arguments",
                        Map.of("db", "shop", "sql", "SELECT 1"),
                        "_meta",
                        Map.of("progressToken", 7)));
        assertThat(client.notifications())
                .noneMatch(n -> n.path("method").asText().contains("progress"));
    }

    private void start(DatabaseConfig db) throws Exception {
        service = Shop.service(Mode.READONLY, db);
        client = McpTestClient.start(service);
    }

    private static void assertCancelled(JsonNode result) {
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at("/structuredContent/error/code").asText()).isEqualTo(ErrorCode.CANCELLED.name());
        assertThat(ToolAssert.text(result)).startsWith("error [CANCELLED]: ").contains("cancelled");
    }

    /** Waits until PostgreSQL shows the sleep running (seen from outside gabysql). */
    private static void awaitRunning(String url) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (runningSleeps(url) == 0) {
            assertThat(System.nanoTime()).as("pg_sleep never started").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static int runningSleeps(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                        + " AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
