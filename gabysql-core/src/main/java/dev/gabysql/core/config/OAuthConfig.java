package dev.gabysql.core.config;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code [server.oauth]} table of {@code gabysql.toml}: {@code gabysql serve} as an OAuth 2.1 resource server
 * (docs/configuration.md#oauth). Read as written and checked for shape here; the server checks the URLs and builds
 * the verifier. Immutable.
 *
 * @param issuer    the authorization server's issuer identifier: a token's {@code iss} must equal it, and the
 *                  protected resource metadata names it in {@code authorization_servers}
 * @param resource  this server's canonical URI (RFC 8707): a token's {@code aud} must contain it
 * @param jwksUrl   where the issuer publishes its signing keys (JWKS)
 * @param scopes    scope name → what it grants ({@code readonly}, {@code readwrite}, {@code admin} or
 *                  {@code approver}), in the file's order; null: the default names ({@code gabysql:read}, …)
 * @param clockSkew how far {@code exp} and {@code nbf} may be off; null: the server's default
 */
public record OAuthConfig(
        String issuer, String resource, String jwksUrl, Map<String, String> scopes, Duration clockSkew) {
    /** The words a scope may grant. */
    public static final java.util.List<String> GRANTS = java.util.List.of("readonly", "readwrite", "admin", "approver");

    public OAuthConfig {
        scopes = scopes == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(scopes));
    }
}
