package dev.gabysql.mcp.json;

import java.util.Map;

/**
 * JSON-RPC request ids as keys of the calls running now ({@link dev.gabysql.core.api.RunningCalls}): an id is a
 * string or an integer, and Jackson may read the same integer as an Integer or a Long, so both become one key.
 * Stateless.
 */
public final class JsonRpcIds {
    private JsonRpcIds() {}

    /** The key of a request id: a Long for a number, a String otherwise. */
    public static Object key(Object id) {
        if (id instanceof Number) {
            return ((Number) id).longValue();
        }
        return String.valueOf(id);
    }

    /** The key of the request a {@code notifications/cancelled} names (its {@code requestId}), or null. */
    public static Object cancelledRequest(Object notificationParams) {
        if (notificationParams instanceof Map) {
            Object id = ((Map<?, ?>) notificationParams).get("requestId");
            return id == null ? null : key(id);
        }
        return null;
    }
}
