package dev.gabysql.mcp;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.mcp.json.HotPathJsonMapper;
import dev.gabysql.mcp.json.TrustedOutputValidator;
import dev.gabysql.mcp.stdio.StdioHooks;
import dev.gabysql.mcp.stdio.StdioServer;
import dev.gabysql.mcp.tool.GabyTool;
import dev.gabysql.mcp.tool.Instructions;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.ToolBoundary;
import dev.gabysql.mcp.tool.Tools;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds gabysql's MCP server over a {@link GabyService} on any transport of the official SDK: the same tools,
 * resources, prompts and instructions for stdio and Streamable HTTP, with sessions or without. The tools never know whether the
 * service is local or remote, nor which transport carries them. A transport may cap a session's mode by putting a
 * {@link Mode} under {@link McpOptions#CALLER_MODE_KEY} in its transport context: {@code gabysql_execute} is then
 * hidden from that session's {@code tools/list} and refused if called anyway.
 */
public final class GabyMcpServer {
    public static final String NAME = McpOptions.SERVER_NAME;

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
     * Streamable HTTP without sessions (the SDK's stateless server), for replicas behind a load balancer: the same
     * tools (definitions, selection, the caller's cap per request, answers), resources, prompts, completions and
     * instructions as {@link #create}, built from the same definitions. What needs a session does not apply: no
     * approval form in the call (a write that waits for a person answers {@code awaiting_approval}), no progress
     * notifications, no client name from {@code initialize} ({@link ToolBoundary#statelessSpec}).
     */
    public static McpStatelessSyncServer createStateless(
            McpStatelessServerTransport transport, GabyService service, McpOptions options) {
        boolean writes = service.highestMode().allowsWrites();
        boolean writeTool = Tools.listsExecute(writes, options.tools());
        List<McpStatelessServerFeatures.SyncToolSpecification> tools = new ArrayList<>();
        for (GabyTool t : Tools.of(writes, options.tools())) {
            tools.add(ToolBoundary.statelessSpec(t, service, options));
        }
        return McpServer.sync(new StatelessLogging(transport))
                .serverInfo(NAME, options.version())
                .jsonMapper(jsonMapper())
                .jsonSchemaValidator(TrustedOutputValidator.INSTANCE)
                // a request's thread waits for its answer anyway: run the handler there, not on Reactor's pool
                .immediateExecution(true)
                .validateToolInputs(false)
                .instructions(Instructions.text(writes, options.tools()))
                // the session server adds logging itself; here StatelessLogging answers logging/setLevel
                .capabilities(capabilities().mutate().logging().build())
                .tools(tools)
                .addToolFilter((ctx, tool) -> Tools.listed(options, ctx, tool))
                .resources(Resources.statelessResources(service, options))
                .resourceTemplates(Resources.statelessTemplates(service, options))
                .prompts(Prompts.stateless(service, writeTool))
                .completions(Completions.stateless(service, writeTool))
                .build();
    }

    /**
     * The SDK's JSON binding on Jackson 2 with the SDK's expected defaults ({@link HotPathJsonMapper}: a tool call's
     * conversions by hand): one per process, shared by transports and servers, because Jackson builds its
     * (de)serializers once per mapper and that is most of a first call's cost.
     */
    public static McpJsonMapper jsonMapper() {
        return HotPathJsonMapper.shared();
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
        boolean writeTool = Tools.listsExecute(writes, options.tools());
        return spec.serverInfo(NAME, options.version())
                .jsonMapper(jsonMapper())
                .jsonSchemaValidator(TrustedOutputValidator.INSTANCE)
                .requestTimeout(options.approvalWait()) // a person answers the approval form (ExecuteTool)
                .validateToolInputs(false)
                .instructions(Instructions.text(writes, options.tools()))
                .capabilities(capabilities())
                .tools(tools)
                .addToolFilter((ctx, tool) -> Tools.listed(options, ctx, tool))
                .resources(Resources.resources(service, options))
                .resourceTemplates(Resources.templates(service, options))
                .prompts(Prompts.all(service, options, writeTool))
                .completions(Completions.all(service, writeTool))
                .build();
    }

    /** Tools, resources, prompts and completions; no list changes to announce, no subscriptions, no logging. */
    private static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder()
                .tools(false)
                .resources(false, false)
                .prompts(false)
                .completions()
                .build();
    }

    public static List<McpServerFeatures.SyncToolSpecification> tools(
            GabyService service, McpOptions options, boolean writes) {
        return Tools.specs(Tools.of(writes, options.tools()), service, options);
    }

    /** MCP over stdio for one client ({@link StdioServer}), with this server built when the SDK is needed. */
    public static void serveStdio(
            GabyService service, McpOptions options, InputStream in, OutputStream out, StdioHooks hooks)
            throws InterruptedException {
        StdioServer.serve(service, options, in, out, hooks, (spec, tools) -> build(spec, service, options, tools));
    }

    /** {@link #serveStdio(GabyService, McpOptions, InputStream, OutputStream, StdioHooks)} without hooks. */
    public static void serveStdio(GabyService service, McpOptions options, InputStream in, OutputStream out)
            throws InterruptedException {
        serveStdio(service, options, in, out, new StdioHooks() {});
    }
}
