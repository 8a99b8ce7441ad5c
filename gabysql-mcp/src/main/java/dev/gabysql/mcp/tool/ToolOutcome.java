package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.json.JsonTrees;
import dev.gabysql.mcp.json.JsonRpcReply;
import dev.gabysql.mcp.json.WrittenResult;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * What a tool answers: the text a model reads and the same content as a JSON object ({@code structuredContent}),
 * both written once ({@link WrittenResult}). Failures become {@code error [CODE]: message} plus {@code hint: …},
 * with {@code isError} set and the structured {@code {"error": {code, message, hint}}}. Immutable.
 */
public record ToolOutcome(WrittenResult written) {

    ToolOutcome(String text, ObjectNode structured) {
        this(WrittenResult.of(text, structured));
    }

    /** The structured object is also the text, written compactly. */
    static ToolOutcome json(ObjectNode structured) {
        return new ToolOutcome(WrittenResult.of(structured));
    }

    /** A rendered value: non-object JSON is wrapped as {@code {"result": …}} (structuredContent must be an object). */
    static ToolOutcome of(String text, JsonNode json) {
        ObjectNode obj;
        if (json instanceof ObjectNode) {
            obj = (ObjectNode) json;
        } else {
            obj = JsonTrees.object();
            obj.set("result", json == null ? JsonTrees.node(text) : json);
        }
        return text == null ? json(obj) : new ToolOutcome(text, obj);
    }

    McpSchema.CallToolResult toResult() {
        return McpSchema.CallToolResult.builder()
                .addTextContent(written.text())
                .structuredContent(written)
                .isError(false)
                .build();
    }

    static McpSchema.CallToolResult error(GabyException e) {
        ObjectNode err = JsonTrees.object();
        err.put("code", e.code().name());
        err.put("message", e.getMessage());
        String hint = McpWords.INSTANCE.hintOf(e);
        if (hint != null && !hint.isBlank()) {
            err.put("hint", hint);
        }
        ObjectNode structured = JsonTrees.object();
        structured.set("error", err);
        WrittenResult written = WrittenResult.of(errorText(e), structured);
        return McpSchema.CallToolResult.builder()
                .addTextContent(written.text())
                .structuredContent(written)
                .isError(true)
                .build();
    }

    /**
     * A JSON-RPC error reply for {@code e} ({@link JsonRpcReply#error}), with the text and the hint a tool error
     * carries, for the answers the stdio transport writes itself.
     */
    public static byte[] protocolError(Object id, int code, GabyException e) {
        return JsonRpcReply.error(id, code, e, errorText(e), McpWords.INSTANCE.hintOf(e));
    }

    public static String errorText(GabyException e) {
        String text = "error [" + e.code().name() + "]: " + e.getMessage();
        String hint = McpWords.INSTANCE.hintOf(e);
        return hint == null || hint.isBlank() ? text : text + "\nhint: " + hint;
    }
}
