package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.curated.CuratedParam;
import dev.gabysql.core.curated.CuratedTool;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.curated.ParamType;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import dev.gabysql.mcp.tool.Instructions;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.ToolSelection;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Curated tools over MCP stdio (docs/configuration.md#curated-tools), against a real SQLite file: the list holds
 * exactly the selected tools with exact input schemas, a mistyped value or an injection runs nothing harmful, a write
 * tool previews and waits for a person, and a readonly session neither sees nor runs it. Each case reads the file.
 */
final class CuratedToolsMcpTest {
    @TempDir
    Path dir;

    LocalGabyService service;
    CuratedTools curated;

    @BeforeEach
    void open() {
        service = Shop.humanService(Mode.READWRITE, dir.resolve("approvals"), Shop.sqlite(dir));
        curated = CuratedTools.prepare(List.of(ordersOf(), cancelOrder()), service);
    }

    @AfterEach
    void close() {
        service.close();
    }

    static CuratedTool ordersOf() {
        return new CuratedTool(
                "orders_of_customer",
                "The orders of one customer, by status.",
                "shop",
                CuratedTool.Access.READ,
                "SELECT id, status, total FROM orders WHERE customer_id = :customer_id AND status = :status ORDER BY id",
                List.of(
                        new CuratedParam(
                                "customer_id",
                                ParamType.INTEGER,
                                "The customer's id",
                                true,
                                List.of(),
                                BigDecimal.ONE,
                                null,
                                null,
                                null),
                        new CuratedParam(
                                "status",
                                ParamType.STRING,
                                null,
                                false,
                                List.of("paid", "shipped", "cancelled"),
                                null,
                                null,
                                null,
                                "paid")),
                "tools[0]");
    }

    static CuratedTool cancelOrder() {
        return new CuratedTool(
                "cancel_order",
                "Cancel one paid order.",
                "shop",
                CuratedTool.Access.WRITE,
                "UPDATE orders SET status = 'cancelled' WHERE id = :id AND status = 'paid'",
                List.of(new CuratedParam("id", ParamType.INTEGER, null, true, List.of(), null, null, null, null)),
                "tools[1]");
    }

    McpOptions curatedOnly() {
        return McpOptions.defaults("test").withTools(ToolSelection.parse(List.of("curated"), curated));
    }

    @Test
    void onlyCuratedToolsAreListedWithExactSchemas() throws Exception {
        try (McpTestClient client = McpTestClient.start(service, curatedOnly())) {
            List<JsonNode> tools = new ToolAssert(client).tools();
            assertThat(tools)
                    .extracting(t -> t.get("name").asText())
                    .containsExactly("orders_of_customer", "cancel_order");
            Map<String, Object> schema = McpTestClient.JSON.convertValue(
                    tools.get(0).get("inputSchema"), new TypeReference<Map<String, Object>>() {});
            assertThat(schema)
                    .isEqualTo(Map.of(
                            "type",
                            "object",
                            "properties",
                            Map.of(
                                    "customer_id",
                                    Map.of("type", "integer", "description", "The customer's id", "minimum", 1),
                                    "status",
                                    Map.of(
                                            "type",
                                            "string",
                                            "enum",
                                            List.of("paid", "shipped", "cancelled"),
                                            "default",
                                            "paid")),
                            "required",
                            List.of("customer_id"),
                            "additionalProperties",
                            false));
            assertThat(tools.get(0).at("/annotations/readOnlyHint").asBoolean()).isTrue();
            JsonNode write = tools.get(1);
            assertThat(write.at("/inputSchema/properties").fieldNames())
                    .toIterable()
                    .containsExactly("id", "confirm_token", "approval_id");
            assertThat(write.at("/inputSchema/required").toString()).isEqualTo("[\"id\"]");
            assertThat(write.at("/annotations/readOnlyHint").asBoolean()).isFalse();
            assertThat(write.at("/annotations/destructiveHint").asBoolean()).isTrue();
            for (String free : List.of("gabysql_query", "gabysql_execute")) {
                JsonNode r = client.request(
                        "tools/call", Map.of("name", free, "arguments", Map.of("db", "shop", "sql", "SELECT 1")));
                assertThat(r.at("/error/message").asText()).as(free).startsWith("Unknown tool");
            }
        }
        assertThat(Instructions.text(true, ToolSelection.parse(List.of("curated"), curated)))
                .contains("Writes go through the curated tools only.")
                .doesNotContain("gabysql_execute");
    }

    @Test
    void aStringWhereAnIntegerIsDeclaredIsAnErrorAndAnInjectionIsInert() throws Exception {
        try (McpTestClient client = McpTestClient.start(service, curatedOnly())) {
            ToolAssert tools = new ToolAssert(client);
            JsonNode bad = tools.error("orders_of_customer", Map.of("customer_id", "1 OR 1=1"), ErrorCode.BAD_REQUEST);
            assertThat(bad.toString()).contains("must be an integer, got the string \\\"1 OR 1=1\\\"");
            tools.error(
                    "orders_of_customer", Map.of("customer_id", 1, "status", "paid' OR '1'='1"), ErrorCode.BAD_REQUEST);
            tools.error(
                    "orders_of_customer", Map.of("customer_id", 1, "sql", "DROP TABLE orders"), ErrorCode.BAD_REQUEST);
            tools.error("cancel_order", Map.of("id", "10; DROP TABLE orders"), ErrorCode.BAD_REQUEST);
            JsonNode ok = tools.ok("orders_of_customer", Map.of("customer_id", 1));
            assertThat(ok.get("rows").toString()).contains("24.9").doesNotContain("shipped");
            assertThat(ok.get("truncated").asBoolean()).isFalse();
            assertThat(tools.ok("orders_of_customer", Map.of("customer_id", 1, "status", "shipped"))
                            .get("rows")
                            .size())
                    .isEqualTo(1);
        }
        assertThat(row("SELECT count(*) || '/' || sum(status = 'paid') FROM orders"))
                .isEqualTo("4/2");
        assertThat(new java.io.File(dir.resolve("approvals").toString()).list()).isNullOrEmpty();
    }

    @Test
    void aWriteToolPreviewsWaitsForAPersonThenCommitsOnce() throws Exception {
        try (McpTestClient client = McpTestClient.start(service, curatedOnly())) {
            ToolAssert tools = new ToolAssert(client);
            JsonNode r = tools.ok("cancel_order", Map.of("id", 10));
            assertThat(r.get("status").asText()).isEqualTo("awaiting_approval");
            assertThat(r.get("affected_rows").asInt()).isEqualTo(1);
            assertThat(r.has("confirm_token")).isFalse();
            assertThat(r.get("next_step").asText())
                    .contains("call cancel_order with the same arguments and approval_id")
                    .doesNotContain("gabysql_execute");
            assertThat(row("SELECT status FROM orders WHERE id = 10")).isEqualTo("paid");

            String id = r.get("approval_id").asText();
            assertThat(tools.ok("cancel_order", Map.of("id", 10, "approval_id", id))
                            .get("status")
                            .asText())
                    .isEqualTo("pending");
            service.decide(CallContext.of("cli").withClient("alice"), id, true);
            assertThat(tools.ok("cancel_order", Map.of("id", 10, "approval_id", id))
                            .get("status")
                            .asText())
                    .isEqualTo("committed");
            assertThat(row("SELECT status FROM orders WHERE id = 10")).isEqualTo("cancelled");
            tools.error(
                    "cancel_order",
                    Map.of("id", 10, "confirm_token", id),
                    ErrorCode.APPROVAL_REQUIRED,
                    ErrorCode.CONFIRM_TOKEN_INVALID);
        }
        assertThat(row("SELECT count(*) FROM orders WHERE status = 'cancelled'"))
                .isEqualTo("2");
    }

    @Test
    void aReadonlySessionNeitherSeesNorRunsAWriteTool() throws Exception {
        McpOptions capped = curatedOnly().withCallerCap(ctx -> Mode.READONLY);
        try (McpTestClient client = McpTestClient.start(service, capped)) {
            ToolAssert tools = new ToolAssert(client);
            assertThat(tools.tools()).extracting(t -> t.get("name").asText()).containsExactly("orders_of_customer");
            tools.error("cancel_order", Map.of("id", 10), ErrorCode.READ_ONLY);
        }
        assertThat(row("SELECT status FROM orders WHERE id = 10")).isEqualTo("paid");
    }

    @Test
    void theSelectionTakesCuratedNamesAndRefusesAClashWithGabysqlTools() {
        assertThat(ToolSelection.parse(null, curated).curated()).hasSize(2);
        assertThat(ToolSelection.parse(List.of("all"), curated).curated()).hasSize(2);
        assertThat(ToolSelection.parse(List.of("minimal"), curated).curated()).isEmpty();
        assertThat(ToolSelection.parse(List.of("query", "cancel_order"), curated)
                        .toString())
                .isEqualTo("ToolSelection[gabysql_query, cancel_order]");
        CuratedTool clash =
                new CuratedTool("query", "x", "shop", CuratedTool.Access.READ, "SELECT 1", List.of(), "tools[3]");
        CuratedTools withClash = CuratedTools.prepare(List.of(clash), service);
        assertThatThrownBy(() -> ToolSelection.parse(null, withClash))
                .isInstanceOf(GabyException.class)
                .hasMessage("Curated tool `tools[3]` (`query`): a tool list would read its name as gabysql_query.");
        assertThatThrownBy(() -> ToolSelection.parse(List.of("nope"), curated))
                .hasMessageContaining("orders_of_customer, cancel_order, minimal, all, curated");
    }

    private String row(String sql) {
        return TestDatabases.firstRow("jdbc:sqlite:" + dir.resolve("shop.db"), sql);
    }
}
