package dev.gabysql.mcp;

import dev.gabysql.core.util.JsonBytes;

/**
 * The start of a JSON-RPC response as the SDK's Jackson binding writes it, <code>{"jsonrpc":"2.0","id":</code> and
 * the id: one place for the replies written by hand ({@link HotPathJsonMapper}, {@link EarlyInitialize}) and the
 * one {@link ProtocolOutput} recognises. Stateless.
 */
final class JsonRpcReply {
    private static final byte[] START = JsonBytes.ascii("{\"jsonrpc\":\"2.0\",\"id\":");

    private JsonRpcReply() {
    }

    /** A writer holding the start of the reply to {@code id} (a String, Integer or Long: a plain id). */
    static JsonBytes start(Object id, int capacity) {
        if (!IncomingLine.isPlainId(id)) {
            throw new IllegalArgumentException("Not a plain request id: " + id);
        }
        JsonBytes json = new JsonBytes(capacity).raw(START);
        json.value(id);
        return json;
    }
}
