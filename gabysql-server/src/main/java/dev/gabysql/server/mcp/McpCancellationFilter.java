package dev.gabysql.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.json.Json;
import dev.gabysql.mcp.json.JsonRpcIds;
import dev.gabysql.server.http.BodyLimitFilter;
import dev.gabysql.server.http.Responses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Gives each MCP {@code tools/call} posted to {@code /mcp} its own {@link Cancellation} (handed to the tool through
 * the transport context, see {@link McpEndpoint}) and applies {@code notifications/cancelled} to it: the running
 * statement is cancelled, as on stdio. Reads the posted message first (bounded by the body limit), answers one that
 * is JSON but not an object itself (see {@link #notAMessage}), and passes the others on unchanged, with their method
 * in the {@link #METHOD} attribute. Thread-safe.
 */
public final class McpCancellationFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;
    static final String CANCELLATION = "dev.gabysql.server.mcpCancellation";
    /** The request attribute holding a posted message's JSON-RPC method ("" when it has none). */
    static final String METHOD = "dev.gabysql.server.mcpMethod";

    static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final int INVALID_REQUEST = -32600;

    private final transient RunningCalls<String> calls;
    private final long maxBodyBytes;

    public McpCancellationFilter(RunningCalls<String> calls, long maxBodyBytes) {
        this.calls = calls;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        if (!"POST".equals(req.getMethod())) {
            chain.doFilter(req, resp);
            return;
        }
        CachedBodyRequest cached = CachedBodyRequest.of(req, maxBodyBytes);
        if (cached == null) {
            Responses.refuseUnread(resp, BodyLimitFilter.tooLarge(maxBodyBytes));
            return;
        }
        JsonNode message = parse(cached.body());
        if (!message.isMissingNode() && !message.isObject()) {
            notAMessage(resp);
            return;
        }
        String method = message.path("method").asText("");
        cached.setAttribute(METHOD, method);
        String session = req.getHeader(SESSION_HEADER);
        if ("notifications/cancelled".equals(method)) {
            calls.cancel(key(session, id(message.path("params").path("requestId"))));
        }
        if (!"tools/call".equals(method) || !message.hasNonNull("id")) {
            chain.doFilter(cached, resp);
            return;
        }
        Cancellation cancellation = new Cancellation();
        String key = key(session, id(message.get("id")));
        calls.start(key, null, cancellation);
        cached.setAttribute(CANCELLATION, cancellation);
        try {
            chain.doFilter(cached, resp);
        } finally {
            calls.end(key, cancellation);
        }
    }

    /**
     * JSON that is not an object ({@code null}, a batch, a string) is no MCP message: answered here, because the SDK
     * (2.1.0) answers {@code null} with a 500 naming a Java null pointer, and the others with Java type names.
     */
    private static void notAMessage(HttpServletResponse resp) throws IOException {
        ObjectNode body = Json.MAPPER.createObjectNode().put("jsonrpc", "2.0").putNull("id");
        ObjectNode error = body.putObject("error")
                .put("code", INVALID_REQUEST)
                .put("message", "The message is not a JSON-RPC request, notification or response.");
        error.putObject("data")
                .put("code", ErrorCode.BAD_REQUEST.name())
                .put("message", error.get("message").asText())
                .put(
                        "hint",
                        "Post one JSON object per request, e.g. {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"};"
                                + " batches are not part of MCP.");
        Responses.json(resp, HttpServletResponse.SC_BAD_REQUEST, body);
    }

    private static JsonNode parse(byte[] body) {
        try {
            JsonNode node = Json.MAPPER.readTree(body);
            return node == null ? Json.MAPPER.missingNode() : node;
        } catch (IOException e) {
            return Json.MAPPER.missingNode(); // not JSON: the SDK answers it
        }
    }

    private static Object id(JsonNode id) {
        return id.isIntegralNumber() ? (Object) id.asLong() : id.asText();
    }

    /**
     * A call's key: a cancellation names a call of its own session only. JSON-RPC ids are strings or integers, and
     * the same integer may be read as an Integer or a Long.
     */
    private static String key(String sessionId, Object requestId) {
        Object id = JsonRpcIds.key(requestId);
        return sessionId + "\n" + (id instanceof Long ? "n:" + id : "s:" + id);
    }
}
