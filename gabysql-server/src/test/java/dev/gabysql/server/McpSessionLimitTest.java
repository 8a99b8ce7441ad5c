package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP sessions open at once are capped: one initialize beyond gets 503 OVER_CAPACITY at once, while the open
 * sessions go on; a session ended with DELETE, or idle for the session timeout, makes room again.
 */
class McpSessionLimitTest {
    private static final String[] ACCEPT = {"Accept", "application/json, text/event-stream"};

    @TempDir
    Path dir;

    @Test
    void anInitializeBeyondTheCapIsRefusedUntilASessionEnds() {
        ServerOptions options = ServerOptions.defaults()
                .withMcp(new ServerOptions.Mcp("test", Duration.ofSeconds(15), Duration.ofMinutes(30), 2));
        try (TestServer server = TestServer.start(TestServer.list(TestServer.shop(dir)), Mode.READONLY, options)) {
            URI base = server.uri();
            String first = open(base);
            String second = open(base);
            Reply refused = Http.post(base, "/mcp", McpHttpTest.initialize(), ACCEPT);
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.errorCode()).isEqualTo("OVER_CAPACITY");
            assertThat(refused.header("Retry-After")).isEqualTo("1");
            assertThat(refused.header("Mcp-Session-Id")).isNull();
            assertThat(ping(base, first).status()).as("an open session goes on").isEqualTo(200);

            Reply ended = Http.send(
                    java.net.http.HttpRequest.newBuilder(base.resolve("/mcp")).DELETE(), "Mcp-Session-Id", second);
            assertThat(ended.status()).isBetween(200, 299);
            assertThat(open(base)).isNotBlank();
        }
    }

    @Test
    void aSessionIdleForTheTimeoutNoLongerCounts() throws Exception {
        ServerOptions options = ServerOptions.defaults()
                .withMcp(new ServerOptions.Mcp("test", Duration.ofSeconds(15), Duration.ofMillis(300), 1));
        try (TestServer server = TestServer.start(TestServer.list(TestServer.shop(dir)), Mode.READONLY, options)) {
            URI base = server.uri();
            open(base);
            assertThat(Http.post(base, "/mcp", McpHttpTest.initialize(), ACCEPT).status())
                    .isEqualTo(503);
            Thread.sleep(400);
            assertThat(open(base)).isNotBlank();
        }
    }

    /** Opens a session (initialize, then initialized) and returns its id. */
    private static String open(URI base) {
        Reply init = Http.post(base, "/mcp", McpHttpTest.initialize(), ACCEPT);
        assertThat(init.status()).as(init.body()).isEqualTo(200);
        String session = init.header("Mcp-Session-Id");
        assertThat(session).isNotBlank();
        Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                ACCEPT[0],
                ACCEPT[1],
                "Mcp-Session-Id",
                session);
        return session;
    }

    private static Reply ping(URI base, String session) {
        return Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}",
                ACCEPT[0],
                ACCEPT[1],
                "Mcp-Session-Id",
                session);
    }
}
