package dev.gabysql.mcp.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gabysql.core.json.JsonBytes;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The SDK's Jackson binding, with the three conversions every tool call makes done by hand — a JSON-RPC request
 * out of its parsed map, the {@code tools/call} parameters, and the reply carrying a tool result — and the
 * {@code tools/list} result, the same schemas every time, serialized once and reused. Jackson's data
 * binding does them through token buffers, bean introspection and polymorphic type handling; early in a process,
 * before the JIT has compiled any of it, that was most of a 1-row query's time (docs/performance.md).
 *
 * <p>Each shortcut applies only to the exact shape it knows (a tool result with one plain text content, no
 * {@code _meta}, structured content as a tree, already written ({@link WrittenResult}: its bytes are spliced into
 * the reply) or absent; maps whose values have the expected types) and otherwise
 * hands the value to the SDK's own mapper, so an unexpected message is never mis-encoded, only slower.
 * HotPathJsonMapperTest holds each shortcut to the SDK mapper's output. Thread-safe.
 */
public final class HotPathJsonMapper implements McpJsonMapper {
    private static final byte[] RESULT_TEXT = JsonBytes.ascii(",\"result\":{\"content\":[{\"type\":\"text\",\"text\":");
    private static final byte[] ERROR_TRUE = JsonBytes.ascii("}],\"isError\":true,\"structuredContent\":");
    private static final byte[] ERROR_FALSE = JsonBytes.ascii("}],\"isError\":false,\"structuredContent\":");
    private static final byte[] REPLY_END = JsonBytes.ascii("}}");
    private static final byte[] RESULT = JsonBytes.ascii(",\"result\":");
    /** Jackson, made on first need: plain stdio traffic never needs it (its first use costs tens of ms of CPU). */
    private final Supplier<ObjectMapper> create;

    private volatile Jackson jackson;
    /** The last tool list written and its JSON; a list of the very same Tool objects reuses it. */
    private volatile RenderedTools renderedTools;

    /**
     * The one mapper of the process, shared by transports and servers, because Jackson builds its (de)serializers
     * once per mapper and that is most of a first call's cost. Created on first use; its Jackson mapper only when a
     * message needs it.
     */
    public static McpJsonMapper shared() {
        return Shared.INSTANCE;
    }

    private static final class Shared {
        static final McpJsonMapper INSTANCE = new HotPathJsonMapper(ObjectMapper::new);
    }

    public HotPathJsonMapper(ObjectMapper objectMapper) {
        this(() -> objectMapper);
    }

    /** {@code create} is called once, the first time a message needs Jackson. */
    public HotPathJsonMapper(Supplier<ObjectMapper> create) {
        this.create = create;
    }

    private Jackson jackson() {
        Jackson j = jackson;
        if (j == null) {
            synchronized (this) {
                j = jackson;
                if (j == null) {
                    ObjectMapper m = create.get();
                    j = new Jackson(m, new JacksonMcpJsonMapper(m));
                    jackson = j;
                }
            }
        }
        return j;
    }

    /** The object mapper and the SDK's binding over it. */
    private record Jackson(ObjectMapper objectMapper, JacksonMcpJsonMapper sdk) {}

    @Override
    public <T> T readValue(String content, Class<T> type) throws IOException {
        return jackson().sdk().readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        return jackson().sdk().readValue(content, type);
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        return jackson().sdk().readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        return jackson().sdk().readValue(content, type);
    }

