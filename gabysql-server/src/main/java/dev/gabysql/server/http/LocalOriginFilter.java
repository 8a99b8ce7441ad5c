package dev.gabysql.server.http;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.api.ApiCall;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * DNS-rebinding and cross-site protection for a server without tokens (which only ever listens on loopback): a
 * web page the user visits can make the browser send requests to 127.0.0.1, or rebind its own name to it. Such
 * requests carry a foreign {@code Host} or {@code Origin}; only local ones pass. Request bodies must also be
 * {@code application/json} (see {@link ApiCall}), which a page cannot send without a CORS preflight this server
 * never grants. Immutable.
 */
public final class LocalOriginFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;
    public static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]");

    private final transient Set<String> allowedHosts;

    public LocalOriginFilter(Set<String> allowedHosts) {
        this.allowedHosts = Set.copyOf(allowedHosts);
    }

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        String origin = req.getHeader("Origin");
        if (!allowedHosts.contains(hostOf(req.getHeader("Host")))) {
            Responses.refuseUnread(resp, refused("Host `" + req.getHeader("Host") + "`"));
        } else if (origin != null && !allowedHosts.contains(originHost(origin))) {
            Responses.refuseUnread(resp, refused("Origin `" + origin + "`"));
        } else {
            chain.doFilter(req, resp);
        }
    }

    /** The host of a Host header without its port, lower case; "" when absent. */
    public static String hostOf(String header) {
        if (header == null) {
            return "";
        }
        String h = header.strip().toLowerCase(Locale.ROOT);
        int end = h.startsWith("[") ? h.indexOf(']') + 1 : h.indexOf(':');
        return end > 0 ? h.substring(0, end) : h;
    }

    public static String originHost(String origin) {
        try {
            URI uri = URI.create(origin);
            boolean web = "http".equals(uri.getScheme()) || "https".equals(uri.getScheme());
            return web && uri.getHost() != null ? uri.getHost().toLowerCase(Locale.ROOT) : "";
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    private static GabyException refused(String what) {
        return new GabyException(
                ErrorCode.FORBIDDEN_ORIGIN,
                what + " is not local; this server, running without" + " a token, only answers local clients.");
    }
}
