package dev.gabysql.server.http;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.api.Paths;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Requires a valid bearer token on every path but {@code GET /health} when tokens are configured, and leaves the
 * matched token in a request attribute: the API and the MCP endpoint read its mode cap from there. Stateless.
 */
public final class AuthFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;
    /** Request attribute holding the {@link ApiToken} the request presented. */
    static final String TOKEN = "dev.gabysql.server.token";

    private final transient Authenticator authenticator;

    public AuthFilter(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        if (authenticator.isOpen() || Paths.isHealth(req)) {
            chain.doFilter(req, resp);
            return;
        }
        String header = req.getHeader("Authorization");
        ApiToken token = authenticator.authenticate(header);
        if (token == null) {
            resp.setHeader("WWW-Authenticate", "Bearer realm=\"gabysql\"");
            Responses.refuseUnread(
                    resp,
                    new GabyException(
                            ErrorCode.UNAUTHORIZED,
                            header == null
                                    ? "This server requires a bearer token."
                                    : "The bearer token is not valid."));
            return;
        }
        req.setAttribute(TOKEN, token);
        chain.doFilter(req, resp);
    }

    public static ApiToken tokenOf(HttpServletRequest req) {
        return (ApiToken) req.getAttribute(TOKEN);
    }
}
