package dev.gabysql.server.api;

import jakarta.servlet.http.HttpServletRequest;

/** The raw request path the filters and the router look at (exact matches only, so odd spellings fail closed). */
public final class Paths {
    static final String HEALTH = "/health";
    static final String MCP = "/mcp";
    static final String APPROVALS = "/approvals";

    private Paths() {}

    static String of(HttpServletRequest req) {
        return req.getRequestURI();
    }

    public static boolean isHealth(HttpServletRequest req) {
        return HEALTH.equals(of(req)) && "GET".equals(req.getMethod());
    }

    /**
     * The approval endpoints and everything below them, whatever the method: a broad match, so that only an
     * approver's token gets past the filter there (docs/design.md#approval); the router then matches exactly.
     */
    public static boolean isApprovals(HttpServletRequest req) {
        String path = of(req);
        return path != null && (path.equals(APPROVALS) || path.startsWith(APPROVALS + "/"));
    }
}
