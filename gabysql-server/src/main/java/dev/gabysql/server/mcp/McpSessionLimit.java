package dev.gabysql.server.mcp;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.http.Responses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cap on MCP sessions open at once at {@code /mcp} ({@code --mcp-max-sessions}). The SDK keeps every session a
 * client opens until it has been idle for the session timeout (30 minutes by default), and nothing bounds how many:
 * a client that initialized in a loop grew the server by about a kilobyte a session, 300,000 of them filled the
 * 256 MiB heap within three minutes and slowed every call. Beyond the cap, an {@code initialize} is answered
 * 503 {@code OVER_CAPACITY} at once, saying to end sessions no longer used ({@code DELETE /mcp}). A session counts
 * from the answer that gave it its id until a {@code DELETE} ends it or no request has named it for the session
 * timeout — when the SDK drops it too (the SDK sweeps at that interval, so it may keep a session up to twice as long:
 * the cap then holds within a factor of two). Runs after {@link McpCancellationFilter}, which reads the method.
 * Thread-safe.
 */
public final class McpSessionLimit extends HttpFilter {
    private static final long serialVersionUID = 1L;

    private final int max;
    private final long idleNanos;
    private final transient Map<String, Long> lastSeen = new ConcurrentHashMap<>();

    public McpSessionLimit(int max, Duration idle) {
        this.max = max;
        this.idleNanos = idle.toNanos();
    }

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        String session = req.getHeader(McpCancellationFilter.SESSION_HEADER);
        long now = System.nanoTime();
        if (session != null) {
            lastSeen.computeIfPresent(session, (id, seen) -> now);
            try {
                chain.doFilter(req, resp);
            } finally {
                if ("DELETE".equals(req.getMethod())) {
                    lastSeen.remove(session);
                }
            }
            return;
        }
        if (!"initialize".equals(req.getAttribute(McpCancellationFilter.METHOD))) {
            chain.doFilter(req, resp);
            return;
        }
        if (open(now) >= max) {
            resp.setHeader("Retry-After", "1");
            Responses.error(
                    resp,
                    new GabyException(
                            ErrorCode.OVER_CAPACITY,
                            "The server already keeps its maximum" + " of " + max + " MCP sessions.",
                            "End sessions no longer used (DELETE /mcp with their"
                                    + " Mcp-Session-Id; MCP clients do when closed), wait for idle ones to expire, or start gabysql"
                                    + " serve with a larger --mcp-max-sessions."));
            return;
        }
        chain.doFilter(req, resp);
        String created = resp.getHeader(McpCancellationFilter.SESSION_HEADER);
        if (created != null) {
            lastSeen.put(created, System.nanoTime());
        }
    }

    /** The sessions open now, forgetting those idle for the session timeout. */
    int open(long now) {
        lastSeen.values().removeIf(seen -> now - seen >= idleNanos);
        return lastSeen.size();
    }
}
