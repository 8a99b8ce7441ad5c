package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.config.OAuthConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.oauth.OAuthSettings;
import dev.gabysql.server.oauth.ScopeGrant;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What [server.oauth] accepts before the server binds, and where its metadata is (RFC 9728). */
class OAuthSettingsTest {
    static final String ISSUER = "https://auth.example.com/realms/team";

    static OAuthSettings settings(String resource, String jwks) {
        return OAuthSettings.builder(ISSUER, URI.create(resource), URI.create(jwks))
                .build();
    }

    @Test
    void theMetadataSitsBetweenTheHostAndTheResourcePath() {
        assertThat(settings("https://db.example.com", "https://auth.example.com/certs")
                        .metadataUrl())
                .hasToString("https://db.example.com/.well-known/oauth-protected-resource");
        assertThat(settings("https://db.example.com:8443/mcp", "https://auth.example.com/certs")
                        .metadataUrl())
                .hasToString("https://db.example.com:8443/.well-known/oauth-protected-resource/mcp");
    }

    @Test
    void plainHttpKeysFromAnotherMachineAreRefused() {
        assertInvalid(settings("https://db.example.com", "http://auth.example.com/certs"), "plain http");
        assertInvalid(settings("http://db.example.com", "https://auth.example.com/certs"), "plain http");
        settings("http://127.0.0.1:7878", "http://localhost:9000/jwks").validate();
    }

    @Test
    void aResourceWithAFragmentOrARelativeUrlIsRefused() {
        assertInvalid(settings("https://db.example.com/#x", "https://a/certs"), "no query or fragment");
        assertInvalid(settings("db.example.com", "https://a/certs"), "absolute https URL");
    }

    @Test
    void theClockSkewIsBounded() {
        OAuthSettings s = OAuthSettings.builder(
                        ISSUER, URI.create("https://db.example.com"), URI.create("https://a/certs"))
                .clockSkew(java.time.Duration.ofHours(1))
                .build();
        assertInvalid(s, "clock_skew_seconds");
    }

    @Test
    void theFileScopesReplaceTheDefaultsAndTheLowestModeIsTheBaseline() {
        OAuthSettings s = OAuthSettings.from(new OAuthConfig(
                ISSUER,
                "https://db.example.com",
                "https://a/certs",
                Map.of("db:admin", "admin", "db:read", "readonly"),
                null));
        assertThat(s.scopes()).containsOnlyKeys("db:admin", "db:read");
        assertThat(s.scopes().get("db:read")).isEqualTo(ScopeGrant.READONLY);
        assertThat(s.baselineScope()).isEqualTo("db:read");
        assertThat(s.approverScope()).isNull();
        assertThat(s.clockSkew()).isEqualTo(OAuthSettings.DEFAULT_CLOCK_SKEW);
    }

    @Test
    void oauthIsACredentialForANonLoopbackAddress() {
        ServerOptions.defaults()
                .withHost("0.0.0.0")
                .withOAuth(settings("https://db.example.com", "https://a/certs"))
                .validate();
    }

    private static void assertInvalid(OAuthSettings s, String messagePart) {
        assertThatThrownBy(s::validate).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
            assertThat(e.getMessage()).contains(messagePart);
        });
    }
}
