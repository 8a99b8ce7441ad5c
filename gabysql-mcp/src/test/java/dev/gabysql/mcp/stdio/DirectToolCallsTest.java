package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Mode;
import dev.gabysql.mcp.CountingService;
import dev.gabysql.mcp.McpTestClient;
import dev.gabysql.mcp.Shop;
import dev.gabysql.mcp.tool.McpOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plain tool calls over stdio are answered by {@link DirectToolCalls} and everything else by the SDK's session;
 * the client cannot tell the two apart. Each call is made twice, once plain and once with an empty {@code _meta}
 * (which sends it through the SDK), and the two results must be the same JSON.
 */
final class DirectToolCallsTest {
    @TempDir
    Path dir;

    CountingService service;
    McpTestClient client;

    @BeforeEach
    void start() throws Exception {
        service = new CountingService(Shop.service(Mode.READWRITE, Shop.sqlite(dir)));
        client = McpTestClient.start(service);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        service.close();
    }

    @Test
    void aPlainCallIsAnsweredDirectlyAndOneWithMetaByTheSdk() {
        client.call("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1"));
        assertThat(service.lastQueryThread).startsWith("gabysql-mcp-");
        viaSdk("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1"));
        assertThat(service.lastQueryThread).startsWith("boundedElastic");
    }

    @Test
    void withTheDirectPathOffEveryCallGoesThroughTheSdkAndAnswersTheSame() throws Exception {
        Map<String, Object> args = Map.of("db", "shop", "sql", "SELECT id, name FROM customers ORDER BY id");
        JsonNode direct = client.call("gabysql_query", args);
        JsonNode directList = McpTestClient.result(client.request("tools/list", Map.of()));
        try (McpTestClient sdkOnly =
                McpTestClient.start(service, McpOptions.defaults("test").withDirectToolCalls(false))) {
            JsonNode sdk = sdkOnly.call("gabysql_query", args);
            assertThat(service.lastQueryThread).startsWith("boundedElastic");
            assertThat(withoutTimings(sdk)).isEqualTo(withoutTimings(direct));
            assertThat(McpTestClient.result(sdkOnly.request("tools/list", Map.of())))
                    .isEqualTo(directList);
        }
    }

    @Test
    void theToolListIsTheSameJsonBothWays() {
        JsonNode viaSdk = McpTestClient.result(client.request("tools/list", Map.of("_meta", Map.of())));
        assertThat(viaSdk.get("tools").size()).isGreaterThan(5);
        for (Object params : new Object[] {null, Map.of()}) {
            assertThat(McpTestClient.result(client.request("tools/list", params)))
                    .as("params %s", params)
                    .isEqualTo(viaSdk);
        }
        assertThat(McpTestClient.result(client.request("tools/list", Map.of("cursor", "x")))
                        .get("tools"))
                .as("a cursor goes to the SDK")
                .isNotNull();
    }

    @Test
    void everyReadToolAnswersTheSameJsonBothWays() {
        List<Map<String, Object>> calls = List.of(
                call("gabysql_query", "db", "shop", "sql", "SELECT id, name FROM customers ORDER BY id"),
                call(
                        "gabysql_query",
                        "db",
                        "shop",
                        "sql",
                        "SELECT ? AS a, ? AS b, ? AS c, ? AS d",
                        "params",
                        List.of(1.5, 12_345_678_901L, "x\"y\n☃", true)),
                call("gabysql_query", "db", "shop", "sql", "SELECT * FROM numbers", "max_rows", 3),
                call("gabysql_query", "db", "shop", "sql", "DELETE FROM orders"),
                call("gabysql_query", "db", "shop", "sql", "SELECT 1", "unknown_argument", 1),
                call("gabysql_query", "db", "nowhere", "sql", "SELECT 1"),
                call("gabysql_query", "sql", "SELECT 1"),
                call("gabysql_list_databases"),
                call("gabysql_describe_database", "db", "shop", "detail", "full"),
                call("gabysql_describe_table", "db", "shop", "table", "orders"),
                call("gabysql_search", "db", "shop", "pattern", "cust"),
                call("gabysql_explain", "db", "shop", "sql", "SELECT * FROM orders WHERE id = 1"),
                call(
                        "gabysql_explain",
                        "db",
                        "shop",
                        "sql",
                        "SELECT * FROM orders WHERE status = 'paid'",
                        "advise",
                        true),
                call("gabysql_health", "db", "shop"),
                call("gabysql_health", "db", "shop", "report", "integrity"));
        for (Map<String, Object> c : calls) {
            @SuppressWarnings("unchecked")
            Map<String, Object> args = (Map<String, Object>) c.get("arguments");
            JsonNode direct = client.call((String) c.get("name"), args);
            JsonNode sdk = viaSdk((String) c.get("name"), args);
            assertThat(withoutTimings(direct)).as("%s", c).isEqualTo(withoutTimings(sdk));
        }
    }

    @Test
    void aWriteIsPreviewedAndConfirmedThroughTheDirectPath() {
        JsonNode preview = client.call(
                "gabysql_execute", Map.of("db", "shop", "sql", "UPDATE orders SET status = 'paid' WHERE id = 13"));
        String token = preview.at("/structuredContent/confirm_token").asText();
        assertThat(token).isNotEmpty();
        assertThat(count("SELECT count(*) FROM orders WHERE status = 'paid'")).isEqualTo(2);
        JsonNode done = client.call(
                "gabysql_execute",
                Map.of("db", "shop", "sql", "UPDATE orders SET status = 'paid' WHERE id = 13", "confirm_token", token));
        assertThat(done.path("isError").asBoolean()).as("%s", done).isFalse();
        assertThat(count("SELECT count(*) FROM orders WHERE status = 'paid'")).isEqualTo(3);
    }

    @Test
    void concurrentDirectCallsAndSdkRequestsEachGetOneWholeAnswer() {
        List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            long id = client.nextId();
            ids.add(id);
            answers.add(
                    i % 3 == 2
                            ? client.send("ping", null, id)
                            : client.send(
                                    "tools/call",
                                    Map.of(
                                            "name",
                                            "gabysql_query",
                                            "arguments",
                                            Map.of("db", "shop", "sql", "SELECT x FROM numbers WHERE x <= " + (i + 1))),
                                    id));
        }
        for (int i = 0; i < answers.size(); i++) {
            JsonNode reply = McpTestClient.await(answers.get(i));
            assertThat(reply.path("id").asLong()).isEqualTo(ids.get(i));
            if (i % 3 != 2) {
                assertThat(reply.at("/result/structuredContent/row_count").asInt())
                        .isEqualTo(i + 1);
            }
        }
        assertThat(client.frames())
                .allSatisfy(f ->
                        assertThat(McpTestClient.JSON.readTree(f).isObject()).isTrue());
        assertThat(client.frames().stream()
                        .filter(f -> f.contains("\"result\""))
                        .count())
                .isEqualTo(ids.size() + 1); // + initialize
    }

    @Test
    void callsBeyondTheDirectLimitAreAnsweredByTheSdk() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        service.queryGate = gate; // every call stays running until all have arrived, however fast the machine
        int n = DirectToolCalls.MAX_RUNNING + 8;
        List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            answers.add(client.send(
                    "tools/call",
                    Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", "SELECT " + i)),
                    client.nextId()));
        }
        for (long deadline = System.nanoTime() + 20_000_000_000L;
                service.queries.get() < n && System.nanoTime() < deadline; ) {
            Thread.sleep(10);
        }
        assertThat(service.queries.get()).as("calls running at once").isEqualTo(n);
        gate.countDown();
        for (int i = 0; i < n; i++) {
            assertThat(McpTestClient.await(answers.get(i))
                            .at("/result/structuredContent/rows/0/0")
                            .asInt())
                    .isEqualTo(i);
        }
        assertThat(service.queryThreads.stream().filter(t -> t.startsWith("gabysql-mcp-")))
                .hasSize(DirectToolCalls.MAX_RUNNING);
        assertThat(service.queryThreads).anyMatch(t -> t.startsWith("boundedElastic"));
    }

    private int count(String sql) {
        return client.call("gabysql_query", Map.of("db", "shop", "sql", sql))
                .at("/structuredContent/rows/0/0")
                .asInt();
    }

    /** The call with an empty {@code _meta}: not plain, so the SDK's session answers it. */
    private JsonNode viaSdk(String tool, Map<String, ?> args) {
        Map<String, Object> params = new HashMap<>();
        params.put("name", tool);
        params.put("arguments", args);
        params.put("_meta", Map.of());
        return McpTestClient.result(client.request("tools/call", params));
    }

    private static Map<String, Object> call(String name, Object... args) {
        Map<String, Object> arguments = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            arguments.put((String) args[i], args[i + 1]);
        }
        return Map.of("name", name, "arguments", arguments);
    }

    /** The result without the members that differ from one run to the next (elapsed time). */
    private static JsonNode withoutTimings(JsonNode result) {
        JsonNode copy = result.deepCopy();
        strip(copy);
        String text = copy.at("/content/0/text").asText().replaceAll("\"elapsed_ms\":\\d+,?", "");
        ((ObjectNode) copy.get("content").get(0)).put("text", text);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode) {
            ((ObjectNode) node).remove("elapsed_ms");
        }
        node.forEach(DirectToolCallsTest::strip);
    }
}
