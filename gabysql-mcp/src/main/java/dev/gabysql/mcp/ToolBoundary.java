package dev.gabysql.mcp;

import dev.gabysql.core.config.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.CallContext;
import dev.gabysql.core.service.Cancellation;
import dev.gabysql.core.service.GabyService;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The edge between the SDK and a {@link GabyTool}: builds the core's call context (client, caller cap, the call's
 * cancellation), sends progress while the call runs, and catches everything. An exception escaping a handler would
 * reach the client as a JSON-RPC error carrying its message and cause chain (SQL text, file paths); here every
 * failure becomes an {@code isError} result with a stable code, a message and a hint. Stateless.
 */
final class ToolBoundary {
    private static final Logger LOG = LoggerFactory.getLogger(ToolBoundary.class);

    private ToolBoundary() {
    }

    static McpServerFeatures.SyncToolSpecification spec(GabyTool tool, GabyService service, McpOptions options) {
        McpSchema.Tool def = tool.definition();
        Set<String> known = propertyNames(def.inputSchema());
        return McpServerFeatures.SyncToolSpecification.builder().tool(def)
                .callHandler((exchange, request) -> call(tool, known, service, options, exchange, request))
                .build();
    }

    static McpSchema.CallToolResult call(GabyTool tool, Set<String> known, GabyService service, McpOptions options,
                                         McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Cancellation cancellation = CallTransportContext.cancellationOf(exchange.transportContext());
        try (ProgressTicker ticker = ProgressTicker.start(exchange, request.meta(), options.progressAfter())) {
            if (cancellation.isCancelled()) {
                throw new GabyException(ErrorCode.CANCELLED, "The call was cancelled before it started.");
            }
            Args args = Args.of(request.arguments(), known);
            ToolCall call = new ToolCall(service, args, context(options, exchange, cancellation));
            return tool.call(call).toResult();
        } catch (GabyException e) {
            return ToolOutcome.error(e);
        } catch (Throwable t) { // the boundary: nothing may escape to the SDK (it would ship the cause chain)
            LOG.warn("{} failed unexpectedly: {}", def(tool), t.toString());
            LOG.debug("Stack trace", t);
            return ToolOutcome.error(new GabyException(ErrorCode.INTERNAL, "Unexpected failure in " + def(tool)
                    + " (" + t.getClass().getSimpleName() + ")."));
        }
    }

    static CallContext context(McpOptions options, McpSyncServerExchange exchange, Cancellation cancellation) {
        CallContext ctx = CallContext.of("mcp").withCancellation(cancellation);
        McpSchema.Implementation client = exchange.getClientInfo();
        if (client != null && client.name() != null) {
            ctx = ctx.withClient(client.name());
        }
        Mode cap = options.callerCap().apply(exchange.transportContext());
        return cap == null ? ctx : ctx.withCallerCap(cap);
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
