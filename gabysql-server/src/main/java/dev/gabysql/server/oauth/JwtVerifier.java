package dev.gabysql.server.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.health.HealthStatus;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.ConfigurableJWTProcessor;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.net.MalformedURLException;
import java.text.ParseException;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Verifies a JWT access token with nimbus-jose-jwt's processor and returns its claims: the signature with a key of
 * the issuer's JWKS and an allowed algorithm, {@code typ} (none, {@code JWT} or RFC 9068's {@code at+jwt}), {@code
 * iss} equal to the issuer, {@code aud} containing this resource, {@code sub}, {@code exp} and {@code nbf} within the
 * clock skew. Unsigned tokens ({@code alg: none}) and HMAC ({@code HS*}: a JWKS's public key must never serve as a
 * shared secret) are refused by the algorithm list, EdDSA and ES256K too (their verifiers need optional libraries).
 *
 * <p>The JWKS is fetched with bounded connect and read timeouts and size, cached (5 minutes), refetched when a token
 * names a key the cached set lacks, at most once per 10 seconds (so that tokens with made-up key ids cannot make the
 * server fetch on every request). A request thread waits for a fetch, another thread's included, at most about two
 * timeouts. Thread-safe.
 */
final class JwtVerifier {
    static final Set<JWSAlgorithm> ALGORITHMS = Set.of(
            JWSAlgorithm.RS256,
            JWSAlgorithm.RS384,
            JWSAlgorithm.RS512,
            JWSAlgorithm.PS256,
            JWSAlgorithm.PS384,
            JWSAlgorithm.PS512,
            JWSAlgorithm.ES256,
            JWSAlgorithm.ES384,
            JWSAlgorithm.ES512);

    private static final Logger LOG = LoggerFactory.getLogger(JwtVerifier.class);
    private static final long CACHE_MILLIS = 5 * 60_000L;
    private static final long MIN_REFETCH_MILLIS = 10_000L;

    private final ConfigurableJWTProcessor<SecurityContext> processor;
    private final JWKSource<SecurityContext> keys;
    private final String resource;
    private final String issuer;
    /** Whether the last JWKS fetch worked: a refused refetch then means "no such key", not "keys unreachable". */
    private volatile boolean keysReachable;

    JwtVerifier(OAuthSettings settings) {
        DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
        p.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(
                JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), new JOSEObjectType("application/at+jwt"), null));
        this.keys = keys(settings);
        p.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(
                Set.of(settings.resource().toString()),
                new JWTClaimsSet.Builder().issuer(settings.issuer()).build(),
                Set.of("iss", "aud", "sub", "exp"),
                null);
        claims.setMaxClockSkew((int) settings.clockSkew().toSeconds());
        p.setJWTClaimsSetVerifier(claims);
        this.processor = p;
        this.resource = settings.resource().toString();
        this.issuer = settings.issuer();
    }

    private JWKSource<SecurityContext> keys(OAuthSettings settings) {
        int timeout = (int) settings.jwksTimeout().toMillis();
        try {
            return JWKSourceBuilder.<SecurityContext>create(
                            settings.jwksUrl().toURL(),
                            new DefaultResourceRetriever(timeout, timeout, settings.jwksMaxBytes()))
                    .cache(CACHE_MILLIS, 2L * timeout)
                    .refreshAheadCache(false)
                    .rateLimited(MIN_REFETCH_MILLIS)
                    .retrying(false)
                    .healthReporting(report -> keysReachable = report.getHealthStatus() == HealthStatus.HEALTHY)
                    .build();
        } catch (MalformedURLException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID, "`server.oauth.jwks_url` is not a URL: " + e.getMessage() + ".");
        }
    }

    /**
     * Fetches the keys once on a thread of its own, so that the first request does not wait for them and an issuer
     * out of reach shows in the log at start. A failure is only logged: requests fetch again (rate-limited).
     */
    void prefetch(String jwksUrl) {
        Thread t = new Thread(
                () -> {
                    try {
                        keys.get(new JWKSelector(new JWKMatcher.Builder().build()), null);
                    } catch (KeySourceException e) {
                        LOG.warn(
                                "OAuth: the issuer's keys at {} could not be fetched ({}); access tokens get 503"
                                        + " AUTH_UNAVAILABLE until they can",
                                jwksUrl,
                                e.getMessage());
                    }
                },
                "gabysql-oauth-jwks");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The verified claims of {@code jwt}; an {@link ErrorCode#UNAUTHORIZED} refusal saying what is wrong with it, or
     * {@link ErrorCode#AUTH_UNAVAILABLE} when the keys could not be fetched.
     */
    JWTClaimsSet verify(String jwt) {
        try {
            return processor.process(jwt, null);
        } catch (ParseException e) {
            throw invalid("The bearer token is neither a configured token nor a JWT.");
        } catch (RateLimitReachedException e) {
            if (keysReachable) {
                throw invalid("The token's signing key is not in the issuer's JWKS.");
            }
            throw unavailable();
        } catch (KeySourceException e) {
            throw unavailable();
        } catch (BadJOSEException | JOSEException e) {
            throw invalid("The access token was refused: " + reason(e.getMessage()) + ".");
        }
    }

    /** nimbus-jose-jwt's reason in a caller's terms where its own words speak of its classes. */
    private String reason(String nimbus) {
        String m = nimbus == null ? "" : nimbus;
        if (m.startsWith("Unsecured (plain) JWTs are rejected")) {
            return "it is not signed (alg: none)";
        }
        if (m.startsWith("Signed JWT rejected: Another algorithm expected, or no matching key(s) found")) {
            return "its algorithm is not one of " + ALGORITHMS.size() + " accepted (RS*, PS*, ES*) or its key is not in"
                    + " the issuer's JWKS";
        }
        if (m.contains("aud claim")) {
            return m + " (the audience must be " + resource + ")";
        }
        if (m.contains("iss claim")) {
            return m + " (the issuer must be " + issuer + ")";
        }
        return m.endsWith(".") ? m.substring(0, m.length() - 1) : m;
    }

    private static GabyException invalid(String message) {
        return new GabyException(ErrorCode.UNAUTHORIZED, message, "Get a new access token from the issuer.");
    }

    private static GabyException unavailable() {
        return new GabyException(
                ErrorCode.AUTH_UNAVAILABLE,
                "The authorization server's signing keys (JWKS) could not be fetched, so no access token can be checked"
                        + " right now.");
    }
}
