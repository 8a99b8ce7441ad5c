package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every tool over MCP on one real database, with a short subclass per dialect: successful answers valid against
 * their output schemas, and each bad input a clean {@code isError} after which the server still answers.
 */
abstract class ToolsContractTest {
    @TempDir
    Path dir;

    GabyService service;
    McpTestClient client;
    ToolAssert tools;

    abstract DatabaseConfig shop(Path dir);

    @BeforeEach
    void start() throws Exception {
        service = Shop.service(Mode.READONLY, shop(dir));
        client = McpTestClient.start(service);
        tools = new ToolAssert(client);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        service.close();
    }

    @Test
    void readonlyServerListsTheReadToolsWithTruthfulAnnotations() {
        Map<String, JsonNode> byName = tools.tools().stream()
                .collect(Collectors.toMap(t -> t.get("name").asText(), t -> t));
        assertThat(byName)
                .containsOnlyKeys(
                        "gabysql_list_databases",
                        "gabysql_describe_database",
                        "gabysql_describe_table",
                        "gabysql_search",
                        "gabysql_query",
                        "gabysql_explain",
                        "gabysql_health");
        for (JsonNode t : byName.values()) {
            assertThat(t.at("/annotations/readOnlyHint").asBoolean()).isTrue();
            assertThat(t.at("/inputSchema/type").asText()).isEqualTo("object");
            assertThat(t.has("outputSchema"))
                    .as("an output schema that tells a client nothing")
                    .isFalse();
            assertThat(t.get("description").asText()).hasSizeGreaterThan(60);
        }
        assertThat(byName.get("gabysql_query").at("/inputSchema/required").toString())
                .contains("db", "sql");
    }

    @Test
    void listDatabasesShowsTheCatalog() {
        JsonNode out = tools.ok("gabysql_list_databases", Map.of());
        assertThat(out.at("/databases/0/name").asText()).isEqualTo("shop");
        assertThat(out.at("/databases/0/mode").asText()).isEqualTo("readonly");
    }

    @Test
    void describeDatabaseAndTable() {
        String names = tools.ok("gabysql_describe_database", Map.of("db", "shop", "detail", "names"))
                .toString();
        assertThat(names).contains("customers", "orders", "numbers");
        String full = tools.ok("gabysql_describe_database", Map.of("db", "shop", "detail", "full"))
                .toString();
        assertThat(full).contains("customer_id");
        JsonNode table = tools.ok("gabysql_describe_table", Map.of("db", "shop", "table", "orders"));
        assertThat(table.toString()).contains("customer_id", "status");
        tools.error("gabysql_describe_table", Map.of("db", "shop", "table", "nope"), ErrorCode.UNKNOWN_TABLE);
        tools.error("gabysql_describe_database", Map.of("db", "shop", "detail", "everything"), ErrorCode.BAD_REQUEST);
    }

    @Test
    void searchFindsTablesAndColumns() {
        String found = tools.ok("gabysql_search", Map.of("db", "shop", "pattern", "cust"))
                .toString();
        assertThat(found).contains("customers").contains("customer_id");
    }

    @Test
    void queryReturnsCompactRowsWithParams() {
        JsonNode r = client.call(
                "gabysql_query",
                Map.of(
                        "db",
                        "shop",
                        "sql",
                        "SELECT id, name, city FROM customers WHERE id >= ? ORDER BY id",
                        "params",
                        List.of(2)));
        JsonNode out = r.get("structuredContent");
        assertThat(out.get("columns").toString()).isEqualTo("[\"id\",\"name\",\"city\"]");
        assertThat(out.get("rows").toString()).isEqualTo("[[2,\"Luis\",\"Sevilla\"],[3,\"Marta\",null]]");
        assertThat(out.get("row_count").asInt()).isEqualTo(2);
        assertThat(out.get("truncated").asBoolean()).isFalse();
        assertThat(ToolAssert.text(r))
                .isEqualTo("{\"columns\":[\"id\",\"name\",\"city\"],\"rows\":[[2,\"Luis\","
                        + "\"Sevilla\"],[3,\"Marta\",null]],\"row_count\":2,\"truncated\":false}");
        tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT count(*) AS n FROM orders"));
    }

    @Test
    void hugeResultIsCappedAndSaysSo() {
        JsonNode out = tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT x FROM numbers ORDER BY x"));
        assertThat(out.get("row_count").asInt()).isEqualTo(500);
        assertThat(out.get("truncated").asBoolean()).isTrue();
        assertThat(out.get("note").asText()).contains("500");
        JsonNode few = tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT x FROM numbers", "max_rows", 3));
        assertThat(few.get("row_count").asInt()).isEqualTo(3);
        assertThat(few.get("truncated").asBoolean()).isTrue();
    }

    @Test
    void metaCommandsWorkThroughQuery() {
        JsonNode out = tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SHOW TABLES"));
        assertThat(out.get("rows").toString()).contains("customers", "orders");
    }

    @Test
    void explainAndIntegrityCheck() {
        JsonNode plan =
                tools.ok("gabysql_explain", Map.of("db", "shop", "sql", "SELECT * FROM orders WHERE customer_id = 1"));
        assertThat(plan.get("plan").asText()).isNotBlank();
        JsonNode check = tools.ok("gabysql_health", Map.of("db", "shop", "report", "integrity"));
        assertThat(check.get("ok").asBoolean()).isTrue();
        assertThat(check.get("method").asText()).isNotBlank();
    }

