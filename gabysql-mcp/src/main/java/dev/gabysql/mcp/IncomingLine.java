package dev.gabysql.mcp;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the stdio reader ({@link DirectToolCalls}) needs to know of one incoming JSON-RPC line: its method, its id,
 * its params as plain maps and lists, and whether it is a plain {@code tools/call} that may be answered without
 * the SDK. Read with a streaming parser, values as Jackson's untyped binding reads them (objects as
 * {@code LinkedHashMap}, arrays as {@code ArrayList}, integers as Integer, Long or BigInteger, other numbers as
 * Double). Anything unusual (another JSON-RPC version, an id that is not a string or a whole number, a member the
 * shape does not know, {@code _meta} in the params, a batch, bad JSON) is not plain: the SDK handles it. Immutable.
 *
 * @param method the method, or null (a response, or not an object)
 * @param id     the request id (String, Integer or Long), or null (a notification, or an id of another kind)
 * @param params the params object, or null
 * @param plain  true when the whole line has the shape of a request with only these members
 */
record IncomingLine(String method, Object id, Map<String, Object> params, boolean plain) {
    static final String TOOLS_CALL = "tools/call";
    private static final JsonFactory JSON = new JsonFactory();
    private static final IncomingLine UNKNOWN = new IncomingLine(null, null, null, false);

    /** Reads a line; never throws (a line it cannot read is {@code UNKNOWN}: the SDK answers it). */
    static IncomingLine parse(byte[] line) {
        try (JsonParser p = JSON.createParser(line)) {
            return p.nextToken() == JsonToken.START_OBJECT ? members(p) : UNKNOWN;
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /**
     * A {@code tools/call} request with nothing but {@code name} and {@code arguments} in its params: the call a
     * client makes without asking for progress or passing metadata.
     */
    boolean isPlainToolCall() {
        if (!plain || id == null || !TOOLS_CALL.equals(method) || params == null) {
            return false;
        }
        Object arguments = params.get("arguments");
        int members = 1 + (params.containsKey("arguments") ? 1 : 0); // nothing else: no _meta, no progress token
        return params.get("name") instanceof String && (arguments == null || arguments instanceof Map)
                && params.size() == members;
    }

    String toolName() {
        return (String) params.get("name");
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> arguments() {
        return (Map<String, Object>) params.get("arguments");
    }

    @SuppressWarnings("unchecked")
    private static IncomingLine members(JsonParser p) throws IOException {
        String method = null;
        Object id = null;
        Map<String, Object> params = null;
        boolean plain = true;
        boolean version = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            switch (name) {
                case "jsonrpc":
                    version = t == JsonToken.VALUE_STRING && "2.0".equals(p.getText());
                    plain &= version;
                    p.skipChildren();
                    break;
                case "method":
                    method = t == JsonToken.VALUE_STRING ? p.getText() : null;
                    plain &= method != null;
                    p.skipChildren();
                    break;
                case "id":
                    id = id(p, t);
                    plain &= id != null;
                    p.skipChildren();
                    break;
                case "params":
                    Object value = value(p, t);
                    params = value instanceof Map ? (Map<String, Object>) value : null;
                    plain &= params != null;
                    break;
                default:
                    plain = false;
                    p.skipChildren();
            }
        }
        boolean complete = p.currentToken() == JsonToken.END_OBJECT && p.nextToken() == null;
        return new IncomingLine(method, id, params, plain && version && complete);
    }

    private static Object id(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        if (t == JsonToken.VALUE_NUMBER_INT) {
            Number n = p.getNumberValue();
            return n instanceof Integer || n instanceof Long ? n : null;
        }
        return null;
    }

    /** One value at the current token, as Jackson's untyped binding reads it. */
    private static Object value(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT:
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    map.put(key, value(p, p.nextToken()));
                }
                return map;
            case START_ARRAY:
                List<Object> list = new ArrayList<>();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                    list.add(value(p, e));
                }
                return list;
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return p.getNumberValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new IOException("unexpected " + t);
        }
    }
}
