package dev.gabysql.mcp;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.mcp.stdio.CallTrackingSession;
import dev.gabysql.mcp.stdio.DirectToolCalls;
import io.modelcontextprotocol.common.McpTransportContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Mono;

/**
 * The tool calls of one server that are running now, by JSON-RPC request id, each with the core's
 * {@link Cancellation} of its statement. {@code notifications/cancelled} names a request id; the SDK ignores it
 * (2.1.0), so a transport decorator calls {@link #cancel(Object)} and {@link #track(Object, Mono)} here. The handler
 * finds its cancellation in the transport context ({@link CallTransportContext}). Public so that a transport of
 * another module (Streamable HTTP) can wire its sessions the way {@link CallTrackingSession} wires stdio.
 * Thread-safe.
 */
public final class InFlightCalls {
    private final Map<Object, Cancellation> running = new ConcurrentHashMap<>();

    /** Handles a request with a fresh cancellation registered under its id while the handling runs. */
    public <T> Mono<T> track(Object requestId, Mono<T> handling) {
        Object key = key(requestId);
        Cancellation cancellation = new Cancellation();
        return handling.contextWrite(ctx -> ctx.put(
                        McpTransportContext.KEY,
                        new CallTransportContext(
                                ctx.getOrDefault(McpTransportContext.KEY, McpTransportContext.EMPTY), cancellation)))
                .doOnSubscribe(s -> running.put(key, cancellation))
                .doFinally(s -> running.remove(key, cancellation));
    }

    /** Registers a call handled outside Reactor ({@link DirectToolCalls}); {@link #end} must follow. */
    public Cancellation begin(Object requestId) {
        Cancellation cancellation = new Cancellation();
        running.put(key(requestId), cancellation);
        return cancellation;
    }

    /** The call registered by {@link #begin} is over. */
    public void end(Object requestId, Cancellation cancellation) {
        running.remove(key(requestId), cancellation);
    }

    /** Applies the params of a {@code notifications/cancelled}: cancels the named request if it still runs. */
    public void cancel(Object notificationParams) {
        if (notificationParams instanceof Map) {
            Object id = ((Map<?, ?>) notificationParams).get("requestId");
            Cancellation c = id == null ? null : running.get(key(id));
            if (c != null) {
                c.cancel();
            }
        }
    }

    /** Cancels everything still running (the client went away). */
    public void cancelAll() {
        running.values().forEach(Cancellation::cancel);
    }

    public int size() {
        return running.size();
    }

    /** JSON-RPC ids are strings or integers; Jackson may read the same integer as Integer or Long. */
    public static Object key(Object id) {
        if (id instanceof Number) {
            return ((Number) id).longValue();
        }
        return String.valueOf(id);
    }
}
