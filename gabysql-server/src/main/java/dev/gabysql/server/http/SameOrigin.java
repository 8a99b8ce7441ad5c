package dev.gabysql.server.http;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Locale;

/**
 * Whether a browser's request comes from a page of this server (docs/console.md#security): its {@code Origin}, when
 * sent, names the same scheme-less host and port as its {@code Host}; and its {@code Sec-Fetch-Site}, when sent, is
 * {@code same-origin} (or {@code none}: the person typed the address). A browser always sends {@code Origin} on a
 * request that changes state, so a page of another site is told apart even by a browser without fetch metadata.
 * Stateless.
 */
public final class SameOrigin {
    private SameOrigin() {}

    public static boolean check(HttpServletRequest req) {
        String site = req.getHeader("Sec-Fetch-Site");
        if (site != null && !"same-origin".equals(site) && !"none".equals(site)) {
            return false;
        }
        String origin = req.getHeader("Origin");
        return origin == null || hostAndPort(origin).equals(normal(req.getHeader("Host")));
    }

    private static String hostAndPort(String origin) {
        try {
            URI uri = URI.create(origin);
            if (uri.getHost() == null || uri.getScheme() == null) {
                return "\0";
            }
            int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
            return uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
        } catch (IllegalArgumentException e) {
            return "\0";
        }
    }

    private static String normal(String host) {
        if (host == null) {
            return "";
        }
        String h = host.strip().toLowerCase(Locale.ROOT);
        int close = h.lastIndexOf(']');
        int colon = h.lastIndexOf(':');
        return colon > close ? h : h + ":80";
    }
}
