package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.Cancellation;
import io.modelcontextprotocol.common.McpTransportContext;

/**
 * The transport's context of a request plus the {@link Cancellation} of that one tool call. The SDK hands the
 * context to the handler through the exchange; this is how a handler learns which cancellation is its own.
 * Immutable.
 */
public final class CallTransportContext implements McpTransportContext {
    static final String CANCELLATION_KEY = "gabysql.cancellation";

    private final McpTransportContext outer;
    private final Cancellation cancellation;

    public CallTransportContext(McpTransportContext outer, Cancellation cancellation) {
        this.outer = outer;
        this.cancellation = cancellation;
    }

    @Override
    public Object get(String key) {
        return CANCELLATION_KEY.equals(key) ? cancellation : outer.get(key);
    }

    /** The call's cancellation, or a fresh one when the transport does not track calls. */
    public static Cancellation cancellationOf(McpTransportContext ctx) {
        Object c = ctx == null ? null : ctx.get(CANCELLATION_KEY);
        return c instanceof Cancellation ? (Cancellation) c : new Cancellation();
    }
}
