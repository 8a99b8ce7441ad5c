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

    public Authenticator(List<ApiToken> tokens) {
        this.tokens = List.copyOf(tokens);
    }

    /** True when no token is configured: every request is let through (loopback only, see ServerOptions). */
    public boolean isOpen() {
        return tokens.isEmpty();
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