    /** gabysql_health's reports and gabysql_explain's index advice (docs/dba.md), over MCP on this engine. */
    @Test
    void healthReportsAndIndexAdvice() {
        for (String report : List.of("health", "top_queries", "activity")) {
            JsonNode r = tools.ok("gabysql_health", Map.of("db", "shop", "report", report));
            assertThat(r.get("report").asText()).isEqualTo(report);
            assertThat(r.get("checks").size()).as(report).isPositive();
            assertThat(r.has("findings")).isTrue();
        }
        JsonNode advice = tools.ok(
                "gabysql_explain", Map.of("db", "shop", "sql", "SELECT * FROM numbers WHERE x = 7", "advise", true));
        assertThat(advice.at("/advice/method").asText()).isNotBlank();
        assertThat(advice.at("/advice/candidates/0/create").asText())
                .contains("numbers")
                .contains("x");
        tools.error("gabysql_health", Map.of("db", "shop", "report", "vacuum"), ErrorCode.BAD_REQUEST);
        String first = tools.ok("gabysql_health", Map.of("db", "shop"))
                .at("/checks/0/name")
                .asText();
        JsonNode only = tools.ok("gabysql_health", Map.of("db", "shop", "checks", first));
        assertThat(only.get("checks")).hasSize(1);
        tools.error("gabysql_health", Map.of("db", "shop", "checks", "no_such_check"), ErrorCode.BAD_REQUEST);
        tools.ok("gabysql_health", Map.of("db", "shop", "report", "top_queries", "by", "calls"));
        tools.error(
                "gabysql_health", Map.of("db", "shop", "report", "top_queries", "by", "size"), ErrorCode.BAD_REQUEST);
        tools.error(
                "gabysql_explain",
                Map.of("db", "shop", "sql", "DELETE FROM numbers", "advise", true),
                ErrorCode.READ_ONLY);
    }

    @Test
    void badInputGetsACleanErrorAndTheNextCallIsServed() {
        List<Runnable> failures = new ArrayList<>(List.of(
                () -> tools.error("gabysql_query", Map.of("db", "nope", "sql", "SELECT 1"), ErrorCode.UNKNOWN_DATABASE),
                () -> tools.error(
                        "gabysql_query",
                        Map.of("db", "../etc/passwd", "sql", "SELECT 1"),
                        ErrorCode.INVALID_DATABASE_NAME),
                () -> tools.error("gabysql_query", Map.of("db", "shop", "sql", "  "), ErrorCode.EMPTY_SQL),
                () -> tools.error("gabysql_query", Map.of("db", "shop"), ErrorCode.EMPTY_SQL),
                () -> tools.error(
                        "gabysql_query",
                        Map.of("db", "shop", "sql", "SELECT 1; SELECT 2"),
                        ErrorCode.MULTIPLE_STATEMENTS,
                        ErrorCode.UNCLASSIFIABLE),
                () -> tools.error(
                        "gabysql_query",
                        Map.of("db", "shop", "sql", "DELETE FROM orders"),
                        ErrorCode.READ_ONLY,
                        ErrorCode.FORBIDDEN_BY_MODE),
                () -> tools.error(
                        "gabysql_query",
                        Map.of("db", "shop", "sql", "SELECT * FROM no_such_table"),
                        ErrorCode.SQL_ERROR),
                () -> tools.error(
                        "gabysql_query", Map.of("db", "shop", "sql", "SELECT 1", "query", "x"), ErrorCode.BAD_REQUEST),
                () -> tools.error(
                        "gabysql_query", Map.of("db", "shop", "sql", "SELECT 1", "max_rows", 0), ErrorCode.BAD_REQUEST),
                () -> tools.error("gabysql_query", Map.of("db", 7, "sql", "SELECT 1"), ErrorCode.BAD_REQUEST),
                () -> tools.error(
                        "gabysql_query",
                        Map.of("db", "shop", "sql", "SELECT ?", "params", List.of(Map.of("a", 1))),
                        ErrorCode.BAD_REQUEST)));
        for (Runnable failure : failures) {
            failure.run();
            JsonNode next = tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT count(*) FROM customers"));
            assertThat(next.at("/rows/0/0").asInt()).isEqualTo(3);
        }
        assertThat(client.frames())
                .allSatisfy(f -> assertThat(McpFrames.isJsonRpc(f)).as(f).isTrue());
    }

    @Test
    void dataIsUnchangedAfterRefusedWrites() {
        tools.error(
                "gabysql_query",
                Map.of("db", "shop", "sql", "UPDATE orders SET status = 'x'"),
                ErrorCode.READ_ONLY,
                ErrorCode.FORBIDDEN_BY_MODE);
        tools.error(
                "gabysql_query",
                Map.of("db", "shop", "sql", "WITH d AS (DELETE FROM orders RETURNING id)" + " SELECT count(*) FROM d"),
                ErrorCode.READ_ONLY,
                ErrorCode.FORBIDDEN_BY_MODE,
                ErrorCode.SQL_ERROR,
                ErrorCode.UNCLASSIFIABLE);
        JsonNode out = tools.ok(
                "gabysql_query", Map.of("db", "shop", "sql", "SELECT count(*) FROM orders WHERE status <> 'x'"));
        assertThat(out.at("/rows/0/0").asInt()).isEqualTo(4);
    }

    @Test
    void stdinEofEndsTheServerPromptly() throws Exception {
        tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1"));
        assertThat(client.closeInputAndAwaitEnd(Duration.ofSeconds(2))).isTrue();
        assertThat(client.serverFailure()).isNull();
    }
}
