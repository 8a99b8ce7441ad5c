package dev.gabysql.server.api;

import jakarta.servlet.http.HttpServletRequest;

/** The raw request path the filters and the router look at (exact matches only, so odd spellings fail closed). */
public final class Paths {
    static final String HEALTH = "/health";
    static final String MCP = "/mcp";
    static final String APPROVALS = "/approvals";
    static final String AUDIT = "/audit";
    /** The console's pages and files ({@code /}, {@code /console/…}); its sign-in is {@link #CONSOLE_SESSION}. */
    public static final String CONSOLE = "/console/";

    public static final String CONSOLE_SESSION = "/console/session";

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

    /**
     * The paths only a person's credential reaches: the approvals, and the audit log, which holds every caller's SQL
     * (docs/console.md#who-may-do-what). As broad as {@link #isApprovals}.
     */
    public static boolean isForPersons(HttpServletRequest req) {
        String path = of(req);
        return isApprovals(req) || path != null && (path.equals(AUDIT) || path.startsWith(AUDIT + "/"));
    }

    /** The console's page, files and sign-in: they answer without a token (the sign-in checks its own). */
    public static boolean isConsole(HttpServletRequest req) {
        String path = of(req);
        return "/".equals(path) || path != null && path.startsWith(CONSOLE);
    }

    /** The MCP endpoint, which a console session's cookie never reaches. */
    public static boolean isMcp(HttpServletRequest req) {
        return MCP.equals(of(req));
    }
}
