package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.mcp.McpFrames;
import dev.gabysql.mcp.McpTestClient;
import dev.gabysql.mcp.ShopServiceFixture;
import dev.gabysql.mcp.tool.McpOptions;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A stdio message over the limit is dropped unread and answered TOO_LARGE under its own id, and the session goes
 * on: the next requests are read and answered. (Before, a message larger than the heap ended the reading thread
 * with an OutOfMemoryError: the server stopped reading and the client hung.)
 */
final class TooLargeMessagesTest extends ShopServiceFixture {
    private static final int LIMIT = 4096;

    @Test
    void aCallOverTheLimitIsAnsweredTooLargeAndTheNextOneRuns() throws Exception {
        McpTestClient client =
                McpTestClient.start(service, McpOptions.defaults("test").withMaxMessageBytes(LIMIT));
        JsonNode tooLarge = client.request("tools/call", query("SELECT '" + "x".repeat(2 * LIMIT) + "' AS big"));
        assertTooLarge(tooLarge);
        JsonNode next =
                client.call("gabysql_query", Map.of("db", "shop", "sql", "SELECT count(*) AS n FROM customers"));
        assertThat(next.toString()).contains("\"n\"");
        assertThat(client.closeInputAndAwaitEnd(Duration.ofSeconds(5))).isTrue();
        assertThat(client.frames())
                .allSatisfy(f -> assertThat(McpFrames.isJsonRpc(f)).as(f).isTrue());
    }

    @Test
    void aMessageJustUnderTheLimitIsRead() throws Exception {
        McpTestClient client =
                McpTestClient.start(service, McpOptions.defaults("test").withMaxMessageBytes(LIMIT));
        String sql = "SELECT '" + "x".repeat(LIMIT - 200) + "' AS big";
        JsonNode answer = client.call("gabysql_query", Map.of("db", "shop", "sql", sql));
        assertThat(answer.toString()).contains("\"big\"");
    }

    @Test
    void aFirstLineOverTheLimitDoesNotKeepTheSessionFromStarting() throws Exception {
        McpTestClient client =
                McpTestClient.raw(service, McpOptions.defaults("test").withMaxMessageBytes(LIMIT));
        long id = client.nextId();
        CompletableFuture<JsonNode> dropped = client.send("initialize", Map.of("padding", "p".repeat(LIMIT)), id);
        assertTooLarge(McpTestClient.await(dropped));
        JsonNode init = client.initialize();
        assertThat(init.path("result").path("serverInfo").path("name").asText()).isNotEmpty();
        assertThat(client.call("gabysql_list_databases", Map.of()).toString()).contains("shop");
    }

    @Test
    void aNotificationOverTheLimitGetsNoReply() throws Exception {
        McpTestClient client =
                McpTestClient.start(service, McpOptions.defaults("test").withMaxMessageBytes(LIMIT));
        client.notify("notifications/roots/list_changed", Map.of("padding", "p".repeat(LIMIT)));
        assertThat(client.call("gabysql_list_databases", Map.of()).toString()).contains("shop");
        assertThat(client.frames()).noneMatch(f -> f.contains("TOO_LARGE"));
    }

    private static Map<String, Object> query(String sql) {
        return Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", sql));
    }

    private static void assertTooLarge(JsonNode response) {
        JsonNode error = response.path("error");
        assertThat(error.path("code").asInt()).as("%s", response).isEqualTo(-32600);
        assertThat(error.path("data").path("code").asText()).isEqualTo("TOO_LARGE");
        assertThat(error.path("data").path("hint").asText()).contains("--max-message");
        assertThat(error.path("message").asText()).contains("larger than the limit of " + LIMIT + " bytes");
    }
}
