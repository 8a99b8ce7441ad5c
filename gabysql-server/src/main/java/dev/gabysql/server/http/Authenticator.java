package dev.gabysql.server.http;

import dev.gabysql.server.ApiToken;
import java.util.List;
import java.util.Locale;

/**
 * Finds the token a request presents in its {@code Authorization: Bearer …} header. Every configured token is
 * compared (no early exit), each in constant time, so timing says nothing about which token came close.
 * Immutable and thread-safe.
 */
public final class Authenticator {
    private static final String BEARER = "bearer ";

    private final List<ApiToken> tokens;
    private final boolean open;
    private final boolean approvers;

    public Authenticator(List<ApiToken> tokens) {
        this.tokens = List.copyOf(tokens);
        this.open = tokens.stream().noneMatch(t -> !t.isApprover());
        this.approvers = tokens.stream().anyMatch(ApiToken::isApprover);
    }

    /**
     * True when no agent's token is configured: every call but the approval endpoints is let through (loopback
     * only, see ServerOptions). Approver tokens neither open nor close the rest of the API: they guard approvals.
     */
    public boolean isOpen() {
        return open;
    }

    /** True when some approver's token is configured: without one, nobody can approve over HTTP. */
    public boolean hasApprovers() {
        return approvers;
    }

    /** The token the header carries, or null when it carries none or an unknown one. */
    public ApiToken authenticate(String authorization) {
        String secret = bearerSecret(authorization);
        if (secret == null) {
            return null;
        }
        byte[] presented = ApiToken.sha256(secret);
        ApiToken found = null;
        for (ApiToken t : tokens) {
            if (t.matches(presented) && found == null) {
                found = t;
            }
        }
        return found;
    }

    /** RFC 6750: the scheme is case-insensitive. */
    static String bearerSecret(String authorization) {
        if (authorization == null
                || authorization.length() <= BEARER.length()
                || !authorization
                        .substring(0, BEARER.length())
                        .toLowerCase(Locale.ROOT)
                        .equals(BEARER)) {
            return null;
        }
        String secret = authorization.substring(BEARER.length()).strip();
        return secret.isEmpty() ? null : secret;
    }
}
