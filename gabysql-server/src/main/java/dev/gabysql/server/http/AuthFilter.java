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
 * Stateless.
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
        if (Paths.isHealth(req)) {
            chain.doFilter(req, resp);
            return;
        }
        String header = req.getHeader("Authorization");
        ApiToken token = header == null ? null : authenticator.authenticate(header);
        GabyException refusal = Paths.isApprovals(req) ? approvalRefusal(header, token) : callRefusal(header, token);
        if (refusal != null) {
            if (refusal.code() == ErrorCode.UNAUTHORIZED) {
                resp.setHeader("WWW-Authenticate", "Bearer realm=\"gabysql\"");
            }
            Responses.refuseUnread(resp, refusal);
            return;
        }
        if (token != null) {
            req.setAttribute(TOKEN, token);
        }
        chain.doFilter(req, resp);
    }

    private GabyException approvalRefusal(String header, ApiToken token) {
        if (!authenticator.hasApprovers()) {
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
        if (authenticator.isOpen() || token != null) {
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
