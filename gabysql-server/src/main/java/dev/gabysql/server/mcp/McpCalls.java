package dev.gabysql.server.mcp;

import dev.gabysql.core.api.Cancellation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The MCP tool calls running now over Streamable HTTP, by session and JSON-RPC request id, each with the core's
 * {@link Cancellation} of its statement. The SDK (2.1.0) drops {@code notifications/cancelled}; here a
 * cancellation names a call of its own session only. Thread-safe.
 */
public final class McpCalls {
    private final Map<String, Cancellation> running = new ConcurrentHashMap<>();

    /** Registers a call; the returned key removes it again. */
    String start(String sessionId, Object requestId, Cancellation cancellation) {
        String key = key(sessionId, requestId);
        running.put(key, cancellation);
        return key;
    }

    void end(String key, Cancellation cancellation) {
        running.remove(key, cancellation);
    }

    /** Cancels the named call of that session, if it still runs. */
    void cancel(String sessionId, Object requestId) {
        Cancellation c = running.get(key(sessionId, requestId));
        if (c != null) {
            c.cancel();
        }
    }

    /** Cancels every call still running (the server's stop timeout has passed). */
    public int cancelAll() {
        running.values().forEach(Cancellation::cancel);
        return running.size();
    }

    /** JSON-RPC ids are strings or integers; the same integer may be read as Integer or Long. */
    private static String key(String sessionId, Object requestId) {
        Object id = requestId instanceof Number ? Long.valueOf(((Number) requestId).longValue()) : requestId;
        return sessionId + "\n" + (id instanceof Long ? "n:" + id : "s:" + id);
    }
}
