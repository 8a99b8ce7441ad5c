package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.json.Json;
import dev.gabysql.core.testing.TestDatabases;
import dev.gabysql.mcp.GabyMcpServer;
import dev.gabysql.mcp.tool.ToolSelection;
import dev.gabysql.server.Http.Reply;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gabysql serve --mcp-stateless}: /mcp without sessions, on two replicas (two servers, two services) over the
 * same SQLite file and PostgreSQL database, with their writes waiting for a person in one shared approvals
 * directory. Every request stands alone: no {@code Mcp-Session-Id}, any replica answers it (the MCP Java SDK's own
 * client behind a round-robin balancer), the token and its cap apply per request, and a write waits for a person even
 * when the client declared elicitation. The database is read afterwards each time.
 */
class McpStatelessTest {
    static final String WRITER = "writer-token-0123456789";
    static final String READER = "reader-token-0123456789";
    static final String APPROVER = "approver-token-0123456789";

    @TempDir
    static Path dir;

    static DatabaseConfig shop;
    static DatabaseConfig pg;
    static TestServer a;
    static TestServer b;
    static RoundRobin balancer;

    @BeforeAll
    static void start() throws IOException {
        shop = TestServer.shop(dir);
        pg = TestServer.postgres();
        a = replica(true);
        b = replica(true);
        balancer = RoundRobin.over(a.uri(), b.uri());
    }

    @AfterAll
    static void stop() {
        balancer.close();
        a.close();
        b.close();
    }

    /** A server over the shared databases and approvals, with or without sessions at /mcp. */
    static TestServer replica(boolean stateless) {
        return replica(stateless, ToolSelection.EVERY_TOOL);
    }

    static TestServer replica(boolean stateless, ToolSelection tools) {
        ServerOptions.Mcp mcp = ServerOptions.Mcp.DEFAULT;
        return TestServer.startHuman(
                TestServer.list(shop, pg),
                Mode.READWRITE,
                ServerOptions.defaults()
                        .withTokens(List.of(
                                ApiToken.parse(WRITER, "writer"),
                                ApiToken.parse(READER + ":readonly", "reader"),
                                ApiToken.approver(APPROVER, "alice")))
                        .withMcp(new ServerOptions.Mcp(
                                mcp.version(),
                                mcp.keepAlive(),
                                mcp.sessionTimeout(),
                                mcp.maxSessions(),
                                tools,
                                stateless)),
                dir.resolve("approvals"));
    }

    @Test
    void initializeToolsListAndToolsCallNeedNoSessionId() {
        Reply init = post(a.uri(), WRITER, McpHttpTest.initialize());
        assertThat(init.status()).isEqualTo(200);
        assertThat(init.header("Mcp-Session-Id")).isNull();
        assertThat(init.json().at("/result/serverInfo/name").asText()).isEqualTo("gabysql");
        assertThat(init.json().at("/result/instructions").asText()).contains("gabysql_list_databases");
        assertThat(post(a.uri(), WRITER, notification("notifications/initialized"))
                        .status())
                .isEqualTo(202);

        Reply tools = post(a.uri(), WRITER, request(2, "tools/list", Map.of()));
        assertThat(tools.status()).isEqualTo(200);
        assertThat(tools.json().at("/result/tools").findValuesAsText("name"))
                .contains("gabysql_query", "gabysql_describe_database", "gabysql_execute");

        Reply call = post(b.uri(), WRITER, toolCall(3, "gabysql_query", "pg", "SELECT name FROM items WHERE id = 7"));
        assertThat(call.status()).isEqualTo(200);
        assertThat(call.json().at("/result/isError").asBoolean()).isFalse();
        assertThat(call.json().at("/result/content/0/text").asText()).contains("item 7");
        assertThat(Http.get(a.uri(), "/mcp", "Authorization", "Bearer " + WRITER, "Accept", "text/event-stream")
                        .status())
                .as("no stream to open without a session")
                .isEqualTo(405);
    }

