package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.mcp.tool.McpOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gabysql_execute} exists only when some database allows writes, and a readonly session (the server's mode
 * or a transport's caller cap) is refused before the service is touched, even when a client calls the tool that
 * {@code tools/list} never showed it (the MCP Java SDK's tool filters only hide tools from the list).
 */
final class WriteToolTest {
    private static final Map<String, Object> DELETE = Map.of("db", "shop", "sql", "DELETE FROM orders WHERE id = 10");

    @TempDir
    Path dir;

    @Test
    void readonlyServerHasNoExecuteToolAndACallToItNeverReachesTheService() throws Exception {
        CountingService service = new CountingService(Shop.service(Mode.READONLY, Shop.sqlite(dir)));
        try (McpTestClient client = McpTestClient.start(service)) {
            assertThat(names(new ToolAssert(client).tools())).doesNotContain("gabysql_execute");
            JsonNode r = client.request("tools/call", Map.of("name", "gabysql_execute", "arguments", DELETE));
            assertThat(r.has("error") || r.at("/result/isError").asBoolean()).isTrue();
            assertThat(service.executes.get()).isZero();
            assertThat(promptNames(client)).containsExactly("explore_database");
            assertThat(McpTestClient.result(client.initialize())
                            .get("instructions")
                            .asText())
                    .contains("read-only")
                    .doesNotContain("confirm_token");
        } finally {
            service.close();
        }
    }

    @Test
    void readwriteServerOffersExecuteAsDestructiveAndHandsTheCallToTheService() throws Exception {
        CountingService service = new CountingService(Shop.service(Mode.READWRITE, Shop.sqlite(dir)));
        try (McpTestClient client = McpTestClient.start(service)) {
            ToolAssert tools = new ToolAssert(client);
            JsonNode execute = tools.tools().stream()
                    .filter(t -> "gabysql_execute".equals(t.get("name").asText()))
                    .findFirst()
                    .orElseThrow();
            assertThat(execute.at("/annotations/readOnlyHint").asBoolean(true)).isFalse();
            assertThat(execute.at("/annotations/destructiveHint").asBoolean()).isTrue();
            assertThat(execute.at("/annotations/idempotentHint").asBoolean(false)) // the specification's default
                    .isFalse();
            assertThat(execute.at("/inputSchema/properties").has("confirm_token"))
                    .isTrue();
            JsonNode r = client.call("gabysql_execute", DELETE);
            assertThat(service.executes.get()).isEqualTo(1);
            if (r.path("isError").asBoolean()) { // the write path is the guard issue's; here: a clean answer
                ToolAssert.assertClean(ToolAssert.text(r));
            } else {
                assertThat(r.at("/structuredContent/status").asText()).isNotBlank();
            }
            assertThat(promptNames(client)).containsExactlyInAnyOrder("explore_database", "safe_change");
        } finally {
            service.close();
        }
    }

    @Test
    void previewThenConfirmThroughMcp() throws Exception {
        CountingService service = new CountingService(Shop.service(Mode.READWRITE, Shop.sqlite(dir)));
        try (McpTestClient client = McpTestClient.start(service)) {
            ToolAssert tools = new ToolAssert(client);
            Map<String, Object> delete =
                    Map.of("db", "shop", "sql", "DELETE FROM orders WHERE customer_id = ?", "params", List.of(1));
            JsonNode preview = tools.ok("gabysql_execute", delete);
            assertThat(preview.get("status").asText()).isEqualTo("previewed");
            assertThat(preview.get("affected_rows").asInt()).isEqualTo(2);
            assertThat(preview.get("next_step").asText()).contains("confirm_token", "approve");
            assertThat(countOrders(tools)).isEqualTo(4);
            Map<String, Object> confirm = new java.util.HashMap<>(delete);
            confirm.put("confirm_token", preview.get("confirm_token").asText());
            JsonNode committed = tools.ok("gabysql_execute", confirm);
            assertThat(committed.get("status").asText()).isEqualTo("committed");
            assertThat(committed.has("confirm_token")).isFalse();
            assertThat(countOrders(tools)).isEqualTo(2);
            tools.error(
                    "gabysql_execute",
                    Map.of("db", "shop", "sql", "UPDATE orders SET status = 'x'"),
                    ErrorCode.FULL_TABLE_WRITE);
            tools.error(
                    "gabysql_execute",
                    Map.of("db", "shop", "sql", "DELETE FROM orders WHERE id = 12", "confirm_token", "forged"),
                    ErrorCode.CONFIRM_TOKEN_INVALID);
            assertThat(countOrders(tools)).isEqualTo(2);
        } finally {
            service.close();
        }
    }

    @Test
    void aSessionCappedToReadonlyDoesNotSeeExecuteAndIsRefusedBeforeTheService() throws Exception {
        CountingService service = new CountingService(Shop.service(Mode.READWRITE, Shop.sqlite(dir)));
        McpOptions capped = McpOptions.defaults("test").withCallerCap(ctx -> Mode.READONLY);
        try (McpTestClient client = McpTestClient.start(service, capped)) {
            ToolAssert tools = new ToolAssert(client);
            assertThat(names(tools.tools())).doesNotContain("gabysql_execute");
            JsonNode r = client.call("gabysql_execute", DELETE); // hidden from this session, called anyway
            assertThat(r.path("isError").asBoolean()).isTrue();
            assertThat(r.at("/structuredContent/error/code").asText()).isEqualTo(ErrorCode.READ_ONLY.name());
            assertThat(r.at("/structuredContent/error/hint").asText()).contains("gabysql_query");
            assertThat(service.executes.get()).isZero();
            tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1"));
            assertThat(service.lastContext.callerCap()).isEqualTo(Mode.READONLY);
            assertThat(service.lastContext.frontEnd()).isEqualTo("mcp");
            assertThat(service.lastContext.client()).isEqualTo("gabysql-test");
        } finally {
            service.close();
        }
    }

    private static int countOrders(ToolAssert tools) {
        return tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT count(*) FROM orders"))
                .at("/rows/0/0")
                .asInt();
    }

    private static List<String> names(List<JsonNode> tools) {
        return tools.stream().map(t -> t.get("name").asText()).toList();
    }

    private static List<String> promptNames(McpTestClient client) {
        JsonNode r = McpTestClient.result(client.request("prompts/list", Map.of()));
        List<String> names = new ArrayList<>();
        r.get("prompts").forEach(p -> names.add(p.get("name").asText()));
        return names;
    }
}
