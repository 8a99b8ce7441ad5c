package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.Mode;
import dev.gabysql.mcp.CountingService;
import dev.gabysql.mcp.GabyMcpServer;
import dev.gabysql.mcp.McpTestClient;
import dev.gabysql.mcp.Shop;
import dev.gabysql.mcp.json.IncomingLine;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first {@code initialize} of a stdio session is answered before the SDK's server exists, with the very bytes
 * the SDK's session writes, and the session goes on as if the SDK had answered: one reply per request, the SDK's
 * session initialized by the same request.
 */
final class EarlyInitializeTest {
    private static final String[] VERSIONS = {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2099-01-01", ""};
    private static final String[] IDS = {"7", "\"a-\\u00e9\\\"b\"", "1099511627776"};

    @TempDir
    Path dir;

    private int databases;

    @Test
    void theEarlyReplyIsTheSdksReplyByteForByte() throws Exception {
        int n = 0;
        for (Mode mode : new Mode[] {Mode.READONLY, Mode.READWRITE}) {
            for (String version : VERSIONS) {
                String id = IDS[n++ % IDS.length];
                try (CountingService service = shop(mode)) {
                    McpTestClient client = McpTestClient.raw(service);
                    client.write(initialize(id, version, "{}"));
                    String early = awaitReply(client, id);
                    client.write(initialize("2", version, "{}")); // answered by the SDK's session
                    String sdk = awaitReply(client, "2");
                    assertThat(afterId(early))
                            .as("%s, version '%s'", mode, version)
                            .isEqualTo(afterId(sdk));
                    client.close();
                }
            }
        }
    }

    @Test
    void initializeAndPlainRequestsAreAnsweredWhileTheServerIsStillBeingBuilt() throws Exception {
        try (CountingService service = shop(Mode.READONLY)) {
            service.modeGate = new CountDownLatch(1); // holds GabyMcpServer.build, the server's second question
            McpTestClient client = McpTestClient.raw(service);
            client.write(initialize("\"init\"", "2025-06-18", "{}"));
            assertThat(awaitReply(client, "\"init\"")).contains("\"protocolVersion\":\"2025-06-18\"");
            client.notify("notifications/initialized", null);
            assertThat(McpTestClient.result(client.request("tools/list", null)).get("tools"))
                    .hasSizeGreaterThan(5);
            assertThat(client.call("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1 AS one"))
                            .toString())
                    .contains("\"rows\":[[1]]");
            service.modeGate.countDown();
            assertThat(McpTestClient.result(client.request("resources/list", null))
                            .get("resources"))
                    .isNotEmpty();
            client.close();
        }
    }

    @Test
    void everyRequestIsAnsweredOnceAndTheSdksSessionIsInitialized() throws Exception {
        try (CountingService service = shop(Mode.READWRITE)) {
            McpTestClient client = McpTestClient.raw(service);
            client.write(initialize("\"init\"", "2025-06-18", "{\"roots\":{\"listChanged\":true},\"sampling\":{}}"));
            client.notify("notifications/initialized", null);
            // through the SDK's session (which refuses requests of a session it has not seen initialized):
            JsonNode viaSdk = client.request(
                    "tools/call",
                    Map.of(
                            "name",
                            "gabysql_query",
                            "arguments",
                            Map.of("db", "shop", "sql", "SELECT 2 AS two"),
                            "_meta",
                            Map.of()));
            assertThat(McpTestClient.result(viaSdk).toString()).contains("\"rows\":[[2]]");
            assertThat(McpTestClient.result(client.request("resources/list", null))
                            .get("resources"))
                    .isNotEmpty();
            client.request("ping", null);
            client.call("gabysql_list_databases", Map.of());
            assertThat(client.closeInputAndAwaitEnd(Duration.ofSeconds(10))).isTrue();
            assertThat(idsOfReplies(client)).containsExactly("init", "1", "2", "3", "4");
        }
    }

