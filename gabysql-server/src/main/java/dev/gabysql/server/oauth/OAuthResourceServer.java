package dev.gabysql.server.oauth;

import com.nimbusds.jwt.JWTClaimsSet;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.ApiToken;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code gabysql serve} as an OAuth 2.1 resource server, as the MCP authorization spec asks of an HTTP server
 * (docs/configuration.md#oauth): a JWT access token is verified ({@link JwtVerifier}) and becomes the same kind of
 * principal as a configured token ({@link ApiToken}: a mode cap, or the approver's role), named after its {@code sub};
 * refusals carry RFC 6750 {@code WWW-Authenticate} challenges that point at the protected resource metadata (RFC 9728)
 * and name the scope wanted. Thread-safe.
 */
public final class OAuthResourceServer {
    /** The prefix of an OAuth caller's name in the audit log and the session labels, apart from configured tokens. */
    public static final String LABEL_PREFIX = "oauth:";

    private static final int MAX_SUBJECT = 64;

    private final OAuthSettings settings;
    private final JwtVerifier verifier;
    private final Mode highest;

    /** @param highest the most any database of this server allows: no scope can lift a caller above it */
    public OAuthResourceServer(OAuthSettings settings, Mode highest) {
        settings.validate();
        this.settings = settings;
        this.verifier = new JwtVerifier(settings);
        this.highest = highest;
        verifier.prefetch(settings.jwksUrl().toString());
    }

    public OAuthSettings settings() {
        return settings;
    }

    /** Whether some scope grants the approver's role: then approvals over HTTP have someone to come from. */
    public boolean hasApprovers() {
        return settings.approverScope() != null;
    }

    /**
     * The principal of a bearer JWT: its scopes' highest mode as the cap, or the approver's role. Refuses (a {@link
     * GabyException}) an invalid token ({@code UNAUTHORIZED}), one without a scope of this server ({@code
     * INSUFFICIENT_SCOPE}), one that is both a person's and an agent's ({@code UNAUTHORIZED}: no request may use it),
     * and answers {@code AUTH_UNAVAILABLE} when the
     * issuer's keys cannot be fetched.
     */
    public ApiToken verify(String jwt) {
        JWTClaimsSet claims = verifier.verify(jwt);
        Set<ScopeGrant> grants = grants(scopes(claims));
        String label = label(claims.getSubject());
        if (grants.contains(ScopeGrant.APPROVER)) {
            if (grants.size() > 1) {
                throw new GabyException(
                        ErrorCode.UNAUTHORIZED,
                        "The access token of " + label + " grants both the approver's role and a mode: a person who"
                                + " approves writes must not hold an agent's credential too (docs/design.md#approval).",
                        "Ask the authorization server for a token with " + settings.approverScope()
                                + " alone, and give agents tokens without it.");
            }
            return ApiToken.issued(label, null, ApiToken.Role.APPROVER);
        }
        Mode cap = null;
        for (ScopeGrant g : grants) {
            cap = cap == null || g.mode().compareTo(cap) > 0 ? g.mode() : cap;
        }
        if (cap == null) {
            throw new GabyException(
                    ErrorCode.INSUFFICIENT_SCOPE,
                    "The access token of " + label + " carries no scope of this server (wanted: "
                            + settings.baselineScope() + " or higher).");
        }
        // A per-caller database role (docs/design.md) would be read here, from a claim or a scope, into the principal.
        return ApiToken.issued(label, cap, ApiToken.Role.AGENT);
    }

    /** RFC 9068's {@code scope} (space-separated), or the {@code scp} that some issuers send (array or string). */
    static Set<String> scopes(JWTClaimsSet claims) {
        Set<String> out = new LinkedHashSet<>();
        try {
            String scope = claims.getStringClaim("scope");
            if (scope != null) {
                out.addAll(List.of(scope.trim().split("\\s+")));
            }
            Object scp = claims.getClaim("scp");
            if (scp instanceof String) {
                out.addAll(List.of(((String) scp).trim().split("\\s+")));
            } else if (scp != null) {
                out.addAll(claims.getStringListClaim("scp"));
            }
        } catch (ParseException e) {
            // a scope claim of another shape grants nothing
        }
        return out;
    }

    private Set<ScopeGrant> grants(Set<String> scopes) {
        Set<ScopeGrant> out = new LinkedHashSet<>();
        for (String s : scopes) {
            ScopeGrant g = settings.scopes().get(s);
            if (g != null) {
                out.add(g);
            }
        }
        return out;
    }

    /**
     * {@code oauth:SUBJECT}: printable, at most 64 characters; a subject that had to be cleaned or cut gets a digest
     * of the original, so that two subjects never share a name (the name decides whose calls a caller may cancel).
     */
    static String label(String subject) {
        String clean = subject.replaceAll("[^\\x21-\\x7E]", "_");
        if (clean.equals(subject) && clean.length() <= MAX_SUBJECT) {
            return LABEL_PREFIX + clean;
        }
        byte[] digest = ApiToken.sha256(subject);
        String tag = HexFormat.of().formatHex(digest, 0, 6);
        return LABEL_PREFIX + clean.substring(0, Math.min(clean.length(), MAX_SUBJECT - 13)) + "~" + tag;
    }

    /**
     * The {@code WWW-Authenticate} value of a refusal: the metadata's URL always; {@code invalid_token} when a token
     * was presented and refused, {@code insufficient_scope} when it lacks a scope; the scope wanted ({@code
     * forPersons}: the approver's) when the client should ask for one. Null for a refusal that no token fixes.
     */
    public String challenge(GabyException refusal, boolean tokenPresented, boolean forPersons) {
        List<String> params = new ArrayList<>();
        params.add("realm=\"gabysql\"");
        String wanted = forPersons ? settings.approverScope() : settings.baselineScope();
        if (refusal.code() == ErrorCode.UNAUTHORIZED && tokenPresented) {
            params.add("error=\"invalid_token\"");
            params.add("error_description=\"" + quotable(refusal.getMessage()) + "\"");
        } else if (refusal.code() == ErrorCode.INSUFFICIENT_SCOPE
                || refusal.code() == ErrorCode.NOT_AN_APPROVER
                || refusal.code() == ErrorCode.FORBIDDEN_BY_MODE) {
            if (wanted == null) {
                return null;
            }
            params.add("error=\"insufficient_scope\"");
        } else if (refusal.code() != ErrorCode.UNAUTHORIZED) {
            return null;
        }
        if (wanted != null) {
            params.add("scope=\"" + wanted + "\"");
        }
        params.add("resource_metadata=\"" + settings.metadataUrl() + "\"");
        return "Bearer " + String.join(", ", params);
    }

    /**
     * The challenge of a call refused for its mode ({@code FORBIDDEN_BY_MODE}) by a caller capped at {@code cap}: the
     * scope of the next mode up, so that a client may ask for it (the MCP spec's step-up); null when no scope grants
     * more than {@code cap} on this server.
     */
    public String stepUpChallenge(Mode cap) {
        String scope = null;
        Mode granted = null;
        for (Map.Entry<String, ScopeGrant> e : settings.scopes().entrySet()) {
            Mode m = e.getValue().mode();
            if (m != null
                    && m.compareTo(cap) > 0
                    && m.compareTo(highest) <= 0
                    && (granted == null || m.compareTo(granted) < 0)) {
                scope = e.getKey();
                granted = m;
            }
        }
        return scope == null
                ? null
                : "Bearer realm=\"gabysql\", error=\"insufficient_scope\", scope=\"" + scope
                        + "\", resource_metadata=\"" + settings.metadataUrl() + "\"";
    }

    /** RFC 6750 section 3: error_description is printable ASCII without '"' and '\'. */
    private static String quotable(String s) {
        String ascii = new String(s.getBytes(StandardCharsets.US_ASCII), StandardCharsets.US_ASCII);
        String clean = ascii.replaceAll("[^\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]", "'");
        return clean.length() > 200 ? clean.substring(0, 200) : clean;
    }
}
