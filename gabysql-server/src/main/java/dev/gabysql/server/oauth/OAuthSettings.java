package dev.gabysql.server.oauth;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.config.OAuthConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How {@code gabysql serve} accepts OAuth access tokens (docs/configuration.md#oauth). Built with {@link #builder};
 * immutable; {@link #validate()} refuses what would be unsafe before the server binds.
 *
 * @param issuer       a token's {@code iss} must equal it; the metadata names it as the authorization server
 * @param resource     this server's canonical URI: a token's {@code aud} must contain it (RFC 8707)
 * @param jwksUrl      the issuer's signing keys
 * @param scopes       scope name → what it grants, in the order the metadata lists them
 * @param clockSkew    how far {@code exp} and {@code nbf} may be off
 * @param jwksTimeout  connect and read timeout of one JWKS fetch: a request waits at most about twice this
 * @param jwksMaxBytes the largest JWKS document read
 */
public record OAuthSettings(
        String issuer,
        URI resource,
        URI jwksUrl,
        Map<String, ScopeGrant> scopes,
        Duration clockSkew,
        Duration jwksTimeout,
        int jwksMaxBytes) {
    public static final Duration DEFAULT_CLOCK_SKEW = Duration.ofSeconds(60);
    public static final Duration MAX_CLOCK_SKEW = Duration.ofMinutes(5);
    public static final Duration DEFAULT_JWKS_TIMEOUT = Duration.ofSeconds(3);
    public static final int DEFAULT_JWKS_MAX_BYTES = 256 * 1024;
    /** The scope names when {@code [server.oauth.scopes]} is absent. */
    public static final Map<String, ScopeGrant> DEFAULT_SCOPES = defaultScopes();

    /** The RFC 9728 well-known path prefix of the protected resource metadata. */
    static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

    public OAuthSettings {
        scopes = Collections.unmodifiableMap(new LinkedHashMap<>(scopes));
    }

    private static Map<String, ScopeGrant> defaultScopes() {
        Map<String, ScopeGrant> m = new LinkedHashMap<>();
        m.put("gabysql:read", ScopeGrant.READONLY);
        m.put("gabysql:write", ScopeGrant.READWRITE);
        m.put("gabysql:admin", ScopeGrant.ADMIN);
        m.put("gabysql:approve", ScopeGrant.APPROVER);
        return Collections.unmodifiableMap(m);
    }

    public static Builder builder(String issuer, URI resource, URI jwksUrl) {
        return new Builder(issuer, resource, jwksUrl);
    }

    /** The settings a {@code [server.oauth]} table gives (null: none). */
    public static OAuthSettings from(OAuthConfig c) {
        if (c == null) {
            return null;
        }
        Builder b = builder(c.issuer(), uri(c.resource(), "resource"), uri(c.jwksUrl(), "jwks_url"));
        if (c.scopes() != null) {
            Map<String, ScopeGrant> scopes = new LinkedHashMap<>();
            c.scopes().forEach((scope, grant) -> scopes.put(scope, ScopeGrant.parse(grant)));
            b.scopes(scopes);
        }
        if (c.clockSkew() != null) {
            b.clockSkew(c.clockSkew());
        }
        return b.build();
    }

    /** Builds {@link OAuthSettings}: the three URLs are required, the rest has defaults. Not thread-safe. */
    public static final class Builder {
        private final String issuer;
        private final URI resource;
        private final URI jwksUrl;
        private Map<String, ScopeGrant> scopes = DEFAULT_SCOPES;
        private Duration clockSkew = DEFAULT_CLOCK_SKEW;
        private Duration jwksTimeout = DEFAULT_JWKS_TIMEOUT;
        private int jwksMaxBytes = DEFAULT_JWKS_MAX_BYTES;

        private Builder(String issuer, URI resource, URI jwksUrl) {
            this.issuer = issuer;
            this.resource = resource;
            this.jwksUrl = jwksUrl;
        }

        public Builder scopes(Map<String, ScopeGrant> s) {
            this.scopes = s;
            return this;
        }

        public Builder clockSkew(Duration d) {
            this.clockSkew = d;
            return this;
        }

        public Builder jwksTimeout(Duration d) {
            this.jwksTimeout = d;
            return this;
        }

        public Builder jwksMaxBytes(int n) {
            this.jwksMaxBytes = n;
            return this;
        }

        public OAuthSettings build() {
            return new OAuthSettings(issuer, resource, jwksUrl, scopes, clockSkew, jwksTimeout, jwksMaxBytes);
        }
    }

    /**
     * Where the protected resource metadata is (RFC 9728 section 3.1: the well-known path goes between the host and
     * the resource's path), as the {@code resource_metadata} of every challenge.
     */
    public URI metadataUrl() {
        String path = resourcePath();
        return URI.create(resource.getScheme() + "://" + resource.getRawAuthority() + WELL_KNOWN + path);
    }

    /** The resource's path without a trailing slash ("" for the root). */
    String resourcePath() {
        String path = resource.getRawPath() == null ? "" : resource.getRawPath();
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** The scope a caller needs to run anything: the one granting the lowest mode (first of the file on ties). */
    public String baselineScope() {
        String best = null;
        for (Map.Entry<String, ScopeGrant> e : scopes.entrySet()) {
            Mode m = e.getValue().mode();
            if (m != null
                    && (best == null || m.ordinal() < scopes.get(best).mode().ordinal())) {
                best = e.getKey();
            }
        }
        return best;
    }

    /** The scope of the approver's role, or null when no scope grants it. */
    public String approverScope() {
        return scopes.entrySet().stream()
                .filter(e -> e.getValue() == ScopeGrant.APPROVER)
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse(null);
    }

    /** Refuses settings that would accept tokens from the wrong place, with CONFIG_INVALID naming the key. */
    public void validate() {
        require(
                issuer != null && !issuer.isBlank(),
                "`server.oauth.issuer` is empty.",
                "Write the issuer exactly as"
                        + " its tokens' `iss` claim spells it, e.g. issuer = \"https://auth.example.com/realms/team\".");
        requireUrl(resource, "resource");
        require(
                resource.getRawFragment() == null && resource.getRawQuery() == null,
                "`server.oauth.resource` must have no query or fragment (RFC 8707).",
                "Write this server's URL as clients reach it, e.g. resource = \"https://gabysql.example.com\".");
        requireUrl(jwksUrl, "jwks_url");
        require(
                !scopes.isEmpty() && (baselineScope() != null || approverScope() != null),
                "`server.oauth.scopes` grants nothing.",
                "Map at least one scope to readonly, readwrite or admin.");
        require(
                clockSkew != null && !clockSkew.isNegative() && clockSkew.compareTo(MAX_CLOCK_SKEW) <= 0,
                "`server.oauth.clock_skew_seconds` must be between 0 and " + MAX_CLOCK_SKEW.toSeconds() + ".",
                "Keep the clocks in sync (NTP); the default is " + DEFAULT_CLOCK_SKEW.toSeconds() + " seconds.");
        require(
                jwksTimeout != null && !jwksTimeout.isNegative() && !jwksTimeout.isZero() && jwksMaxBytes >= 1024,
                "The JWKS fetch needs a positive timeout and room for at least 1 KiB.",
                "Use the defaults.");
    }

    /** An absolute http(s) URL; plain http only to this machine, where nobody on the network can swap the keys. */
    private static void requireUrl(URI url, String key) {
        require(
                url != null
                        && url.isAbsolute()
                        && url.getHost() != null
                        && ("https".equals(scheme(url)) || "http".equals(scheme(url))),
                "`server.oauth." + key + "` must be an absolute https URL, got `" + url + "`.",
                "For example " + key + " = \"https://auth.example.com/…\".");
        require(
                "https".equals(scheme(url)) || isLoopbackName(url.getHost()),
                "`server.oauth." + key + "` = `" + url + "` is plain http to another machine: anyone on the way"
                        + " could swap the keys or the metadata.",
                "Use https (plain http is accepted for localhost and 127.0.0.1 only, e.g. in tests).");
    }

    private static String scheme(URI url) {
        return url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    }

    static boolean isLoopbackName(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.startsWith("127.") || h.equals("[::1]") || h.equals("::1");
    }

    private static URI uri(String s, String key) {
        try {
            return new URI(s);
        } catch (URISyntaxException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "`server.oauth." + key + "` is not a URL: " + e.getMessage() + ".",
                    "For example " + key + " = \"https://auth.example.com/…\".");
        }
    }

    private static void require(boolean ok, String message, String hint) {
        if (!ok) {
            throw new GabyException(ErrorCode.CONFIG_INVALID, message, hint);
        }
    }
}
