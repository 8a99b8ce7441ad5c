package dev.gabysql.mcp.json;

import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.json.JsonBytes;

/**
 * The start of a JSON-RPC response as the SDK's Jackson binding writes it, <code>{"jsonrpc":"2.0","id":</code> and
 * the id: one place for the replies written by hand ({@link HotPathJsonMapper}, {@code EarlyInitialize}) and the
 * one {@code ProtocolOutput} recognises; and the error responses gabysql writes itself to messages the SDK never
 * sees ({@code TooLargeMessages}, {@code UnreadableMessages}). Stateless.
 */
public final class JsonRpcReply {
    private static final byte[] START = JsonBytes.ascii("{\"jsonrpc\":\"2.0\",\"id\":");
    private static final byte[] ERROR = JsonBytes.ascii(",\"error\":{\"code\":");
    private static final byte[] MESSAGE = JsonBytes.ascii(",\"message\":");
    private static final byte[] DATA = JsonBytes.ascii(",\"data\":{\"code\":");
    private static final byte[] HINT = JsonBytes.ascii(",\"hint\":");

    private JsonRpcReply() {}

    /** A writer holding the start of the reply to {@code id} (a String, Integer or Long: a plain id). */
    public static JsonBytes start(Object id, int capacity) {
        if (!IncomingLine.isPlainId(id)) {
            throw new IllegalArgumentException("Not a plain request id: " + id);
        }
        JsonBytes json = new JsonBytes(capacity).raw(START);
        json.value(id);
        return json;
    }

    /**
     * A JSON-RPC error response with its line end: {@code code}, gabysql's text of {@code e} as the message and
     * {@code {code, message, hint}} as data, as {@code ProtocolErrors} gives the SDK. {@code id} is a plain id, or
     * null when the request's id could not be read (JSON-RPC then answers with a null id).
     */
    public static byte[] error(Object id, int code, GabyException e, String text, String hint) {
        JsonBytes json = new JsonBytes(512).raw(START);
        if (id == null) {
            json.nullValue();
        } else if (IncomingLine.isPlainId(id)) {
            json.value(id);
        } else {
            throw new IllegalArgumentException("Not a plain request id: " + id);
        }
        return json.raw(ERROR)
                .number(code)
                .raw(MESSAGE)
                .string(text)
                .raw(DATA)
                .string(e.code().name())
                .raw(MESSAGE)
                .string(e.getMessage())
                .raw(HINT)
                .string(hint)
                .raw('}')
                .raw('}')
                .raw('}')
                .raw('\n')
                .toBytes();
    }
}
