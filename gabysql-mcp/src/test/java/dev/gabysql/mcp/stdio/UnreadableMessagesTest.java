package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.mcp.McpTestClient;
import dev.gabysql.mcp.ShopServiceFixture;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A line the MCP SDK cannot read is answered with a JSON-RPC error and the session goes on. Before, the SDK's
 * transport ended its session at the first such line: every later ping, resource read, prompt or call with a
 * progress token went unanswered (only the direct tool calls still were).
 */
final class UnreadableMessagesTest extends ShopServiceFixture {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void afterAGarbageLineTheSdkStillAnswers() throws Exception {
        McpTestClient client = McpTestClient.start(service);
        client.write("this is not json");
        assertSdkAnswers(client);
        JsonNode error = errorWithNullId(client);
        assertThat(error.path("code").asInt()).isEqualTo(-32700);
        assertThat(error.path("data").path("code").asText()).isEqualTo("BAD_REQUEST");
        assertThat(error.path("message").asText()).contains("not valid JSON").doesNotContain("\tat ");
    }

    @Test
    void aTruncatedRequestIsAnsweredUnderItsId() throws Exception {
        McpTestClient client = McpTestClient.start(service);
        long id = client.nextId();
        client.write("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"resources/read\",\"params\":{\"uri\":");
        JsonNode reply = awaitFrame(client, "\"id\":" + id + ",");
        assertThat(reply.path("error").path("code").asInt()).isEqualTo(-32700);
        assertSdkAnswers(client);
    }

    @Test
    void shapesTheSdkCannotReadAreInvalidRequests() throws Exception {
        McpTestClient client = McpTestClient.start(service);
        long noMethod = client.nextId();
        client.write("[{\"jsonrpc\":\"2.0\",\"id\":999,\"method\":\"ping\"}]"); // a batch: not MCP
        client.write("null");
        client.write("{\"jsonrpc\":\"2.0\",\"id\":" + noMethod + ",\"method\":{\"not\":\"a name\"}}");
        client.write("{\"jsonrpc\":\"2.0\",\"id\":12345,\"error\":\"not an error object\"}"); // a broken response
        client.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":" + "[".repeat(1001)
                + "]".repeat(1001) + "}");
        assertSdkAnswers(client);
        JsonNode methodObject = awaitFrame(client, "\"id\":" + noMethod + ",");
        assertThat(methodObject.path("error").path("code").asInt()).isEqualTo(-32600);
        List<JsonNode> nullIds =
                errors(client).stream().filter(e -> e.path("id").isNull()).collect(Collectors.toList());
        assertThat(nullIds)
                .hasSize(3) // the batch, null and the broken response: no request id to answer
                .allSatisfy(
                        e -> assertThat(e.path("error").path("code").asInt()).isEqualTo(-32600));
        assertThat(client.frames()).noneMatch(f -> f.contains("\"id\":12345"));
    }

    /** A ping, a resource read and a call with a progress token: all three go through the SDK's session. */
    private static void assertSdkAnswers(McpTestClient client) {
        assertThat(McpTestClient.await(client.send("ping", Map.of(), client.nextId()))
                        .has("result"))
                .isTrue();
        JsonNode read = client.request("resources/read", Map.of("uri", "gabysql://schema/shop"));
        assertThat(read.path("result").path("contents").isArray())
                .as("%s", read)
                .isTrue();
        JsonNode call = client.request(
                "tools/call",
                Map.of(
                        "name",
                        "gabysql_list_databases",
                        "arguments",
                        Map.of(),
                        "_meta",
                        Map.of("progressToken", "p1")));
        assertThat(call.path("result").path("isError").asBoolean(true))
                .as("%s", call)
                .isFalse();
    }

    private static JsonNode errorWithNullId(McpTestClient client) {
        return errors(client).stream()
                .filter(e -> e.path("id").isNull())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no error with a null id: " + client.frames()))
                .get("error");
    }

    private static List<JsonNode> errors(McpTestClient client) {
        return client.frames().stream()
                .map(UnreadableMessagesTest::json)
                .filter(n -> n.has("error"))
                .collect(Collectors.toList());
    }

    private static JsonNode awaitFrame(McpTestClient client, String containing) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            for (String f : client.frames()) {
                if (f.contains(containing)) {
                    return json(f);
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no frame with " + containing + ": " + client.frames());
    }

    private static JsonNode json(String frame) {
        try {
            return McpTestClient.JSON.readTree(frame);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + frame, e);
        }
    }
}
