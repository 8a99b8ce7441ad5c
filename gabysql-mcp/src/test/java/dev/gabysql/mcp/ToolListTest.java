package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.curated.CuratedParam;
import dev.gabysql.core.curated.CuratedTool;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.curated.ParamType;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.ToolSelection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool list a model carries in its context on every turn (issue 25): its size, counted as the benchmark counts it
 * ({@code ../shared/bench/mcpbench.py}: the {@code tools} array as Python's {@code json.dumps} writes it), what it must
 * still tell the model, and {@code --tools}: a tool outside the selection is neither listed nor callable.
 */
final class ToolListTest {
    @TempDir
    Path dir;

    @Test
    void readonlyListFitsInThreeThousandCharacters() throws Exception {
        assertThat(listed(Mode.READONLY, ToolSelection.EVERY_TOOL).chars()).isLessThanOrEqualTo(3_000);
    }

    @Test
    void readwriteListFitsInThreeThousandEightHundredCharacters() throws Exception {
        Listed rw = listed(Mode.READWRITE, ToolSelection.EVERY_TOOL);
        assertThat(rw.names()).contains("gabysql_execute");
        assertThat(rw.chars()).isLessThanOrEqualTo(3_800);
    }

    @Test
    void minimalListsOneReadAndOneSchemaToolInTwelveHundredCharacters() throws Exception {
        for (Mode mode : List.of(Mode.READONLY, Mode.READWRITE)) {
            Listed minimal = listed(mode, ToolSelection.parse(List.of("minimal")));
            assertThat(minimal.names()).containsExactly("gabysql_describe_database", "gabysql_query");
            assertThat(minimal.chars()).isLessThanOrEqualTo(1_200);
            assertThat(minimal.instructions())
                    .doesNotContain("gabysql_list_databases")
                    .contains("never a path or URL", "an unknown name's error lists them", "read-only");
        }
    }

    /** Nothing a model needs to use the tools well is lost: each flow's words are there, each rule said once. */
    @Test
    void everyFlowIsStillDiscoverableAndEachRuleSaidOnce() throws Exception {
        Listed rw = listed(Mode.READWRITE, ToolSelection.EVERY_TOOL);
        String all = rw.instructions() + "\n" + rw.json();
        assertThat(all)
                .contains("gabysql_list_databases", "never a path or URL") // how to name a database
                .contains("summary", "next_cursor", "cursor") // progressive detail, pagination
                .contains("truncated", "LIMIT", "params") // caps, placeholders
                .contains("confirm_token", "once the user approved") // preview, then confirm
                .contains("awaiting_approval", "approval_id", "next_step") // a person approves
                .contains("allow_full_table", "error [CODE]");
        assertThat(occurrences(all, "never a path or URL")).isEqualTo(1);
        assertThat(occurrences(all, "truncated")).isEqualTo(1);
        assertThat(occurrences(all, "approval_id")).isEqualTo(2); // the description and the argument
    }

    @Test
    void aToolOutsideTheSelectionCannotBeCalled() throws Exception {
        try (GabyService shop = Shop.service(Mode.READWRITE, Shop.sqlite(dir));
                McpTestClient client = McpTestClient.start(
                        shop, McpOptions.defaults("test").withTools(ToolSelection.parse(List.of("minimal"))))) {
            for (String tool : List.of("gabysql_search", "gabysql_execute", "gabysql_list_databases")) {
                JsonNode r = client.request(
                        "tools/call", Map.of("name", tool, "arguments", Map.of("db", "shop", "pattern", "x")));
                assertThat(r.at("/error/message").asText()).as(tool).startsWith("Unknown tool");
            }
            JsonNode ok = client.call("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1 AS one"));
            assertThat(ok.path("isError").asBoolean()).isFalse();
            List<String> prompts = new ArrayList<>();
            McpTestClient.result(client.request("prompts/list", Map.of()))
                    .get("prompts")
                    .forEach(p -> prompts.add(p.get("name").asText()));
            assertThat(prompts).containsExactly("explore_database"); // safe_change needs gabysql_execute
        }
    }

    /**
     * Curated tools (docs/configuration.md#curated-tools) are the operator's own: they come after gabysql's tools,
     * which are listed exactly as without them, so the budgets above measure gabysql's list alone.
     */
    @Test
    void curatedToolsComeAfterGabysqlsOwnAndCountApart() throws Exception {
        Listed own = listed(Mode.READWRITE, ToolSelection.EVERY_TOOL);
        CuratedTool tool = new CuratedTool(
                "orders_of_customer",
                "The orders of one customer.",
                "shop",
                CuratedTool.Access.READ,
                "SELECT id FROM orders WHERE customer_id = :customer_id",
                List.of(new CuratedParam(
                        "customer_id", ParamType.INTEGER, null, true, List.of(), null, null, null, null)),
                "tools[0]");
        Listed both = listed(Mode.READWRITE, s -> ToolSelection.parse(null, CuratedTools.prepare(List.of(tool), s)));
        assertThat(both.names()).hasSize(own.names().size() + 1).endsWith("orders_of_customer");
        assertThat(both.json()).startsWith(own.json().substring(0, own.json().length() - 1) + ", {");
        assertThat(both.instructions()).isEqualTo(own.instructions());
    }

    private Listed listed(Mode mode, ToolSelection selection) throws Exception {
        return listed(mode, service -> selection);
    }

    private Listed listed(Mode mode, java.util.function.Function<GabyService, ToolSelection> selection)
            throws Exception {
        try (GabyService shop = Shop.service(mode, Shop.sqlite(Files.createTempDirectory(dir, "shop")));
                McpTestClient client =
                        McpTestClient.raw(shop, McpOptions.defaults("test").withTools(selection.apply(shop)))) {
            String instructions = McpTestClient.result(client.initialize())
                    .get("instructions")
                    .asText();
            JsonNode tools =
                    McpTestClient.result(client.request("tools/list", Map.of())).get("tools");
            List<String> names = new ArrayList<>();
            tools.forEach(t -> names.add(t.get("name").asText()));
            return new Listed(names, pythonJson(tools), instructions);
        }
    }

    private record Listed(List<String> names, String json, String instructions) {
        int chars() {
            return json.length();
        }
    }

    /** As Python's {@code json.dumps(value, ensure_ascii=False)} writes it: ", " and ": " between members. */
    static String pythonJson(JsonNode node) {
        StringBuilder sb = new StringBuilder();
        write(sb, node);
        return sb.toString();
    }

    private static void write(StringBuilder sb, JsonNode node) {
        if (node.isObject()) {
            sb.append('{');
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                string(sb, e.getKey());
                sb.append(": ");
                write(sb, e.getValue());
                if (it.hasNext()) {
                    sb.append(", ");
                }
            }
            sb.append('}');
        } else if (node.isArray()) {
            sb.append('[');
            for (int i = 0; i < node.size(); i++) {
                sb.append(i > 0 ? ", " : "");
                write(sb, node.get(i));
            }
            sb.append(']');
        } else if (node.isTextual()) {
            string(sb, node.asText());
        } else {
            sb.append(node.toString()); // numbers, true, false, null
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        sb.append('"');
    }

    private static int occurrences(String text, String word) {
        int n = 0;
        for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
            n++;
        }
        return n;
    }
}
