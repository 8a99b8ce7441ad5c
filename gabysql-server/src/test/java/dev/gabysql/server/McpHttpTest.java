package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.mcp.GabyMcpServer;
import dev.gabysql.server.Http.Reply;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP over Streamable HTTP at /mcp with the MCP Java SDK's own client: the same tools as stdio, the bearer token
 * required, its mode capping the session, Origin checked, and error bodies free of Java internals.
 */
class McpHttpTest {
    static final String WRITER = "writer-token-0123456789";
    static final String READER = "reader-token-0123456789";

    @TempDir
    static Path dir;

    static TestServer server;
    static URI base;

    @BeforeAll
    static void start() {
        server = TestServer.start(
                TestServer.list(TestServer.shop(dir), TestServer.postgres()),
                Mode.READWRITE,
                ServerOptions.defaults()
                        .withTokens(List.of(
                                ApiToken.parse(WRITER, "writer"), ApiToken.parse(READER + ":readonly", "reader"))));
        base = server.uri();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static McpSyncClient client(String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base.toString())
                .endpoint("/mcp")
                .jsonMapper(GabyMcpServer.jsonMapper())
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("mcp-http-test", "1"))
                .build();
        client.initialize();
        return client;
    }

    @Test
    void theSameToolsAnswerOverHttp() {
        try (McpSyncClient c = client(WRITER)) {
            List<String> tools =
                    c.listTools().tools().stream().map(McpSchema.Tool::name).toList();
            assertThat(tools).contains("gabysql_query", "gabysql_describe_database", "gabysql_execute");
            McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest(
                    "gabysql_query", Map.of("db", "pg", "sql", "SELECT name FROM items WHERE id = 7")));
            assertThat(r.isError()).isNotEqualTo(Boolean.TRUE);
            assertThat(r.content().toString()).contains("item 7");
            McpSchema.CallToolResult refused = c.callTool(
                    new McpSchema.CallToolRequest("gabysql_query", Map.of("db", "shop", "sql", "DELETE FROM orders")));
            assertThat(refused.isError()).isTrue();
            assertThat(c.listResources().resources()).isNotEmpty();
        }
    }

    @Test
    void aReadonlyTokenSessionHasNoWriteToolAndCannotForceIt() {
        try (McpSyncClient c = client(READER)) {
            assertThat(c.listTools().tools()).extracting(McpSchema.Tool::name).doesNotContain("gabysql_execute");
            McpSchema.CallToolResult forced = c.callTool(new McpSchema.CallToolRequest(
                    "gabysql_execute", Map.of("db", "shop", "sql", "DELETE FROM orders WHERE id = 1")));
            assertThat(forced.isError()).isTrue();
        }
        assertThat(Http.post(
                                base,
                                "/sql",
                                Http.sql("shop", "SELECT count(*) FROM orders"),
                                "Authorization",
                                "Bearer " + WRITER)
                        .json()
                        .at("/rows/0/0")
                        .asInt())
                .isEqualTo(3);
    }

    @Test
    void noOrWrongTokenIs401BeforeTheSdk() {
        assertError(Http.post(base, "/mcp", initialize()), 401, "UNAUTHORIZED");
        assertError(
                Http.post(base, "/mcp", initialize(), "Authorization", "Bearer nope-nope-nope-nope"),
                401,
                "UNAUTHORIZED");
    }

    @Test
    void aForeignOriginIsRefused() {
        Reply r = Http.post(
                base,
                "/mcp",
                initialize(),
                "Authorization",
                "Bearer " + WRITER,
                "Accept",
                "application/json, text/event-stream",
                "Origin",
                "https://evil.example");
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void errorBodiesCarryNoJavaInternals() {
        Reply garbage = Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\": \"2.0\", \"method\": 12, \"id\": [",
                "Authorization",
                "Bearer " + WRITER,
                "Accept",
                "application/json, text/event-stream");
        assertThat(garbage.status()).isBetween(400, 499);
        assertThat(garbage.body())
                .doesNotContain("stackTrace")
                .doesNotContain("Exception")
                .doesNotContain("\tat ")
                .doesNotContain("io.modelcontextprotocol")
                .doesNotContain("StreamReadFeature");
        Reply noSession = Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\":\"2.0\",\"method\":\"tools/list\",\"id\":1}",
                "Authorization",
                "Bearer " + WRITER,
                "Accept",
                "application/json, text/event-stream");
        assertThat(noSession.status()).isBetween(400, 499);
        assertThat(noSession.body()).doesNotContain("stackTrace").doesNotContain("Exception");
        assertThat(noSession.json().at("/jsonrpc").asText()).isEqualTo("2.0");
    }

    @Test
    void messagesThatAreNoJsonRpcObjectGetAPlainErrorAndTheSessionGoesOn() {
        String[] auth = {"Authorization", "Bearer " + WRITER, "Accept", "application/json, text/event-stream"};
        Reply init = Http.post(base, "/mcp", initialize(), auth);
        String[] inSession = {auth[0], auth[1], auth[2], auth[3], "Mcp-Session-Id", init.header("Mcp-Session-Id")};
        Http.post(base, "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", inSession);
        for (String body : new String[] {
            "null",
            "\"text\"",
            "42",
            "[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}]",
            "{\"jsonrpc\":\"2.0\",\"id\":4}"
        }) {
            Reply r = Http.post(base, "/mcp", body, inSession);
            assertThat(r.status()).as(body).isBetween(400, 499);
            assertThat(r.json().at("/error/code").asInt()).as(body).isEqualTo(-32600);
            assertThat(r.body()).as(body).doesNotContain("java.", "Cannot invoke", "HashMap", "JsonToken", "Exception");
        }
        Reply ping = Http.post(base, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}", inSession);
        assertThat(ping.status()).isEqualTo(200);
        assertThat(ping.body()).contains("\"id\":5");
    }

    @Test
    void notificationsCancelledCancelsTheRunningStatement() throws Exception {
        String[] auth = {"Authorization", "Bearer " + WRITER, "Accept", "application/json, text/event-stream"};
        Reply init = Http.post(base, "/mcp", initialize(), auth);
        String session = init.header("Mcp-Session-Id");
        assertThat(session).isNotBlank();
        String[] inSession = {auth[0], auth[1], auth[2], auth[3], "Mcp-Session-Id", session};
        Http.post(base, "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", inSession);

        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        long start = System.nanoTime();
        java.util.concurrent.Future<Reply> call = pool.submit(() -> Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\":\"2.0\","
                        + "\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"gabysql_query\",\"arguments\":{"
                        + "\"db\":\"pg\",\"sql\":\"SELECT pg_sleep(30)\"}}}",
                inSession));
        TestServer.waitUntil(() -> sleeping() == 1);
        Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                        + "\"params\":{\"requestId\":7,\"reason\":\"test\"}}",
                inSession);
        Reply answer = call.get(25, java.util.concurrent.TimeUnit.SECONDS);
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(25_000);
        assertThat(answer.body()).contains("CANCELLED");
        TestServer.waitUntil(() -> sleeping() == 0);
        pool.shutdown();
    }

    private static long sleeping() {
        Reply r = Http.post(
                base,
                "/sql",
                Http.sql(
                        "pg",
                        "SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                                + " AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()"),
                "Authorization",
                "Bearer " + WRITER);
        return r.json().at("/rows/0/0").asLong();
    }

    static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
    }
}
