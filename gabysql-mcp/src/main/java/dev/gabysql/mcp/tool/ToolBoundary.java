package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The edge between a transport and a {@link GabyTool} — the SDK's tool handler ({@link #call}) or stdio's direct
 * path ({@code DirectToolCalls}, through {@link #run}): builds the core's call context (client, caller cap, the
 * call's cancellation), sends progress while an SDK call runs, and catches everything. An exception escaping a
 * handler would reach the client as a JSON-RPC error carrying its message and cause chain (SQL text, file paths);
 * here every failure becomes an {@code isError} result with a stable code, a message and a hint. Stateless.
 */
public final class ToolBoundary {
    private static final Logger LOG = LoggerFactory.getLogger(ToolBoundary.class);

    private ToolBoundary() {}

    public static McpServerFeatures.SyncToolSpecification spec(GabyTool tool, GabyService service, McpOptions options) {
        McpSchema.Tool def = tool.definition();
        Set<String> known = propertyNames(def.inputSchema());
        return McpServerFeatures.SyncToolSpecification.builder()
                .tool(def)
                .callHandler((exchange, request) -> call(tool, known, service, options, exchange, request))
                .build();
    }

    /**
     * The same tool for the SDK's stateless server (Streamable HTTP without sessions): the definition is the one
     * {@link #spec} lists, and a call runs through the same {@link #run}. A stateless call has only its request's
     * transport context: no client name from {@code initialize} (the transport may put one under
     * {@link McpOptions#CLIENT_NAME_KEY}), no progress notifications (the answer is one JSON body, not a stream), and no
     * person to ask in the call (no session to send an elicitation on), so a write that waits for a person answers
     * {@code awaiting_approval}.
     */
    public static McpStatelessServerFeatures.SyncToolSpecification statelessSpec(
            GabyTool tool, GabyService service, McpOptions options) {
        McpSchema.Tool def = tool.definition();
        Set<String> known = propertyNames(def.inputSchema());
        return McpStatelessServerFeatures.SyncToolSpecification.builder()
                .tool(def)
                .callHandler((transport, request) -> run(
                        tool,
                        known,
                        service,
                        options,
                        request.arguments(),
                        context(options, null, transport, CallTransportContext.cancellationOf(transport))))
                .build();
    }

    /** A call that came through the SDK: its exchange carries the client, the transport context and progress. */
    static McpSchema.CallToolResult call(
            GabyTool tool,
            Set<String> known,
            GabyService service,
            McpOptions options,
            McpSyncServerExchange exchange,
            McpSchema.CallToolRequest request) {
        Cancellation cancellation = CallTransportContext.cancellationOf(exchange.transportContext());
        try (ProgressTicker ticker = ProgressTicker.start(exchange, request.meta(), options.progressAfter())) {
            return run(
                    tool,
                    known,
                    service,
                    options,
                    request.arguments(),
                    context(options, exchange, cancellation),
                    PersonInClient.of(exchange));
        }
    }

    /**
     * Runs one call with its arguments (names outside {@code known} are refused) in {@code ctx}, whose cancellation
     * is the call's own, on a path that cannot ask the person in front of the client (stdio's direct path: a client
     * that declared elicitation has its {@code gabysql_execute} calls sent to the SDK). Never throws.
     */
    public static McpSchema.CallToolResult run(
            GabyTool tool,
            Set<String> known,
            GabyService service,
            McpOptions options,
            Map<String, Object> arguments,
            CallContext ctx) {
        return run(tool, known, service, options, arguments, ctx, null);
    }

    private static McpSchema.CallToolResult run(
            GabyTool tool,
            Set<String> known,
            GabyService service,
            McpOptions options,
            Map<String, Object> arguments,
            CallContext ctx,
            PersonInClient person) {
        try {
            if (ctx.cancellation().isCancelled()) {
                throw new GabyException(ErrorCode.CANCELLED, "The call was cancelled before it started.");
            }
            Args args = Args.of(arguments, known);
            return tool.call(new ToolCall(service, args, ctx, options, person)).toResult();
        } catch (GabyException e) {
            return ToolOutcome.error(e);
        } catch (Throwable t) { // the boundary: nothing may escape to the SDK (it would ship the cause chain)
            LOG.warn("{} failed unexpectedly: {}", def(tool), t.toString());
            LOG.debug("Stack trace", t);
            return ToolOutcome.error(new GabyException(
                    ErrorCode.INTERNAL,
                    "Unexpected failure in " + def(tool) + " (" + t.getClass().getSimpleName() + ")."));
        }
    }

    public static CallContext context(McpOptions options, McpSyncServerExchange exchange, Cancellation cancellation) {
        return context(options, exchange.getClientInfo(), exchange.transportContext(), cancellation);
    }

    /**
     * The core's context of a call from {@code client} (may be null: then the name the transport gave under
     * {@link McpOptions#CLIENT_NAME_KEY}, if any) over a transport with this context.
     */
    public static CallContext context(
            McpOptions options,
            McpSchema.Implementation client,
            McpTransportContext transport,
            Cancellation cancellation) {
        CallContext ctx = CallContext.of("mcp").withCancellation(cancellation);
        String name = client != null ? client.name() : transportClientName(transport);
        if (name != null) {
            ctx = ctx.withClient(name);
        }
        Object token = transport == null ? null : transport.get(McpOptions.TOKEN_NAME_KEY);
        if (token instanceof String) {
            ctx = ctx.withToken((String) token);
        }
        Mode cap = options.callerCap().apply(transport);
        return cap == null ? ctx : ctx.withCallerCap(cap);
    }

    private static String transportClientName(McpTransportContext transport) {
        Object name = transport == null ? null : transport.get(McpOptions.CLIENT_NAME_KEY);
        return name instanceof String ? (String) name : null;
    }

    /** The argument names {@code tool}'s input schema declares. */
    public static Set<String> argumentNames(GabyTool tool) {
        return propertyNames(tool.definition().inputSchema());
    }

    @SuppressWarnings("unchecked")
    private static Set<String> propertyNames(Map<String, Object> inputSchema) {
        Object props = inputSchema == null ? null : inputSchema.get("properties");
        return props instanceof Map ? Set.copyOf(((Map<String, Object>) props).keySet()) : Set.of();
    }

    private static String def(GabyTool tool) {
        return tool.definition().name();
    }
}
