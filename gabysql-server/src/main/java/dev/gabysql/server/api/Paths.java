package dev.gabysql.server.api;

import jakarta.servlet.http.HttpServletRequest;

/** The raw request path the filters and the router look at (exact matches only, so odd spellings fail closed). */
public final class Paths {
    static final String HEALTH = "/health";
    static final String MCP = "/mcp";

    private Paths() {}

    static String of(HttpServletRequest req) {
        return req.getRequestURI();
    }

    public static boolean isHealth(HttpServletRequest req) {
        return HEALTH.equals(of(req)) && "GET".equals(req.getMethod());
    }
}