    @Test
    void oneClientsRequestsAlternateBetweenTheReplicas() {
        int beforeA = balancer.served(0);
        int beforeB = balancer.served(1);
        try (McpSyncClient c = client(balancer.uri(), WRITER, null)) {
            for (int i = 1; i <= 3; i++) {
                McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest(
                        "gabysql_query", Map.of("db", "pg", "sql", "SELECT name FROM items WHERE id = " + i)));
                assertThat(r.isError()).isNotEqualTo(Boolean.TRUE);
                assertThat(r.content().toString()).contains("item " + i);
            }
            assertThat(c.listTools().tools()).extracting(McpSchema.Tool::name).contains("gabysql_execute");
            assertThat(c.listResources().resources())
                    .extracting(McpSchema.Resource::uri)
                    .contains("gabysql://catalog");
            assertThat(c.readResource(new McpSchema.ReadResourceRequest("gabysql://schema/shop/diagram"))
                            .contents()
                            .toString())
                    .contains("erDiagram");
            assertThat(c.getPrompt(new McpSchema.GetPromptRequest("explore_database", Map.of("db", "shop")))
                            .messages())
                    .isNotEmpty();
            c.ping();
        }
        assertThat(balancer.served(0) - beforeA)
                .as("requests answered by replica A")
                .isGreaterThanOrEqualTo(4);
        assertThat(balancer.served(1) - beforeB)
                .as("requests answered by replica B")
                .isGreaterThanOrEqualTo(4);
        assertThat(a.accessLog()).contains("POST /mcp 200");
        assertThat(b.accessLog()).contains("POST /mcp 200");
    }

    @Test
    void theTokenAndItsCapApplyToEachRequest() throws Exception {
        int orders = orders();
        for (URI replica : List.of(a.uri(), b.uri())) {
            assertThat(post(replica, READER, request(1, "tools/list", Map.of()))
                            .json()
                            .at("/result/tools")
                            .findValuesAsText("name"))
                    .contains("gabysql_query")
                    .doesNotContain("gabysql_execute");
            JsonNode forced = post(
                            replica, READER, toolCall(2, "gabysql_execute", "shop", "DELETE FROM orders WHERE id = 1"))
                    .json();
            assertThat(forced.at("/result/isError").asBoolean()).isTrue();
            assertThat(forced.at("/result/structuredContent/error/code").asText())
                    .isEqualTo("READ_ONLY");
            assertThat(post(replica, WRITER, request(3, "tools/list", Map.of()))
                            .json()
                            .at("/result/tools")
                            .findValuesAsText("name"))
                    .contains("gabysql_execute");
            Reply lowered = Http.post(
                    replica,
                    "/mcp",
                    request(4, "tools/list", Map.of()),
                    "Authorization",
                    "Bearer " + WRITER,
                    "Accept",
                    "application/json, text/event-stream",
                    "X-Gabysql-Max-Mode",
                    "readonly");
            assertThat(lowered.json().at("/result/tools").findValuesAsText("name"))
                    .as("the caller's own cap, for this request only")
                    .doesNotContain("gabysql_execute");
            assertThat(post(replica, null, request(5, "tools/list", Map.of())).status())
                    .isEqualTo(401);
            assertThat(post(replica, "wrong-token-0123456789", request(6, "tools/list", Map.of()))
                            .status())
                    .isEqualTo(401);
        }
        assertThat(orders()).isEqualTo(orders);
    }

    @Test
    void aWriteWaitsForAPersonEvenWhenTheClientDeclaredElicitationAndItsApprovalIdResolves() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        int before = orders();
        try (McpSyncClient c = client(balancer.uri(), WRITER, form -> {
            asked.add(form.message());
            return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, Map.of("decision", "approve"));
        })) {
            McpSchema.CallToolResult preview = c.callTool(new McpSchema.CallToolRequest(
                    "gabysql_execute", Map.of("db", "shop", "sql", "DELETE FROM orders WHERE customer_id = 2")));
            Map<String, Object> s = structured(preview);
            assertThat(s.get("status")).isEqualTo("awaiting_approval");
            assertThat(s).doesNotContainKey("confirm_token");
            assertThat((String) s.get("next_step")).contains("/approvals");
            String id = (String) s.get("approval_id");
            assertThat(id).startsWith("apr_");
            assertThat(asked).as("no session to ask the person in").isEmpty();
            assertThat(orders()).isEqualTo(before);

            McpSchema.CallToolResult pending = c.callTool(
                    new McpSchema.CallToolRequest("gabysql_execute", Map.of("db", "shop", "approval_id", id)));
            assertThat(structured(pending).get("status")).isEqualTo("pending");

            Reply approved = Http.post(
                    b.uri(), "/approvals/" + id, "{\"decision\":\"approve\"}", "Authorization", "Bearer " + APPROVER);
            assertThat(approved.status()).as(approved.body()).isEqualTo(200);
            assertThat(orders()).isEqualTo(before - 1);

            for (int i = 0; i < 2; i++) { // through the balancer: one replica each
                McpSchema.CallToolResult outcome = c.callTool(
                        new McpSchema.CallToolRequest("gabysql_execute", Map.of("db", "shop", "approval_id", id)));
                assertThat(structured(outcome).get("status")).isEqualTo("committed");
            }
        }
        assertThat(orders()).isEqualTo(before - 1);
    }

    @Test
    void bothModesListTheSameAndAnswerTheSame() {
        for (ToolSelection tools :
                List.of(ToolSelection.EVERY_TOOL, ToolSelection.parse(List.of("minimal", "execute")))) {
            try (TestServer stateful = replica(false, tools);
                    TestServer stateless = replica(true, tools)) {
                for (String token : List.of(WRITER, READER)) {
                    assertSameAnswers(stateful.uri(), stateless.uri(), token, tools + " with the " + token);
                }
            }
        }
    }

    private static void assertSameAnswers(URI stateful, URI stateless, String token, String what) {
        Session s = Session.open(stateful, token);
        JsonNode statelessInit =
                post(stateless, token, McpHttpTest.initialize()).json().get("result");
        for (String field : List.of("serverInfo", "capabilities", "instructions", "protocolVersion")) {
            assertThat(statelessInit.get(field)).as(field + ", " + what).isEqualTo(s.initialized.get(field));
        }
        assertThat(post(stateless, token, request(8, "logging/setLevel", Map.of("level", "debug")))
                        .json())
                .as("logging/setLevel, " + what)
                .isEqualTo(s.call(8, "logging/setLevel", Map.of("level", "debug")));
        for (String method : List.of("tools/list", "resources/list", "resources/templates/list", "prompts/list")) {
            assertThat(post(stateless, token, request(9, method, Map.of())).json())
                    .as(method + ", " + what)
                    .isEqualTo(s.call(9, method, Map.of()));
        }
        for (String sql : List.of("SELECT id, total FROM orders ORDER BY id", "DELETE FROM orders")) {
            Map<String, Object> params = Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", sql));
            assertThat(timeless(post(stateless, token, request(10, "tools/call", params))
                            .json()))
                    .as(sql + ", " + what)
                    .isEqualTo(timeless(s.call(10, "tools/call", params)));
        }
        Map<String, Object> write = Map.of(
                "name",
                "gabysql_execute",
                "arguments",
                Map.of("db", "shop", "sql", "DELETE FROM orders WHERE id = 99"));
        JsonNode statelessWrite =
                post(stateless, token, request(11, "tools/call", write)).json();
        JsonNode statefulWrite = s.call(11, "tools/call", write);
        assertThat(statelessWrite.at("/result/structuredContent/status"))
                .as("a write, " + what)
                .isEqualTo(statefulWrite.at("/result/structuredContent/status"));
        assertThat(statelessWrite.at("/result/structuredContent/error"))
                .as("a write, " + what)
                .isEqualTo(statefulWrite.at("/result/structuredContent/error"));
    }

    @Test
    void aCancellationNamesACallOfItsOwnTokenOnTheReplicaThatRunsIt() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            String slow = toolCall(7, "gabysql_query", "pg", "SELECT pg_sleep(30) AS stateless_cancel");
            Future<Reply> call = pool.submit(() -> post(a.uri(), WRITER, slow));
            TestServer.waitUntil(() -> sleeping("stateless_cancel") == 1);
            assertThat(post(a.uri(), READER, cancelled(7)).status()).isEqualTo(202);
            assertThat(post(b.uri(), WRITER, cancelled(7)).status()).isEqualTo(202);
            Thread.sleep(300);
            assertThat(call.isDone())
                    .as("another token's cancellation, or another replica's, names no call of it")
                    .isFalse();
            assertThat(post(a.uri(), WRITER, cancelled(7)).status()).isEqualTo(202);
            Reply answer = call.get(25, TimeUnit.SECONDS);
            assertThat(answer.json().at("/result/structuredContent/error/code").asText())
                    .isEqualTo("CANCELLED");
            TestServer.waitUntil(() -> sleeping("stateless_cancel") == 0);

            String twice = toolCall(8, "gabysql_query", "pg", "SELECT pg_sleep(4) AS stateless_twice");
            Future<Reply> first = pool.submit(() -> post(a.uri(), WRITER, twice));
            Future<Reply> second = pool.submit(() -> post(a.uri(), WRITER, twice));
            TestServer.waitUntil(() -> sleeping("stateless_twice") == 2);
            post(a.uri(), WRITER, cancelled(8));
            for (Future<Reply> f : List.of(first, second)) {
                assertThat(f.get(25, TimeUnit.SECONDS)
                                .json()
                                .at("/result/isError")
                                .asBoolean())
                        .as("two clients of one token chose id 8: the cancellation cancels neither")
                        .isFalse();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void errorBodiesCarryNoJavaInternals() {
        for (String body : new String[] {"{\"jsonrpc\": \"2.0\", \"method\": 12, \"id\": [", "null", "[1]"}) {
            Reply r = post(a.uri(), WRITER, body);
            assertThat(r.status()).as(body).isBetween(400, 499);
            assertThat(r.body())
                    .as(body)
                    .doesNotContain("stackTrace", "Exception", "\tat ", "io.modelcontextprotocol", "java.");
        }
        Reply delete = Http.send(
                HttpRequest.newBuilder(a.uri().resolve("/mcp")).DELETE(), "Authorization", "Bearer " + WRITER);
        assertThat(delete.status()).isEqualTo(405);
        assertThat(delete.body()).doesNotContain("Exception", "\tat ");
    }

    /** A stateful session opened by hand: initialize, initialized, then requests under its id. */
    record Session(URI base, String token, String id, JsonNode initialized) {
        static Session open(URI base, String token) {
            Reply init = post(base, token, McpHttpTest.initialize());
            String id = init.header("Mcp-Session-Id");
            assertThat(id).isNotBlank();
            Session s = new Session(base, token, id, rpc(init).get("result"));
            s.send(notification("notifications/initialized"));
            return s;
        }

        JsonNode call(int id, String method, Map<?, ?> params) {
            return rpc(send(request(id, method, params)));
        }

        Reply send(String body) {
            return Http.post(
                    base,
                    "/mcp",
                    body,
                    "Authorization",
                    "Bearer " + token,
                    "Accept",
                    "application/json, text/event-stream",
                    "Mcp-Session-Id",
                    id);
        }
    }

    /** The JSON-RPC message of an answer, sent as JSON or as an event stream. */
    static JsonNode rpc(Reply r) {
        if (r.json() != null) {
            return r.json();
        }
        for (String line : r.body().split("\n")) {
            if (line.startsWith("data:")) {
                JsonNode m = parse(line.substring(5).strip());
                if (m.has("id")) {
                    return m;
                }
            }
        }
        throw new AssertionError("no JSON-RPC answer in " + r.body());
    }

    static Reply post(URI base, String token, String body) {
        return token == null
                ? Http.post(base, "/mcp", body, "Accept", "application/json, text/event-stream")
                : Http.post(
                        base,
                        "/mcp",
                        body,
                        "Authorization",
                        "Bearer " + token,
                        "Accept",
                        "application/json, text/event-stream");
    }

    static String request(int id, String method, Map<?, ?> params) {
        return Json.write(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params));
    }

    static String notification(String method) {
        return Json.write(Map.of("jsonrpc", "2.0", "method", method));
    }

    static String cancelled(int requestId) {
        return Json.write(Map.of(
                "jsonrpc",
                "2.0",
                "method",
                "notifications/cancelled",
                "params",
                Map.of("requestId", requestId, "reason", "test")));
    }

    static String toolCall(int id, String tool, String db, String sql) {
        return request(id, "tools/call", Map.of("name", tool, "arguments", Map.of("db", db, "sql", sql)));
    }

    static McpSyncClient client(
            URI base,
            String token,
            java.util.function.Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> p) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base.toString())
                .endpoint("/mcp")
                .jsonMapper(GabyMcpServer.jsonMapper())
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .build();
        McpClient.SyncSpec spec = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("mcp-stateless-test", "1"));
        if (p != null) {
            spec.capabilities(
                            McpSchema.ClientCapabilities.builder().elicitation().build())
                    .elicitation(p);
        }
        McpSyncClient client = spec.build();
        client.initialize();
        return client;
    }

    /** The answer without the time the call took. */
    private static JsonNode timeless(JsonNode answer) {
        JsonNode copy = answer.deepCopy();
        JsonNode structured = copy.at("/result/structuredContent");
        if (structured.isObject()) {
            ((ObjectNode) structured).remove("elapsed_ms");
        }
        return copy;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(McpSchema.CallToolResult r) {
        return (Map<String, Object>) r.structuredContent();
    }

    private static JsonNode parse(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static int orders() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("shop.db"))) {
            return Integer.parseInt(TestDatabases.firstRow(c, "SELECT count(*) FROM orders"));
        }
    }

    private static long sleeping(String marker) {
        Reply r = Http.post(
                a.uri(),
                "/sql",
                Http.sql(
                        "pg",
                        "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep%"
                                + marker + "%' AND pid <> pg_backend_pid()"),
                "Authorization",
                "Bearer " + WRITER);
        return r.json().at("/rows/0/0").asLong();
    }
}
