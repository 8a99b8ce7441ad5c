/**
 * {@code gabysql serve} as an OAuth 2.1 resource server (docs/configuration.md#oauth): the settings, the JWT access
 * token verifier (nimbus-jose-jwt against the issuer's JWKS), the {@code WWW-Authenticate} challenges and the
 * protected resource metadata (RFC 9728) that tell an MCP client where to get a token.
 */
package dev.gabysql.server.oauth;
