package dev.gabysql.server.http;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.api.Paths;
import dev.gabysql.server.oauth.OAuthResourceServer;
import dev.gabysql.server.oauth.ResourceMetadataServlet;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * Sorts callers by their bearer token and leaves the matched token in a request attribute, where the API and the
 * MCP endpoint read its mode cap and approval. Two doors (docs/design.md#approval):
 *
 * <ul>
 *   <li>the approval endpoints ({@code /approvals…}) let through an approver's token only: an agent's token gets
 *       {@code NOT_AN_APPROVER}, and on a server with no approver token nobody can approve over HTTP, not even a
 *       local client without a token — approving needs a credential the agents do not hold;
 *   <li>every other path but {@code GET /health} wants an agent's token when one is configured (401 otherwise), and
 *       refuses an approver's token, which runs nothing.
 * </ul>
 *
 * <p>A console request (docs/console.md#security) carries no bearer token but the session cookie of a sign-in: it must
 * come from the console's own origin and repeat the session's CSRF token in {@code X-Gabysql-Csrf}, whatever its
 * method; it then goes on with the session's credential, through the same two doors. The console's page, files and
 * sign-in pass without a credential (the sign-in checks its own).
 *
 * <p>With OAuth ({@code [server.oauth]}, docs/configuration.md#oauth), a bearer value that is no configured token is
 * verified as a JWT access token and becomes a principal of the same kind; every refusal then carries a challenge
 * naming the protected resource metadata, which passes without a credential. Configured tokens keep working beside it;
 * the console's sign-in does not take access tokens.
 *
 * Stateless but for the console's sessions.
 */
public final class AuthFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;
    /** Request attribute holding the {@link ApiToken} the request presented. */
    static final String TOKEN = "dev.gabysql.server.token";
    /** Request attribute holding the step-up challenge of an access token's call that its cap may refuse. */
    static final String STEP_UP = "dev.gabysql.server.stepUp";
    /** Request attribute set on a console session's requests: their front end is "console". */
    static final String CONSOLE = "dev.gabysql.server.console";

    private final transient Authenticator authenticator;
    private final transient ConsoleSessions consoleSessions;
    private final transient OAuthResourceServer oauth;
    private final List<String> metadataPaths;

    /** @param consoleSessions the console's sign-ins, or null when the console is off */
    public AuthFilter(Authenticator authenticator, ConsoleSessions consoleSessions) {
        this(authenticator, consoleSessions, null);
    }

    /** @param oauth the access tokens accepted beside the configured ones, or null for none */
    public AuthFilter(Authenticator authenticator, ConsoleSessions consoleSessions, OAuthResourceServer oauth) {
        this.authenticator = authenticator;
        this.consoleSessions = consoleSessions;
        this.oauth = oauth;
        this.metadataPaths = oauth == null ? List.of() : ResourceMetadataServlet.paths(oauth.settings());
    }

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        if (Paths.isHealth(req)
                || consoleSessions != null && Paths.isConsole(req)
                || "GET".equals(req.getMethod()) && metadataPaths.contains(req.getRequestURI())) {
            chain.doFilter(req, resp);
            return;
        }
        String header = req.getHeader("Authorization");
        String cookie =
                consoleSessions == null || header != null || Paths.isMcp(req) ? null : ConsoleSessions.cookieValue(req);
        if (cookie != null) {
            consoleCall(req, resp, chain, cookie);
            return;
        }
        ApiToken token = header == null ? null : authenticator.authenticate(header);
        boolean issued = false;
        String secret = Authenticator.bearerSecret(header);
        if (token == null && secret != null && oauth != null) {
            try {
                token = oauth.verify(secret);
                issued = true;
            } catch (GabyException e) {
                refuse(req, resp, e, true, true);
                return;
            }
        }
        GabyException refusal = Paths.isForPersons(req) ? approvalRefusal(header, token) : callRefusal(header, token);
        if (refusal != null) {
            refuse(req, resp, refusal, header != null, issued);
            return;
        }
        if (token != null) {
            req.setAttribute(TOKEN, token);
        }
        if (issued && token.cap() != null) {
            String stepUp = oauth.stepUpChallenge(token.cap());
            if (stepUp != null) {
                req.setAttribute(STEP_UP, stepUp);
            }
        }
        chain.doFilter(req, resp);
    }

    /**
     * The {@code WWW-Authenticate} challenge for a write this request's cap refused: for an access token whose cap a
     * scope on this server would lift, the scope to ask for (docs/configuration.md#oauth); else null.
     */
    public static String stepUpOf(HttpServletRequest req) {
        return (String) req.getAttribute(STEP_UP);
    }

    /**
     * Answers a refusal with its challenge: RFC 6750's {@code WWW-Authenticate} on a 401, and with OAuth on a 403 that
     * an access token with another scope would pass; {@code Retry-After} when the issuer's keys are out of reach.
     */
    private void refuse(
            HttpServletRequest req, HttpServletResponse resp, GabyException refusal, boolean presented, boolean issued)
            throws IOException {
        String challenge = null;
        if (oauth != null && (refusal.code() == ErrorCode.UNAUTHORIZED || issued)) {
            challenge = oauth.challenge(refusal, presented, Paths.isForPersons(req));
        } else if (refusal.code() == ErrorCode.UNAUTHORIZED) {
            challenge = "Bearer realm=\"gabysql\"";
        }
        if (challenge != null) {
            resp.setHeader("WWW-Authenticate", challenge);
        }
        if (refusal.code() == ErrorCode.AUTH_UNAVAILABLE) {
            resp.setHeader("Retry-After", "10");
        }
        Responses.refuseUnread(resp, refusal);
    }

    private void consoleCall(HttpServletRequest req, HttpServletResponse resp, FilterChain chain, String cookie)
            throws IOException, ServletException {
        ConsoleSessions.Session session = consoleSessions.find(cookie).orElse(null);
        GabyException refusal = consoleRefusal(req, session);
        if (refusal != null) {
            Responses.refuseUnread(resp, refusal);
            return;
        }
        ApiToken credential = Paths.isForPersons(req) ? session.approver() : session.caller();
        if (credential != null) {
            req.setAttribute(TOKEN, credential);
        }
        req.setAttribute(CONSOLE, session);
        chain.doFilter(req, resp);
    }

    private static GabyException consoleRefusal(HttpServletRequest req, ConsoleSessions.Session session) {
        if (session == null) {
            return new GabyException(
                    ErrorCode.UNAUTHORIZED,
                    "The console session has ended (signed out, idle too long, or the server restarted).",
                    "Sign in again with your token.");
        }
        if (!SameOrigin.check(req)) {
            return new GabyException(
                    ErrorCode.FORBIDDEN_ORIGIN,
                    "A console request must come from the console's own page; this one came from `"
                            + req.getHeader("Origin") + "`.",
                    "Open the console at this server's address.");
        }
        if (!ConsoleSessions.csrfMatches(session, req.getHeader(ConsoleSessions.CSRF_HEADER))) {
            return new GabyException(
                    ErrorCode.CSRF_REFUSED,
                    "This console request does not carry the session's CSRF token in " + ConsoleSessions.CSRF_HEADER
                            + ".",
                    "Reload the console page; a page of another site cannot act for you.");
        }
        if (Paths.isForPersons(req) && !session.isApprover()) {
            return new GabyException(
                    ErrorCode.NOT_AN_APPROVER,
                    "You signed in with an agent's token (" + session.label() + "): only a person's approver token"
                            + " may approve writes or read the audit log.",
                    "Sign out and sign in with an approver token (role = \"approver\", --approver-token), or the"
                            + " console secret gabysql serve printed at start.");
        }
        return null;
    }

    /** The console session a request came with (its front end is "console"), or null. */
    public static ConsoleSessions.Session consoleOf(HttpServletRequest req) {
        return (ConsoleSessions.Session) req.getAttribute(CONSOLE);
    }

    private GabyException approvalRefusal(String header, ApiToken token) {
        if (!authenticator.hasApprovers() && (oauth == null || !oauth.hasApprovers())) {
            return new GabyException(
                    ErrorCode.NOT_AN_APPROVER,
                    "This server has no approver token: nobody can approve or reject writes over HTTP.",
                    "Start gabysql serve with --approver-token (GABYSQL_APPROVER_TOKEN) or a [[tokens]] entry with"
                            + " role = \"approver\", and send that secret as `Authorization: Bearer …`; or approve"
                            + " at a terminal with `gabysql approve`.");
        }
        if (token == null) {
            return unauthorized(header);
        }
        if (!token.isApprover()) {
            return new GabyException(
                    ErrorCode.NOT_AN_APPROVER,
                    "Token " + token.label() + " is not an approver's: an agent's token can never list, approve or"
                            + " reject writes that wait for a person.",
                    "A person approves with their own approver token (role = \"approver\"); the agent learns the"
                            + " outcome from POST /sql with {\"db\", \"approval_id\"}.");
        }
        return null;
    }

    private GabyException callRefusal(String header, ApiToken token) {
        if (token != null && token.isApprover()) {
            return new GabyException(
                    ErrorCode.FORBIDDEN_BY_MODE,
                    "Token " + token.label() + " is an approver's: it approves or rejects writes and runs nothing"
                            + " else.",
                    "Use it with GET /approvals and POST /approvals/{id} only; agents and programs use tokens of their"
                            + " own.");
        }
        if (authenticator.isOpen() && oauth == null || token != null) {
            return null;
        }
        return unauthorized(header);
    }

    private static GabyException unauthorized(String header) {
        return new GabyException(
                ErrorCode.UNAUTHORIZED,
                header == null ? "This server requires a bearer token." : "The bearer token is not valid.");
    }

    public static ApiToken tokenOf(HttpServletRequest req) {
        return (ApiToken) req.getAttribute(TOKEN);
    }
}
