package dev.gabysql.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.mcp.json.HotPathJsonMapper;
import dev.gabysql.mcp.json.TrustedOutputValidator;
import dev.gabysql.mcp.stdio.DirectToolCalls;
import dev.gabysql.mcp.tool.DescribeDatabaseTool;
import dev.gabysql.mcp.tool.DescribeTableTool;
import dev.gabysql.mcp.tool.ExecuteTool;
import dev.gabysql.mcp.tool.ExplainTool;
import dev.gabysql.mcp.tool.GabyTool;
import dev.gabysql.mcp.tool.IntegrityCheckTool;
import dev.gabysql.mcp.tool.ListDatabasesTool;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.QueryTool;
import dev.gabysql.mcp.tool.SearchTool;
import dev.gabysql.mcp.tool.ToolBoundary;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds gabysql's MCP server over a {@link GabyService} on any transport of the official SDK: the same tools,
 * resources, prompts and instructions for stdio and Streamable HTTP. The tools never know whether the
 * service is local or remote, nor which transport carries them. A transport may cap a session's mode by putting a
 * {@link Mode} under {@link McpOptions#CALLER_MODE_KEY} in its transport context: {@code gabysql_execute} is then
 * hidden from that session's {@code tools/list} and refused if called anyway.
 */
public final class GabyMcpServer {
    public static final String NAME = "gabysql";

    private GabyMcpServer() {}

    /**
     * Streamable HTTP. The HTTP module cancels a call's statement on {@code notifications/cancelled} itself (its
     * cancellation filter), since the SDK's streamable sessions cannot be wrapped as stdio's are.
     */
    public static McpSyncServer create(
            McpStreamableServerTransportProvider transport, GabyService service, McpOptions options) {
        return build(McpServer.sync(transport), service, options);
    }

    /**
     * The SDK's JSON binding on Jackson 2 with the SDK's expected defaults ({@link HotPathJsonMapper}: a tool call's
     * conversions by hand): one per process, shared by transports and servers, because Jackson builds its
     * (de)serializers once per mapper and that is most of a first call's cost.
     */
    public static McpJsonMapper jsonMapper() {
        return SharedMapper.INSTANCE;
    }

    /** Created on first use; its Jackson mapper only when a message needs it ({@link HotPathJsonMapper}). */
    private static final class SharedMapper {
        static final McpJsonMapper INSTANCE = new HotPathJsonMapper(ObjectMapper::new);
    }

    public static McpSyncServer build(McpServer.SyncSpecification<?> spec, GabyService service, McpOptions options) {
        return build(
                spec,
                service,
                options,
                tools(service, options, service.highestMode().allowsWrites()));
    }

    /** A server with these tools ({@link #tools}: the stdio server lists them before the server is built). */
    public static McpSyncServer build(
            McpServer.SyncSpecification<?> spec,
            GabyService service,
            McpOptions options,
            List<McpServerFeatures.SyncToolSpecification> tools) {
        boolean writes = service.highestMode().allowsWrites();
        return spec.serverInfo(NAME, options.version())
                .jsonMapper(jsonMapper())
                .jsonSchemaValidator(TrustedOutputValidator.INSTANCE)
                .validateToolInputs(false)
                .instructions(Instructions.text(writes))
                .capabilities(McpSchema.ServerCapabilities.builder()
                        .tools(false)
                        .resources(false, false)
                        .prompts(false)
                        .completions()
                        .build())
                .tools(tools)
                .addToolFilter((ctx, tool) -> listed(options, ctx, tool))
                .resources(Resources.resources(service, options))
                .resourceTemplates(Resources.templates(service, options))
                .prompts(Prompts.all(service, options, writes))
                .completions(Completions.all(service, writes))
                .build();
    }

    /**
     * Whether a session with this transport context sees {@code tool} in tools/list: {@code gabysql_execute} only
     * when the caller may write (a hidden tool is still refused if called). The SDK's tool filter and the direct
     * stdio path ({@link DirectToolCalls}) both ask here.
     */
    public static boolean listed(McpOptions options, McpTransportContext ctx, McpSchema.Tool tool) {
        return !ExecuteTool.NAME.equals(tool.name())
                || allowsWrites(options.callerCap().apply(ctx));
    }

    public static List<McpServerFeatures.SyncToolSpecification> tools(
            GabyService service, McpOptions options, boolean writes) {
        return tools(gabyTools(writes), service, options);
    }

    /** The SDK's specifications of these tools. */
    public static List<McpServerFeatures.SyncToolSpecification> tools(
            List<GabyTool> gabyTools, GabyService service, McpOptions options) {
        List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
        for (GabyTool t : gabyTools) {
            specs.add(ToolBoundary.spec(t, service, options));
        }
        return specs;
    }

    /** gabysql's tools, {@code gabysql_execute} only when the service can write. */
    public static List<GabyTool> gabyTools(boolean writes) {
        List<GabyTool> tools = new ArrayList<>(List.of(
                new ListDatabasesTool(),
                new DescribeDatabaseTool(),
                new DescribeTableTool(),
                new SearchTool(),
                new QueryTool(),
                new ExplainTool(),
                new IntegrityCheckTool()));
        if (writes) {
            tools.add(new ExecuteTool());
        }
        return tools;
    }

    private static boolean allowsWrites(Mode cap) {
        return cap == null || cap.allowsWrites();
    }
}
