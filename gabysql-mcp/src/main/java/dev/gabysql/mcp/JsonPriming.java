package dev.gabysql.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Builds, on a background thread while the server is being set up, the Jackson (de)serializers of the messages
 * every session exchanges first: initialize, tools/list, tools/call. Jackson makes each one by reflection the first
 * time it meets a type, tens of milliseconds that would otherwise sit between the client's initialize and the
 * reply (issue 7). The mapper caches them, so the real messages find them ready; the sample values here are
 * thrown away. Needs the one mapper the transport and the server share ({@link GabyMcpServer#jsonMapper()}).
 */
final class JsonPriming {
    private JsonPriming() {
    }

    /** Starts the priming on a daemon thread and returns at once. */
    static void start(McpJsonMapper mapper) {
        Thread t = new Thread(() -> prime(mapper), "gabysql-json-priming");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Serializes the server's real tool list once, on a daemon thread: the first {@code tools/list} then finds the
     * serializers of every schema shape ready (about 30 ms of a first {@code tools/list} otherwise).
     */
    static void startToolList(McpJsonMapper mapper, List<McpSchema.Tool> tools) {
        Thread t = new Thread(() -> {
            try {
                reply(mapper, new McpSchema.ListToolsResult(tools, null));
            } catch (IOException | RuntimeException e) {
                // the real tools/list builds what is missing
            }
        }, "gabysql-json-priming-tools");
        t.setDaemon(true);
        t.start();
    }

    static void prime(McpJsonMapper mapper) {
        try {
            McpSchema.JSONRPCMessage init = McpSchema.deserializeJsonRpcMessage(mapper, "{\"jsonrpc\":\"2.0\","
                    + "\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                    + ProtocolVersions.MCP_2025_06_18 + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"p\","
                    + "\"version\":\"1\"}}}");
            mapper.convertValue(((McpSchema.JSONRPCRequest) init).params(), McpSchema.InitializeRequest.class);
            reply(mapper, new McpSchema.InitializeResult(ProtocolVersions.MCP_2025_06_18,
                    McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).prompts(false)
                            .completions().build(), new McpSchema.Implementation(GabyMcpServer.NAME, "0"), "i"));
            McpSchema.deserializeJsonRpcMessage(mapper, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/"
                    + "initialized\"}");
            McpSchema.JSONRPCMessage call = McpSchema.deserializeJsonRpcMessage(mapper, "{\"jsonrpc\":\"2.0\","
                    + "\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\",\"arguments\":{\"a\":1}}}");
            mapper.convertValue(((McpSchema.JSONRPCRequest) call).params(), McpSchema.CallToolRequest.class);
            reply(mapper, McpSchema.CallToolResult.builder().addTextContent("x")
                    .structuredContent(Map.of("rows", List.of(List.of(1, "a")))).isError(false).build());
        } catch (IOException | RuntimeException e) {
            // the real messages build what is missing
        }
    }

    private static void reply(McpJsonMapper mapper, Object result) throws IOException {
        mapper.writeValueAsString(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, 1, result, null));
    }
}
