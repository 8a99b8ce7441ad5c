package dev.gabysql.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.json.Json;
import dev.gabysql.mcp.json.JsonRpcIds;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.http.AuthFilter;
import dev.gabysql.server.http.BodyLimitFilter;
import dev.gabysql.server.http.Responses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gives each MCP {@code tools/call} posted to {@code /mcp} its own {@link Cancellation} (handed to the tool through
 * the transport context, see {@link McpEndpoint}) and applies {@code notifications/cancelled} to it: the running
 * statement is cancelled, as on stdio. Reads the posted message first (bounded by the body limit), answers one that
 * is JSON but not an object itself (see {@link #notAMessage}), and passes the others on unchanged, with their method
 * in the {@link #METHOD} attribute (and a tool call's tool in {@link #TOOL}).
 *
 * <p>A cancellation names a call by its request id within a scope: the session (its {@code Mcp-Session-Id}), or,
 * without sessions ({@code --mcp-stateless}), the caller's token — the only thing that ties a client's requests
 * together there. Clients that share a token may pick the same request id: while two calls of one scope run under
 * one id, a cancellation of that id cancels neither, rather than perhaps the other client's. Every call is also
 * registered in the server's running calls under a key of its own, so that a stop cancels them all. Stateless, a
 * cancellation reaches the call only on the replica that runs it, and is answered here (the SDK's stateless server
 * has no handler for it). Thread-safe.
 */
public final class McpCancellationFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;
    static final String CANCELLATION = "dev.gabysql.server.mcpCancellation";
    /** The request attribute holding a posted message's JSON-RPC method ("" when it has none). */
    static final String METHOD = "dev.gabysql.server.mcpMethod";
    /** The request attribute holding a posted {@code tools/call}'s tool name ("" when it has none). */
    static final String TOOL = "dev.gabysql.server.mcpTool";

    static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final int INVALID_REQUEST = -32600;

    /** Every running call, each under a key of its own: what the server cancels when it stops. */
    private final transient RunningCalls<String> calls;
    /** The calls running under each scope and request id (immutable lists): a key two calls share names neither. */
    private final transient Map<String, List<Cancellation>> byKey = new ConcurrentHashMap<>();

    private final AtomicLong serial = new AtomicLong();

    private final long maxBodyBytes;
    private final boolean stateless;

    public McpCancellationFilter(RunningCalls<String> calls, long maxBodyBytes, boolean stateless) {
        this.calls = calls;
        this.maxBodyBytes = maxBodyBytes;
        this.stateless = stateless;
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
        if ("tools/call".equals(method)) {
            cached.setAttribute(TOOL, message.path("params").path("name").asText(""));
        }
        String scope = scope(req);
        if ("notifications/cancelled".equals(method)) {
            cancel(key(scope, id(message.path("params").path("requestId"))));
            if (stateless) {
                resp.setStatus(HttpServletResponse.SC_ACCEPTED);
                return;
            }
        }
        if (!"tools/call".equals(method) || !message.hasNonNull("id")) {
            chain.doFilter(cached, resp);
            return;
        }
        Cancellation cancellation = new Cancellation();
        String key = key(scope, id(message.get("id")));
        String own = key + "\n#" + serial.incrementAndGet();
        byKey.merge(key, List.of(cancellation), McpCancellationFilter::plus);
        calls.start(own, null, cancellation);
        cached.setAttribute(CANCELLATION, cancellation);
        try {
            chain.doFilter(cached, resp);
        } finally {
            calls.end(own, cancellation);
            byKey.computeIfPresent(key, (k, running) -> minus(running, cancellation));
        }
    }

    /** Whose calls a cancellation may name: the session's, or without sessions the token's ("" for no token). */
    private String scope(HttpServletRequest req) {
        if (!stateless) {
            return req.getHeader(SESSION_HEADER);
        }
        ApiToken token = AuthFilter.tokenOf(req);
        return "token " + (token == null ? "" : token.label());
    }

    /** Cancels the call running under {@code key}, if exactly one does. */
    private void cancel(String key) {
        List<Cancellation> running = byKey.get(key);
        if (running != null && running.size() == 1) {
            running.get(0).cancel();
        }
    }

    private static List<Cancellation> plus(List<Cancellation> running, List<Cancellation> more) {
        List<Cancellation> all = new ArrayList<>(running);
        all.addAll(more);
        return List.copyOf(all);
    }

    /** The calls but {@code ended}, or null when none is left (the key is then removed). */
    private static List<Cancellation> minus(List<Cancellation> running, Cancellation ended) {
        List<Cancellation> left = new ArrayList<>(running);
        left.remove(ended);
        return left.isEmpty() ? null : List.copyOf(left);
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
     * A call's key: a cancellation names a call of its own scope only. JSON-RPC ids are strings or integers, and the
     * same integer may be read as an Integer or a Long.
     */
    private static String key(String scope, Object requestId) {
        Object id = JsonRpcIds.key(requestId);
        return scope + "\n" + (id instanceof Long ? "n:" + id : "s:" + id);
    }
}
