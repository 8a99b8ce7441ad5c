package dev.gabysql.mcp.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.mcp.tool.GabyTool;
import dev.gabysql.mcp.tool.Tools;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every shortcut of {@link HotPathJsonMapper} gives what the SDK's own Jackson mapper gives. */
class HotPathJsonMapperTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();
    private final McpJsonMapper hot = new HotPathJsonMapper(new ObjectMapper());
    private final McpJsonMapper sdk = new JacksonMcpJsonMapper(new ObjectMapper());

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"gabysql_query\","
                        + "\"arguments\":{\"db\":\"shop\",\"sql\":\"SELECT 1\",\"params\":[1,\"a\",null,2.5,{\"k\":[true]}]}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":\"req-é\",\"method\":\"tools/call\",\"params\":{\"name\":\"t\","
                        + "\"_meta\":{\"progressToken\":\"p1\"},\"unknown\":1}}",
                "{\"jsonrpc\":\"2.0\",\"id\":12345678901,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2.5,\"method\":\"odd/id\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"odd/params\",\"params\":[1,2]}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7}}"
            })
    void readsMessagesAsTheSdkDoes(String line) throws Exception {
        McpSchema.JSONRPCMessage viaSdk;
        try {
            viaSdk = McpSchema.deserializeJsonRpcMessage(sdk, line);
        } catch (IllegalArgumentException refused) { // e.g. an id that is neither a string nor an integer
            assertThatThrownBy(() -> McpSchema.deserializeJsonRpcMessage(hot, line))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(refused.getMessage());
            return;
        }
        assertThat(McpSchema.deserializeJsonRpcMessage(hot, line)).isEqualTo(viaSdk);
        if (viaSdk instanceof McpSchema.JSONRPCRequest
                && "tools/call".equals(((McpSchema.JSONRPCRequest) viaSdk).method())) {
            Object params = ((McpSchema.JSONRPCRequest) viaSdk).params();
            TypeRef<McpSchema.CallToolRequest> type = new TypeRef<>() {};
            assertThat(hot.convertValue(params, type)).isEqualTo(sdk.convertValue(params, type));
        }
    }

    @Test
    void writesToolRepliesAsTheSdkDoes() throws Exception {
        ObjectNode structured = JACKSON.createObjectNode();
        structured.putArray("columns").add("id").add("name");
        structured
                .putArray("rows")
                .addArray()
                .add(1L)
                .add("Zoë \"quoted\"\nline")
                .addNull()
                .add(new BigDecimal("12.50"))
                .add(2.5)
                .add(true);
        structured.put("row_count", 1).put("truncated", false);
        List<Object> ids = List.of(1, 12345678901L, "abc");
        for (Object id : ids) {
            for (boolean error : new boolean[] {false, true}) {
                McpSchema.CallToolResult withTree = McpSchema.CallToolResult.builder()
                        .addTextContent("{\"a\":\"ü\\n\"}\u2028")
                        .structuredContent(structured)
                        .isError(error)
                        .build();
                McpSchema.CallToolResult textOnly =
                        new McpSchema.CallToolResult(List.of(new McpSchema.TextContent("plain")), error, null, null);
                sameJson(new McpSchema.JSONRPCResponse("2.0", id, withTree, null));
                sameJson(new McpSchema.JSONRPCResponse("2.0", id, textOnly, null));
            }
        }
    }

    @Test
    void writesWrittenResultsAsTheSdkWritesTheirTrees() throws Exception {
        ObjectNode structured = JACKSON.createObjectNode();
        structured
                .putArray("rows")
                .addArray()
                .add("Zoë \"q\" \\ \n\u0001 😀 \u2028")
                .add(new BigDecimal("12.50"))
                .addNull();
        structured.put("truncated", true);
        String plain = "error [X]: \"quoted\"\nhint: a \\ b 😀";
        List<WrittenResult> results = List.of(
                WrittenResult.of(structured),
                WrittenResult.of(plain, structured),
                WrittenResult.of(
                        JACKSON.writeValueAsBytes(structured.get("rows")), JACKSON.writeValueAsBytes(structured)));
        for (WrittenResult written : results) {
            for (Object id : List.of(1, 12345678901L, "a\"b")) {
                for (boolean error : new boolean[] {false, true}) {
                    McpSchema.JSONRPCResponse asWritten = new McpSchema.JSONRPCResponse(
                            "2.0",
                            id,
                            McpSchema.CallToolResult.builder()
                                    .addTextContent(written.text())
                                    .structuredContent(written)
                                    .isError(error)
                                    .build(),
                            null);
                    McpSchema.JSONRPCResponse asTree = new McpSchema.JSONRPCResponse(
                            "2.0",
                            id,
                            McpSchema.CallToolResult.builder()
                                    .addTextContent(written.text())
                                    .structuredContent(JACKSON.readTree(written.structured()))
                                    .isError(error)
                                    .build(),
                            null);
                    JsonNode expected = JACKSON.readTree(sdk.writeValueAsString(asTree));
                    assertThat(JACKSON.readTree(sdk.writeValueAsString(asWritten)))
                            .isEqualTo(expected);
                    assertThat(JACKSON.readTree(hot.writeValueAsString(asWritten)))
                            .isEqualTo(expected);
                    assertThat(JACKSON.readTree(hot.writeValueAsBytes(asWritten)))
                            .isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void aWrittenResultTurnsIntoItsTreeWhenConverted() throws Exception {
        ObjectNode structured = JACKSON.createObjectNode().put("a", "b").put("n", 1);
        Object converted = sdk.convertValue(WrittenResult.of(structured), Map.class);
        assertThat(converted).isEqualTo(Map.of("a", "b", "n", 1));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{}",
                "{\"a\":\"x\\\"y\\\\z\"}",
                "[\"\\n\\t\\u0001\",\"é😀\"]",
                "\"raw\ttab\"",
                "{\"k\":\"\u2028\u007f\"}"
            })
    void aJsonTextBecomesTheStringLiteralJacksonWrites(String json) throws Exception {
        byte[] literal = WrittenResult.literalOfJson(json.getBytes(StandardCharsets.UTF_8));
        assertThat(new String(literal, StandardCharsets.UTF_8)).isEqualTo(JACKSON.writeValueAsString(json));
    }

    @Test
    void writesToolListsAsTheSdkDoesAndReusesTheSameList() throws Exception {
        McpSchema.Tool a = McpSchema.Tool.builder()
                .name("a")
                .description("first \"tool\"")
                .inputSchema(new McpSchema.JsonSchema(
                        "object", Map.of("db", Map.of("type", "string")), List.of("db"), false, null, null))
                .annotations(new McpSchema.ToolAnnotations("A", true, false, true, false, false))
                .build();
        McpSchema.Tool b = McpSchema.Tool.builder()
                .name("b")
                .inputSchema(new McpSchema.JsonSchema("object", Map.of(), List.of(), null, null, null))
                .build();
        sameJson(new McpSchema.JSONRPCResponse("2.0", 1, new McpSchema.ListToolsResult(List.of(a, b), null), null));
        sameJson(new McpSchema.JSONRPCResponse("2.0", "x", new McpSchema.ListToolsResult(List.of(a, b), null), null));
        sameJson(new McpSchema.JSONRPCResponse("2.0", 2, new McpSchema.ListToolsResult(List.of(a), null), null));
        sameJson(new McpSchema.JSONRPCResponse("2.0", 3, new McpSchema.ListToolsResult(List.of(b, a), null), null));
        sameJson(new McpSchema.JSONRPCResponse("2.0", 4, new McpSchema.ListToolsResult(List.of(a), "next"), null));
    }

    @Test
    void writesTheServersToolListsByteForByteAsTheSdkDoes() throws Exception {
        for (boolean writes : new boolean[] {false, true}) {
            List<McpSchema.Tool> tools = new ArrayList<>();
            for (GabyTool t : Tools.of(writes)) {
                tools.add(t.definition());
            }
            sameBytes(new McpSchema.JSONRPCResponse("2.0", 9, new McpSchema.ListToolsResult(tools, null), null));
        }
        Map<String, Object> odd = new LinkedHashMap<>();
        odd.put("type", List.of("string", "null"));
        odd.put("enum", List.of("a\u00e9\u2028\"\\", 1, 2.5, true, List.of(), Map.of()));
        odd.put("minimum", 12345678901L);
        McpSchema.Tool everything = McpSchema.Tool.builder()
                .name("t")
                .title("T \u00fc")
                .description("d\nline")
                .inputSchema(Map.of("type", "object", "properties", Map.of("x", odd)))
                .outputSchema(Map.of("type", "object"))
                .annotations(new McpSchema.ToolAnnotations("A", true, null, false, null, true))
                .build();
        McpSchema.Tool bare =
                McpSchema.Tool.builder().name("bare").inputSchema(Map.of()).build();
        McpSchema.Tool withMeta = McpSchema.Tool.builder()
                .name("m")
                .inputSchema(Map.of())
                .meta(Map.of("k", "v"))
                .build();
        McpSchema.Tool nullInSchema = McpSchema.Tool.builder()
                .name("n")
                .inputSchema(new HashMap<>(Collections.singletonMap("default", null)))
                .build();
        sameBytes(new McpSchema.JSONRPCResponse(
                "2.0", "s", new McpSchema.ListToolsResult(List.of(everything, bare), null), null));
        sameBytes(
                new McpSchema.JSONRPCResponse("2.0", 1, new McpSchema.ListToolsResult(List.of(withMeta), null), null));
        sameBytes(new McpSchema.JSONRPCResponse(
                "2.0", 2, new McpSchema.ListToolsResult(List.of(nullInSchema), null), null));
        assertThat(ToolListJson.write(List.of(withMeta))).isNull(); // left to Jackson
        assertThat(ToolListJson.write(List.of(nullInSchema))).isNull();
    }

    @Test
    void leavesEveryOtherShapeToTheSdk() throws Exception {
        McpSchema.CallToolResult twoContents = new McpSchema.CallToolResult(
                List.of(new McpSchema.TextContent("a"), new McpSchema.TextContent("b")), false, null, null);
        McpSchema.CallToolResult mapStructured = new McpSchema.CallToolResult(
                List.of(new McpSchema.TextContent("a")), false, Map.of("k", List.of(1, 2)), Map.of("m", 1));
        sameJson(new McpSchema.JSONRPCResponse("2.0", 1, twoContents, null));
        sameJson(new McpSchema.JSONRPCResponse("2.0", 1, mapStructured, null));
        sameJson(new McpSchema.JSONRPCResponse(
                "2.0", 1, null, new McpSchema.JSONRPCResponse.JSONRPCError(-32602, "bad", Map.of("code", "X"))));
        sameJson(new McpSchema.JSONRPCNotification("2.0", "notifications/progress", Map.of("progress", 1)));
    }

    private void sameBytes(Object message) throws Exception {
        String expected = sdk.writeValueAsString(message);
        assertThat(hot.writeValueAsString(message)).isEqualTo(expected);
        assertThat(new String(hot.writeValueAsBytes(message), StandardCharsets.UTF_8))
                .isEqualTo(expected);
    }

    private void sameJson(Object message) throws Exception {
        JsonNode expected = JACKSON.readTree(sdk.writeValueAsString(message));
        assertThat(JACKSON.readTree(hot.writeValueAsString(message))).isEqualTo(expected);
        assertThat(JACKSON.readTree(new String(hot.writeValueAsBytes(message), StandardCharsets.UTF_8)))
                .isEqualTo(expected);
    }
}
