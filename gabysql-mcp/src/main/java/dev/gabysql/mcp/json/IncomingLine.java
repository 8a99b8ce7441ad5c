package dev.gabysql.mcp.json;

import java.util.Map;

/**
 * What the stdio reader ({@code DirectToolCalls}) needs to know of one incoming JSON-RPC line: its method, its id,
 * its params as plain maps and lists, and whether it is a plain {@code tools/call} that may be answered without
 * the SDK. Read with {@link JsonValueReader}, values as Jackson's untyped binding reads them (objects as
 * {@code LinkedHashMap}, arrays as {@code ArrayList}, integers as Integer, Long or BigInteger, other numbers as
 * Double). Anything unusual (another JSON-RPC version, an id that is not a string or a whole number, a member the
 * shape does not know, {@code _meta} in the params, a batch, bad JSON) is not plain: the SDK handles it. Immutable.
 *
 * @param method the method, or null (a response, or not an object)
 * @param id     the request id (String, Integer or Long), or null (a notification, or an id of another kind)
 * @param params the params object, or null
 * @param plain  true when the whole line has the shape of a request with only these members (params optional)
 */
public record IncomingLine(String method, Object id, Map<String, Object> params, boolean plain) {
    static final String TOOLS_CALL = "tools/call";
    static final String TOOLS_LIST = "tools/list";
    private static final IncomingLine UNKNOWN = new IncomingLine(null, null, null, false);

    /** Reads a line; never throws (a line it cannot read is {@code UNKNOWN}: the SDK answers it). */
    public @SuppressWarnings("unchecked") static IncomingLine parse(byte[] line) {
        JsonValueReader reader = new JsonValueReader(line);
        Object value;
        try {
            value = reader.value();
        } catch (JsonValueReader.Malformed | RuntimeException e) {
            return UNKNOWN;
        }
        return value instanceof Map ? members((Map<String, Object>) value, reader.atEnd()) : UNKNOWN;
    }

    /**
     * A {@code tools/call} request with nothing but {@code name} and {@code arguments} in its params: the call a
     * client makes without asking for progress or passing metadata.
     */
    public boolean isPlainToolCall() {
        if (!plain || id == null || !TOOLS_CALL.equals(method) || params == null) {
            return false;
        }
        Object arguments = params.get("arguments");
        int members = 1 + (params.containsKey("arguments") ? 1 : 0); // nothing else: no _meta, no progress token
        return params.get("name") instanceof String
                && (arguments == null || arguments instanceof Map)
                && params.size() == members;
    }

    /** A {@code tools/list} request without a cursor or {@code _meta}: the whole list, as every client asks first. */
    public boolean isPlainToolList() {
        return plain && id != null && TOOLS_LIST.equals(method) && (params == null || params.isEmpty());
    }

    public String toolName() {
        return (String) params.get("name");
    }

    public @SuppressWarnings("unchecked") Map<String, Object> arguments() {
        return (Map<String, Object>) params.get("arguments");
    }

    @SuppressWarnings("unchecked")
    private static IncomingLine members(Map<String, Object> message, boolean complete) {
        Object method = message.get("method");
        Object id = message.get("id");
        Object params = message.get("params");
        boolean hasParams = message.containsKey("params"); // when present, an object (not null, not an array)
        boolean plain = complete
                && "2.0".equals(message.get("jsonrpc"))
                && method instanceof String
                && isPlainId(id)
                && (!hasParams || params instanceof Map)
                && message.size() == (hasParams ? 4 : 3);
        return new IncomingLine(
                method instanceof String ? (String) method : null,
                isPlainId(id) ? id : null,
                params instanceof Map ? (Map<String, Object>) params : null,
                plain);
    }

    /** A request id as the SDK keeps it from Jackson's reading: a String, an Integer or a Long. */
    static boolean isPlainId(Object id) {
        return id instanceof String || id instanceof Integer || id instanceof Long;
    }
}
