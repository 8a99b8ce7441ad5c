package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.mcp.McpFrames;
import dev.gabysql.mcp.McpTestClient;
import dev.gabysql.mcp.ShopServiceFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The stdio server ends promptly when the client closes stdin — also with a request that came before
 * {@code notifications/initialized} (which the MCP Java SDK can leave hanging), with a call still running, or after a
 * garbage line — and its stdout carries JSON-RPC frames only.
 */
final class StdioLifecycleTest extends ShopServiceFixture {
    private static final Duration PROMPTLY = Duration.ofSeconds(2);
    private static final String FOREVER =
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)" + " SELECT count(*) FROM c";
    /** A query that takes SQLite a few tenths of a second. */
    private static final String COUNT_TO_300K = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c"
            + " WHERE x < 300000) SELECT count(*) FROM c";

    @Test
    void endsWhenStdinClosesAfterASession() throws Exception {
        McpTestClient client = McpTestClient.start(service);
        client.call("gabysql_list_databases", Map.of());
        assertThat(client.closeInputAndAwaitEnd(PROMPTLY)).isTrue();
        assertThat(client.frames())
                .isNotEmpty()
                .allSatisfy(f -> assertThat(McpFrames.isJsonRpc(f)).as(f).isTrue());
    }

    @Test
    void endsWhenStdinClosesAfterARequestBeforeInitialized() throws Exception {
        McpTestClient client = McpTestClient.raw(service);
        client.request(
                "initialize",
                Map.of(
                        "protocolVersion",
                        "2025-06-18",
                        "capabilities",
                        Map.of(),
                        "clientInfo",
                        Map.of("name", "early", "version", "1")));
        CompletableFuture<JsonNode> early = client.send("tools/list", Map.of(), client.nextId());
        assertThat(client.closeInputAndAwaitEnd(PROMPTLY)).isTrue();
        if (early.isDone()) {
            assertThat(early.get().has("error")).isTrue();
        }
    }

    @Test
    void endsWhenStdinClosesDuringALongCall() throws Exception {
        McpTestClient client = McpTestClient.start(service);
        client.send(
                "tools/call",
                Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", FOREVER)),
                client.nextId());
        Thread.sleep(300);
        assertThat(client.closeInputAndAwaitEnd(PROMPTLY)).isTrue();
    }

    @Test
    void callsSentBeforeStdinClosesAreAnsweredBeforeTheServerEnds() throws Exception {
        McpTestClient client = McpTestClient.start(service);
        List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
        answers.add(client.send(
                "tools/call",
                Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", COUNT_TO_300K)),
                client.nextId()));
        for (int i = 0; i < 5; i++) {
            answers.add(client.send(
                    "tools/call",
                    Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", "SELECT " + i + " AS i")),
                    client.nextId()));
        }
        answers.add(client.send("tools/list", Map.of(), client.nextId()));
        assertThat(client.closeInputAndAwaitEnd(PROMPTLY)).isTrue();
        assertThat(answers)
                .as("answered when the server ended")
                .allSatisfy(a -> assertThat(a).isDone());
        assertThat(McpTestClient.result(answers.get(0).get())
                        .at("/structuredContent/rows/0/0")
                        .asInt())
                .isEqualTo(300_000);
        for (int i = 1; i <= 5; i++) {
            assertThat(McpTestClient.result(answers.get(i).get())
                            .at("/structuredContent/rows/0/0")
                            .asInt())
                    .isEqualTo(i - 1);
        }
        assertThat(McpTestClient.result(answers.get(6).get()).path("tools").size())
                .isPositive();
    }

    @Test
    void aCallStillRunningAfterTheGraceIsCancelledAndAnsweredSo() throws Exception {
        McpTestClient client = McpTestClient.start(service);
        CompletableFuture<JsonNode> endless = client.send(
                "tools/call",
                Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", FOREVER)),
                client.nextId());
        long closedAt = System.nanoTime();
        assertThat(client.closeInputAndAwaitEnd(PROMPTLY)).isTrue();
        assertThat((System.nanoTime() - closedAt) / 1_000_000).isGreaterThanOrEqualTo(SessionEnd.GRACE.toMillis());
        assertThat(endless).isDone();
        JsonNode result = McpTestClient.result(endless.get());
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at("/structuredContent/error/code").asText()).isEqualTo("CANCELLED");
    }

    @Test
    void endsWhenStdinClosesWithAPingLeftHangingBeforeInitialized() throws Exception {
        McpTestClient client = McpTestClient.raw(service);
        client.request(
                "initialize",
                Map.of(
                        "protocolVersion",
                        "2025-06-18",
                        "capabilities",
                        Map.of(),
                        "clientInfo",
                        Map.of("name", "early", "version", "1")));
        client.send("ping", null, client.nextId()); // the MCP Java SDK 2.1.0 never answers this one
        Thread.sleep(200);
        assertThat(client.closeInputAndAwaitEnd(PROMPTLY)).isTrue();
        assertThat(client.frames())
                .allSatisfy(f -> assertThat(McpFrames.isJsonRpc(f)).as(f).isTrue());
    }

    @Test
    void manyConcurrentCallsAllGetTheirAnswer() throws Exception {
        try (McpTestClient client = McpTestClient.start(service)) {
            List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                answers.add(client.send(
                        "tools/call",
                        Map.of(
                                "name",
                                "gabysql_query",
                                "arguments",
                                Map.of("db", "shop", "sql", "SELECT " + i + " AS i")),
                        client.nextId()));
            }
            for (int i = 0; i < answers.size(); i++) {
                JsonNode r = McpTestClient.result(McpTestClient.await(answers.get(i)));
                assertThat(r.at("/structuredContent/rows/0/0").asInt()).isEqualTo(i);
            }
        }
    }

    @Test
    void aGarbageLineDoesNotLeaveAHangingProcess() throws Exception {
        McpTestClient client = McpTestClient.start(service);
        client.write("this is not json");
        client.write("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"ping\"}");
        Thread.sleep(300);
        assertThat(client.closeInputAndAwaitEnd(PROMPTLY)).isTrue();
        assertThat(client.frames())
                .allSatisfy(f -> assertThat(McpFrames.isJsonRpc(f)).as(f).isTrue());
    }
}
