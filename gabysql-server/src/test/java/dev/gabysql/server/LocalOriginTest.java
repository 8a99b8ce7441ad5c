package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.server.http.LocalOriginFilter;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without tokens the server answers local clients only: a foreign Host (DNS rebinding) or Origin is refused. */
class LocalOriginTest {
    @TempDir
    static Path dir;

    static TestServer server;
    static URI base;

    @BeforeAll
    static void start() {
        server = TestServer.start(TestServer.list(TestServer.shop(dir)), Mode.READONLY, ServerOptions.defaults());
        base = server.uri();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void rebindingHostIsRefused() throws Exception {
        String raw = RawHttp.exchange(
                base,
                "GET /databases HTTP/1.1\r\nHost: evil.example:" + base.getPort() + "\r\nConnection: close\r\n\r\n");
        assertThat(raw).startsWith("HTTP/1.1 403").contains("FORBIDDEN_ORIGIN");
    }

    @Test
    void localHostNamesPass() throws Exception {
        for (String host : new String[] {"localhost", "127.0.0.1", "LOCALHOST"}) {
            String raw = RawHttp.exchange(
                    base,
                    "GET /databases HTTP/1.1\r\nHost: " + host + ":" + base.getPort()
                            + "\r\nConnection: close\r\n\r\n");
            assertThat(raw).as(host).startsWith("HTTP/1.1 200");
        }
    }

    @Test
    void foreignOriginIsRefusedAndLocalOriginPasses() {
        assertError(
                Http.post(base, "/sql", Http.sql("shop", "SELECT 1"), "Origin", "https://evil.example"),
                403,
                "FORBIDDEN_ORIGIN");
        assertError(Http.get(base, "/databases", "Origin", "null"), 403, "FORBIDDEN_ORIGIN");
        assertThat(Http.get(base, "/databases", "Origin", "http://localhost:5173")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void hostParsingKeepsIpv6Brackets() {
        assertThat(LocalOriginFilter.hostOf("[::1]:7878")).isEqualTo("[::1]");
        assertThat(LocalOriginFilter.hostOf("Example.COM:80")).isEqualTo("example.com");
        assertThat(LocalOriginFilter.hostOf(null)).isEmpty();
        assertThat(LocalOriginFilter.originHost("file:///etc")).isEmpty();
    }
}
