package dev.gabysql.server.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.http.Authenticator;
import dev.gabysql.server.http.ConsoleSessions;
import dev.gabysql.server.http.Responses;
import dev.gabysql.server.wire.WireJson;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code /console/session}: signing in and out of the console (docs/console.md#security).
 *
 * <ul>
 *   <li>{@code POST {"token"}} — the token in the body, never in a URL: an approver's token (or the console secret
 *       {@code gabysql serve} printed) signs a person in, who may approve and read the audit log; an agent's token
 *       signs in a session that runs calls as that token and approves nothing. The answer sets the session cookie
 *       (HttpOnly, SameSite=Strict) and carries the CSRF token the page repeats.
 *   <li>{@code GET} — the session the cookie names, with its CSRF token (a reloaded page asks for it; a page of
 *       another site cannot read the answer).
 *   <li>{@code DELETE} — signs out (with the CSRF token).
 * </ul>
 *
 * Thread-safe.
 */
public final class ConsoleSignIn extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final int MAX_BODY = 4096;

    private final transient Authenticator authenticator;
    private final transient ApiToken consoleSecret;
    private final transient ConsoleSessions sessions;
    private final transient GabyService service;

    /** @param consoleSecret the approver credential made for the console when none is configured, or null */
    public ConsoleSignIn(
            Authenticator authenticator, ApiToken consoleSecret, ConsoleSessions sessions, GabyService service) {
        this.authenticator = authenticator;
        this.consoleSecret = consoleSecret;
        this.sessions = sessions;
        this.service = service;
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        ConsoleHeaders.apply(resp);
        try {
            if (!sameOrigin(req)) {
                throw new GabyException(
                        ErrorCode.FORBIDDEN_ORIGIN,
                        "Sign in from the console's own page.",
                        "Open the console at this server's address.");
            }
            ApiToken token = authenticate(tokenIn(req));
            ConsoleSessions.Session s = token.isApprover()
                    ? sessions.open(
                            token.label(), ApiToken.person(token.label()).withIdentity(token.identity()), token)
                    : sessions.open(token.label(), token, null);
            resp.addHeader("Set-Cookie", cookie(req, s.id(), -1));
            Responses.json(resp, 200, describe(s));
        } catch (GabyException e) {
            Responses.error(resp, e);
        }
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        ConsoleHeaders.apply(resp);
        ConsoleSessions.Session s = sameOrigin(req)
                ? sessions.find(ConsoleSessions.cookieValue(req)).orElse(null)
                : null;
        if (s == null) {
            Responses.error(resp, new GabyException(ErrorCode.UNAUTHORIZED, "Not signed in.", "Sign in with a token."));
            return;
        }
        Responses.json(resp, 200, describe(s));
    }

    @Override
    protected void doDelete(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        ConsoleHeaders.apply(resp);
        String id = ConsoleSessions.cookieValue(req);
        ConsoleSessions.Session s = sessions.find(id).orElse(null);
        if (s != null
                && sameOrigin(req)
                && ConsoleSessions.csrfMatches(s, req.getHeader(ConsoleSessions.CSRF_HEADER))) {
            sessions.close(id);
        } else if (s != null) {
            Responses.error(
                    resp,
                    new GabyException(
                            ErrorCode.CSRF_REFUSED,
                            "Signing out needs the session's CSRF token in " + ConsoleSessions.CSRF_HEADER + "."));
            return;
        }
        resp.addHeader("Set-Cookie", cookie(req, "", 0));
        Responses.json(resp, 200, Map.of("signed_out", true));
    }

    private ApiToken authenticate(String secret) {
        if (consoleSecret != null && consoleSecret.matches(ApiToken.sha256(secret))) {
            return consoleSecret;
        }
        ApiToken token = authenticator.authenticate("Bearer " + secret);
        if (token == null) {
            throw new GabyException(
                    ErrorCode.UNAUTHORIZED,
                    "This token is not one this server accepts.",
                    "Use an approver token (--approver-token, role = \"approver\"), the console secret gabysql"
                            + " serve printed at start, or an agent's token to browse and query without approving.");
        }
        return token;
    }

    private static String tokenIn(HttpServletRequest req) throws IOException {
        String type = req.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Send the token as JSON.",
                    "Send the header `Content-Type: application/json`.");
        }
        byte[] body;
        try (InputStream in = req.getInputStream()) {
            body = in.readNBytes(MAX_BODY + 1);
        }
        JsonNode token;
        try {
            token = body.length > MAX_BODY
                    ? null
                    : WireJson.MAPPER.readTree(body).get("token");
        } catch (IOException e) {
            token = null;
        }
        if (token == null || !token.isTextual() || token.asText().isBlank()) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST, "Send {\"token\": \"…\"}.", "Paste your token into the form.");
        }
        return token.asText().strip();
    }

    private Map<String, Object> describe(ConsoleSessions.Session s) {
        Mode cap = s.caller() == null ? null : s.caller().cap();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("csrf", s.csrf());
        out.put("caller", s.label());
        out.put("approver", s.isApprover());
        out.put("mode", service.highestMode().capTo(cap).label());
        return out;
    }

    private static String cookie(HttpServletRequest req, String value, int maxAge) {
        return ConsoleSessions.COOKIE + "=" + value + "; Path=/; HttpOnly; SameSite=Strict"
                + (req.isSecure() ? "; Secure" : "")
                + (maxAge >= 0 ? "; Max-Age=" + maxAge : "");
    }

    private static boolean sameOrigin(HttpServletRequest req) {
        return dev.gabysql.server.http.SameOrigin.check(req);
    }
}