    @Override
    public <T> T convertValue(Object from, Class<T> type) {
        Object fast = type == McpSchema.JSONRPCRequest.class ? request(from) : null;
        return fast != null ? type.cast(fast) : jackson().sdk().convertValue(from, type);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T convertValue(Object from, TypeRef<T> type) {
        Object fast = type.getType() == McpSchema.CallToolRequest.class ? callToolRequest(from) : null;
        return fast != null ? (T) fast : jackson().sdk().convertValue(from, type);
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        byte[] tools = toolListReply(value);
        if (tools != null) {
            return new String(tools, StandardCharsets.UTF_8);
        }
        McpSchema.JSONRPCResponse reply = toolReply(value);
        if (reply == null) {
            return jackson().sdk().writeValueAsString(value);
        }
        byte[] written = writtenToolReply(reply);
        if (written != null) {
            return new String(written, StandardCharsets.UTF_8);
        }
        StringWriter out = new StringWriter(256);
        writeToolReply(reply, jackson().objectMapper().getFactory().createGenerator(out));
        return out.toString();
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        byte[] tools = toolListReply(value);
        if (tools != null) {
            return tools;
        }
        McpSchema.JSONRPCResponse reply = toolReply(value);
        if (reply == null) {
            return jackson().sdk().writeValueAsBytes(value);
        }
        byte[] written = writtenToolReply(reply);
        if (written != null) {
            return written;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        writeToolReply(reply, jackson().objectMapper().getFactory().createGenerator(out, JsonEncoding.UTF8));
        return out.toByteArray();
    }

    /** A tools/list reply (no cursor, no {@code _meta}) with its result reused when the tools are the same. */
    private byte[] toolListReply(Object value) throws IOException {
        McpSchema.JSONRPCResponse r = replyWith(value, McpSchema.ListToolsResult.class);
        if (r == null) {
            return null;
        }
        McpSchema.ListToolsResult list = (McpSchema.ListToolsResult) r.result();
        if (list.nextCursor() != null
                || list.meta() != null
                || list.tools() == null
                || !McpSchema.JSONRPC_VERSION.equals(r.jsonrpc())) {
            return null;
        }
        RenderedTools rendered = renderedTools;
        if (rendered == null || !rendered.sameTools(list.tools())) {
            byte[] json = ToolListJson.write(list.tools());
            rendered = new RenderedTools(
                    List.copyOf(list.tools()),
                    json != null ? json : jackson().sdk().writeValueAsBytes(list));
            renderedTools = rendered;
        }
        return JsonRpcReply.start(r.id(), rendered.json().length + 48)
                .raw(RESULT)
                .raw(rendered.json())
                .raw('}')
                .toBytes();
    }

    /** {@code {"jsonrpc","method","id","params"}} as a request, when every member has the type Jackson would give. */
    private static McpSchema.JSONRPCRequest request(Object from) {
        if (!(from instanceof Map)) {
            return null;
        }
        Map<?, ?> m = (Map<?, ?>) from;
        Object jsonrpc = m.get("jsonrpc");
        Object method = m.get("method");
        Object id = m.get("id");
        Object params = m.get("params");
        if (!(jsonrpc instanceof String)
                || !(method instanceof String)
                || !IncomingLine.isPlainId(id)
                || (params != null && !(params instanceof Map))) {
            return null;
        }
        return new McpSchema.JSONRPCRequest((String) jsonrpc, (String) method, id, params);
    }

    /** {@code {"name","arguments"?,"_meta"?}} as tools/call parameters. */
    @SuppressWarnings("unchecked")
    private static McpSchema.CallToolRequest callToolRequest(Object from) {
        if (!(from instanceof Map)) {
            return null;
        }
        Map<?, ?> m = (Map<?, ?>) from;
        Object name = m.get("name");
        Object arguments = m.get("arguments");
        Object meta = m.get("_meta");
        if (!(name instanceof String)
                || (arguments != null && !(arguments instanceof Map))
                || (meta != null && !(meta instanceof Map))) {
            return null;
        }
        return new McpSchema.CallToolRequest(
                (String) name, (Map<String, Object>) arguments, (Map<String, Object>) meta);
    }

    /** The reply when it is a tool result of the one shape written by hand, else null. */
    private static McpSchema.JSONRPCResponse toolReply(Object value) {
        McpSchema.JSONRPCResponse r = replyWith(value, McpSchema.CallToolResult.class);
        if (r == null) {
            return null;
        }
        McpSchema.CallToolResult result = (McpSchema.CallToolResult) r.result();
        List<McpSchema.Content> content = result.content();
        boolean oneText = content != null
                && content.size() == 1
                && content.get(0) instanceof McpSchema.TextContent
                && ((McpSchema.TextContent) content.get(0)).annotations() == null
                && ((McpSchema.TextContent) content.get(0)).meta() == null
                && ((McpSchema.TextContent) content.get(0)).text() != null;
        Object structured = result.structuredContent();
        boolean known = structured == null || structured instanceof JsonNode || structured instanceof WrittenResult;
        return oneText && known && result.meta() == null && result.isError() != null ? r : null;
    }

    /** {@code value} when it is a successful reply with a plain id and a result of {@code type}, else null. */
    private static McpSchema.JSONRPCResponse replyWith(Object value, Class<?> type) {
        if (!(value instanceof McpSchema.JSONRPCResponse)) {
            return null;
        }
        McpSchema.JSONRPCResponse r = (McpSchema.JSONRPCResponse) value;
        return r.error() == null && type.isInstance(r.result()) && IncomingLine.isPlainId(r.id()) ? r : null;
    }

    /** A tool list and its JSON. */
    private record RenderedTools(List<McpSchema.Tool> tools, byte[] json) {
        /** The very same Tool objects in the same order (the server hands out the ones it was built with). */
        boolean sameTools(List<McpSchema.Tool> other) {
            if (other.size() != tools.size()) {
                return false;
            }
            for (int i = 0; i < tools.size(); i++) {
                if (other.get(i) != tools.get(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * {@code reply} (a {@link #toolReply} one) spliced from the bytes of its {@link WrittenResult}, when its text is
     * that result's own; else null.
     */
    private static byte[] writtenToolReply(McpSchema.JSONRPCResponse reply) {
        McpSchema.CallToolResult result = (McpSchema.CallToolResult) reply.result();
        if (!(result.structuredContent() instanceof WrittenResult)
                || !McpSchema.JSONRPC_VERSION.equals(reply.jsonrpc())) {
            return null;
        }
        WrittenResult written = (WrittenResult) result.structuredContent();
        if (((McpSchema.TextContent) result.content().get(0)).text() != written.text()) {
            return null;
        }
        JsonBytes out =
                JsonRpcReply.start(reply.id(), written.textLiteral().length + written.structured().length + 128);
        out.raw(RESULT_TEXT)
                .raw(written.textLiteral())
                .raw(result.isError() ? ERROR_TRUE : ERROR_FALSE)
                .raw(written.structured())
                .raw(REPLY_END);
        return out.toBytes();
    }

    /** Writes {@code reply} (a {@link #toolReply} one) and closes {@code g}. */
    private void writeToolReply(McpSchema.JSONRPCResponse reply, JsonGenerator generator) throws IOException {
        McpSchema.CallToolResult result = (McpSchema.CallToolResult) reply.result();
        try (JsonGenerator g = generator) {
            g.writeStartObject();
            g.writeStringField("jsonrpc", reply.jsonrpc());
            g.writeFieldName("id");
            if (reply.id() instanceof String) {
                g.writeString((String) reply.id());
            } else {
                g.writeNumber(((Number) reply.id()).longValue());
            }
            g.writeObjectFieldStart("result");
            g.writeArrayFieldStart("content");
            g.writeStartObject();
            g.writeStringField("type", "text");
            g.writeStringField("text", ((McpSchema.TextContent) result.content().get(0)).text());
            g.writeEndObject();
            g.writeEndArray();
            g.writeBooleanField("isError", result.isError());
            if (result.structuredContent() instanceof WrittenResult) {
                g.writeFieldName("structuredContent");
                g.writeRawValue(result.structuredContent().toString());
            } else if (result.structuredContent() != null) {
                g.writeFieldName("structuredContent");
                jackson().objectMapper().writeTree(g, (JsonNode) result.structuredContent());
            }
            g.writeEndObject();
            g.writeEndObject();
        }
    }
}
