package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.Mode;
import dev.gabysql.server.Http.Reply;
import dev.gabysql.server.api.ApiCall;
import dev.gabysql.server.http.Authenticator;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bearer tokens: missing, wrong, valid, and capped to a mode; /health stays open. */
class AuthTest {
    static final String ADMIN = "admin-secret-0123456789";
    static final String READER = "reader-secret-0123456789";

    @TempDir
    static Path dir;

    static TestServer server;
    static URI base;

    @BeforeAll
    static void start() {
        List<ApiToken> tokens = List.of(ApiToken.parse(ADMIN, "admin"), ApiToken.parse(READER + ":readonly", "reader"));
        server = TestServer.start(
                TestServer.list(TestServer.shop(dir)),
                Mode.READWRITE,
                ServerOptions.defaults().withTokens(tokens));
        base = server.uri();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void missingTokenIs401WithChallenge() {
        Reply r = Http.get(base, "/databases");
        assertError(r, 401, "UNAUTHORIZED");
        assertThat(r.header("WWW-Authenticate")).startsWith("Bearer");
        Reply post = Http.post(base, "/sql", Http.sql("shop", "SELECT 1"));
        assertError(post, 401, "UNAUTHORIZED");
        // the body was never read: the connection must not be pooled for the next request
        assertThat(post.header("Connection")).isEqualTo("close");
    }

    @Test
    void wrongTokenIs401() {
        assertError(Http.get(base, "/databases", "Authorization", "Bearer " + ADMIN + "x"), 401, "UNAUTHORIZED");
        assertError(Http.get(base, "/databases", "Authorization", "Basic " + ADMIN), 401, "UNAUTHORIZED");
        assertError(Http.get(base, "/databases", "Authorization", "Bearer "), 401, "UNAUTHORIZED");
    }

    @Test
    void validTokenPassesAndSchemeIsCaseInsensitive() {
        assertThat(Http.get(base, "/databases", "Authorization", "Bearer " + ADMIN)
                        .status())
                .isEqualTo(200);
        assertThat(Http.get(base, "/databases", "Authorization", "bearer " + READER)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void healthNeedsNoToken() {
        assertThat(Http.get(base, "/health").status()).isEqualTo(200);
    }

    @Test
    void readonlyCappedTokenSeesReadonlyAndCannotExecute() {
        Reply list = Http.get(base, "/databases", "Authorization", "Bearer " + READER);
        assertThat(list.json().get("highest_mode").asText()).isEqualTo("readonly");
        assertThat(list.json().get("databases").get(0).get("mode").asText()).isEqualTo("readonly");
        Reply r = Http.post(
                base,
                "/sql",
                "{\"db\":\"shop\",\"sql\":\"DELETE FROM orders WHERE id = 1\"," + "\"execute\":true}",
                "Authorization",
                "Bearer " + READER);
        assertError(r, 403, "READ_ONLY");
    }

    @Test
    void uncappedTokenGetsTheServersMode() {
        Reply list = Http.get(base, "/databases", "Authorization", "Bearer " + ADMIN);
        assertThat(list.json().get("highest_mode").asText()).isEqualTo("readwrite");
        Reply r = Http.post(
                base,
                "/sql",
                "{\"db\":\"shop\",\"sql\":\"DELETE FROM orders WHERE id = 1\"," + "\"execute\":true}",
                "Authorization",
                "Bearer " + ADMIN);
        assertThat(r.errorCode()).isNotEqualTo("READ_ONLY").isNotEqualTo("UNAUTHORIZED");
    }

    @Test
    void aWriteSentAsReadGetsTheExecuteHintWhenTheTokenMayWrite() {
        Reply r = Http.post(
                base, "/sql", Http.sql("shop", "DELETE FROM orders WHERE id = 1"), "Authorization", "Bearer " + ADMIN);
        assertError(r, 403, "READ_ONLY");
        assertThat(r.json().get("error").get("hint").asText()).contains("\"execute\": true");
    }

    @Test
    void theMaxModeHeaderLowersButNeverRaises() {
        Reply lowered =
                Http.get(base, "/databases", "Authorization", "Bearer " + ADMIN, ApiCall.MAX_MODE_HEADER, "readonly");
        assertThat(lowered.json().get("highest_mode").asText()).isEqualTo("readonly");
        Reply raised =
                Http.get(base, "/databases", "Authorization", "Bearer " + READER, ApiCall.MAX_MODE_HEADER, "admin");
        assertThat(raised.json().get("highest_mode").asText()).isEqualTo("readonly");
        assertError(
                Http.get(base, "/databases", "Authorization", "Bearer " + ADMIN, ApiCall.MAX_MODE_HEADER, "root"),
                400,
                "BAD_REQUEST");
    }

    @Test
    void aSecretMayContainColonsAndOnlyAModeSuffixIsACap() {
        String secret = "0123456789abcdef:b:c";
        ApiToken t = ApiToken.parse(secret, "t");
        assertThat(t.cap()).isNull();
        assertThat(new Authenticator(List.of(t)).authenticate("Bearer " + secret))
                .isSameAs(t);
        ApiToken capped = ApiToken.parse("0123456789abcdef:b:readwrite", "t");
        assertThat(capped.cap()).isEqualTo(Mode.READWRITE);
        assertThat(new Authenticator(List.of(capped)).authenticate("Bearer 0123456789abcdef:b"))
                .isSameAs(capped);
        assertThat(new Authenticator(List.of(capped)).authenticate("Bearer 0123456789abcdef:b:readwrite"))
                .isNull();
    }

    @Test
    void shortSecretsAreRefused() {
        assertThatThrownBy(() -> ApiToken.parse("short:readonly", "--token #1"))
                .hasMessageContaining("--token #1")
                .hasMessageContaining("16");
    }
}
