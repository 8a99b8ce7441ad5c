package dev.gabysql.mcp.json;

import dev.gabysql.core.json.JsonBytes;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/**
 * A {@code tools/list} result written with {@link JsonBytes}, byte for byte as the SDK's Jackson binding writes it
 * (HotPathJsonMapperTest holds the two together): the tools' members in their record order, absent ones left out,
 * schemas as the plain trees they are.
 *
 * <p>Why (docs/design.md#start-up): Jackson builds the serializers of the tool, schema and annotation types by
 * reflection on first use; a process's first {@code tools/list}, every client's first request, spent most of its time
 * there while the server was still starting. Stateless.
 */
final class ToolListJson {
    private ToolListJson() {}

    /**
     * The JSON (UTF-8) of a result listing {@code tools} (no cursor, no {@code _meta}), or null when a tool carries
     * what this writer leaves to Jackson (icons, {@code _meta}, a value of another type in a schema). Bytes, not a
     * String: the descriptions are not all ASCII, and a String of them costs a decoding and an encoding of every
     * character, interpreted in a process's first {@code tools/list} (a large part of its time).
     */
    static byte[] write(List<McpSchema.Tool> tools) {
        JsonBytes json = new JsonBytes(16 * 1024).raw(JsonBytes.ascii("{\"tools\":["));
        for (int i = 0; i < tools.size(); i++) {
            if (i > 0) {
                json.raw(',');
            }
            if (!tool(json, tools.get(i))) {
                return null;
            }
        }
        return json.raw(JsonBytes.ascii("]}")).toBytes();
    }

    private static boolean tool(JsonBytes json, McpSchema.Tool tool) {
        if (tool.name() == null || tool.meta() != null || tool.icons() != null) {
            return false;
        }
        json.raw(JsonBytes.ascii("{\"name\":")).string(tool.name());
        if (tool.title() != null) {
            json.raw(JsonBytes.ascii(",\"title\":")).string(tool.title());
        }
        if (tool.description() != null) {
            json.raw(JsonBytes.ascii(",\"description\":")).string(tool.description());
        }
        if (tool.inputSchema() != null) {
            json.raw(JsonBytes.ascii(",\"inputSchema\":"));
            if (!json.tree(tool.inputSchema())) {
                return false;
            }
        }
        if (tool.outputSchema() != null) {
            json.raw(JsonBytes.ascii(",\"outputSchema\":"));
            if (!json.tree(tool.outputSchema())) {
                return false;
            }
        }
        if (tool.annotations() != null) {
            annotations(json.raw(JsonBytes.ascii(",\"annotations\":")), tool.annotations());
        }
        json.raw('}');
        return true;
    }

    private static void annotations(JsonBytes json, McpSchema.ToolAnnotations a) {
        json.raw('{');
        boolean first = member(json, true, "title", a.title());
        first = member(json, first, "readOnlyHint", a.readOnlyHint());
        first = member(json, first, "destructiveHint", a.destructiveHint());
        first = member(json, first, "idempotentHint", a.idempotentHint());
        first = member(json, first, "openWorldHint", a.openWorldHint());
        member(json, first, "returnDirect", a.returnDirect());
        json.raw('}');
    }

    /** Writes {@code "name":value} unless the value is absent; whether the object is still without a member. */
    private static boolean member(JsonBytes json, boolean first, String name, Object value) {
        if (value == null) {
            return first;
        }
        if (!first) {
            json.raw(',');
        }
        json.string(name).raw(':').value(value);
        return false;
    }
}
