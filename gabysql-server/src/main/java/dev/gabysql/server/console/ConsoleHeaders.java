package dev.gabysql.server.console;

import jakarta.servlet.http.HttpServletResponse;

/**
 * The headers every console answer carries (docs/console.md#security): a Content-Security-Policy that lets the page
 * load only its own files — no inline script or style, no other site, no frames, no plugins, no form posted
 * elsewhere — so that data from the database shown in the page can never run as code even if a rendering bug let
 * markup through; and no sniffing, no referrer, no framing. Stateless.
 */
final class ConsoleHeaders {
    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private ConsoleHeaders() {}

    static void apply(HttpServletResponse resp) {
        resp.setHeader("Content-Security-Policy", CSP);
        resp.setHeader("X-Content-Type-Options", "nosniff");
        resp.setHeader("X-Frame-Options", "DENY");
        resp.setHeader("Referrer-Policy", "no-referrer");
        resp.setHeader("Cross-Origin-Opener-Policy", "same-origin");
        resp.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    }
}