    @Test
    void aFirstLineThatIsNotAPlainInitializeIsAnsweredByTheSdkAlone() throws Exception {
        String[] firsts = {
            initialize("1", "2025-06-18", "{\"roots\":{\"listChanged\":\"yes\"}}"),
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"},\"_meta\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\",\"title\":5}}}",
        };
        for (String first : firsts) {
            try (CountingService service = shop(Mode.READONLY)) {
                McpTestClient client = McpTestClient.raw(service);
                client.write(first);
                awaitReply(client, "1");
                client.write(initialize("2", "2025-06-18", "{}"));
                awaitReply(client, "2");
                assertThat(client.closeInputAndAwaitEnd(Duration.ofSeconds(10))).isTrue();
                assertThat(idsOfReplies(client)).as(first).containsExactly("1", "2");
            }
        }
    }

    @Test
    void theVersionsAreTheStdioTransportsOwn() {
        StdioServerTransportProvider stdio = new StdioServerTransportProvider(
                GabyMcpServer.jsonMapper(), new ByteArrayInputStream(new byte[0]), System.err);
        assertThat(EarlyInitialize.PROTOCOL_VERSIONS).isEqualTo(stdio.protocolVersions());
    }

    @Test
    void onlyPlainInitializeRequestsAreAnsweredEarly() {
        assertThat(plain(initialize("1", "2025-06-18", "{}"))).isTrue();
        assertThat(plain(initialize("\"x\"", "v", "{\"experimental\":{\"a\":1},\"roots\":{}}")))
                .isTrue();
        assertThat(plain(initialize("null", "2025-06-18", "{}"))).isFalse();
        assertThat(plain(initialize("1.5", "2025-06-18", "{}"))).isFalse();
        assertThat(plain(initialize("1", "2025-06-18", "[]"))).isFalse();
        assertThat(plain(initialize("1", "2025-06-18", "{\"sampling\":true}"))).isFalse();
        assertThat(plain(initialize("1", "2025-06-18", "{\"roots\":{\"listChanged\":1}}")))
                .isFalse();
        assertThat(plain("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "7,\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}"))
                .isFalse();
        assertThat(plain("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"v\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":1}}}"))
                .isFalse();
        assertThat(plain("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"v\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\"}}}"))
                .isFalse(); // the SDK never answers it
        assertThat(plain("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"))
                .isFalse();
    }

    private static boolean plain(String line) {
        return EarlyInitialize.isPlainInitialize(IncomingLine.parse(line.getBytes(StandardCharsets.UTF_8)));
    }

    private CountingService shop(Mode mode) throws IOException {
        Path home = dir.resolve("db" + databases++);
        Files.createDirectories(home);
        return new CountingService(Shop.service(mode, Shop.sqlite(home)));
    }

    private static String initialize(String idJson, String version, String capabilities) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + version + "\",\"capabilities\":" + capabilities
                + ",\"clientInfo\":{\"name\":\"early-test\",\"version\":\"1\"}}}";
    }

    /** The raw line of the response to the request with this id (as JSON), waiting for it. */
    private static String awaitReply(McpTestClient client, String idJson) throws InterruptedException {
        String start = "{\"jsonrpc\":\"2.0\",\"id\":" + toJsonId(idJson) + ",";
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            for (String frame : client.frames()) {
                if (frame.startsWith(start)) {
                    return frame;
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("no reply to " + idJson + " in " + client.frames());
    }

    /** The id as Jackson writes it back (a \\u escape in a string comes back as the character). */
    private static String toJsonId(String idJson) {
        try {
            return McpTestClient.JSON.writeValueAsString(McpTestClient.JSON.readTree(idJson));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String afterId(String reply) {
        return reply.substring(reply.indexOf(",\"result\""));
    }

    /** The ids of the responses on the server's stdout, in order, as text. */
    private static List<String> idsOfReplies(McpTestClient client) throws IOException {
        List<String> ids = new ArrayList<>();
        for (String frame : client.frames()) {
            JsonNode message = McpTestClient.JSON.readTree(frame);
            if (!message.has("method")) {
                ids.add(message.get("id").asText());
            }
        }
        return ids;
    }
}
