package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.testing.TestDatabases;
import dev.gabysql.mcp.GabyMcpServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approval by a person over Streamable HTTP (docs/design.md#approval), with the MCP Java SDK's own client in a
 * stateful session: a client that declared elicitation is asked in the call (approve commits once, decline commits
 * nothing); one that did not gets {@code awaiting_approval} and is pointed at the server's approvers. The SQLite file
 * is read afterwards each time.
 */
class McpHttpApprovalTest {
    static final String WRITER = "writer-token-0123456789";
    static final Map<String, Object> DELETE = Map.of("db", "shop", "sql", "DELETE FROM orders WHERE customer_id = 1");

    @TempDir
    static Path dir;

    static TestServer server;
    static URI base;

    @BeforeAll
    static void start() {
        server = TestServer.startHuman(
                TestServer.list(TestServer.shop(dir)),
                Mode.READWRITE,
                ServerOptions.defaults().withTokens(List.of(ApiToken.parse(WRITER, "writer"))),
                dir.resolve("approvals"));
        base = server.uri();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static McpSyncClient client(Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> person) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base.toString())
                .endpoint("/mcp")
                .jsonMapper(GabyMcpServer.jsonMapper())
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + WRITER))
                .build();
        McpClient.SyncSpec spec = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("mcp-http-person", "1"));
        if (person != null) {
            spec.capabilities(
                            McpSchema.ClientCapabilities.builder().elicitation().build())
                    .elicitation(person);
        }
        McpSyncClient client = spec.build();
        client.initialize();
        return client;
    }

    @Test
    void aPersonApprovesInTheClientAndTheWriteCommitsOnce() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        try (McpSyncClient c = client(form -> {
            asked.add(form.message());
            return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, Map.of("decision", "approve"));
        })) {
            assertThat(orders()).isEqualTo(3);
            McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest("gabysql_execute", DELETE));
            assertThat(r.isError()).isNotEqualTo(Boolean.TRUE);
            assertThat(structured(r).get("status")).isEqualTo("committed");
            assertThat(asked).hasSize(1);
            assertThat(asked.get(0)).contains("DELETE FROM orders WHERE customer_id = 1", "orders \u22122");
            assertThat(orders()).isEqualTo(1);
        }
    }

    @Test
    void aDeclineCommitsNothingAndAClientThatCannotAskIsPointedAtTheApprovers() throws Exception {
        Map<String, Object> delete = Map.of("db", "shop", "sql", "DELETE FROM orders WHERE customer_id = 2");
        int before = orders();
        try (McpSyncClient c =
                client(form -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.DECLINE, null))) {
            McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest("gabysql_execute", delete));
            assertThat(structured(r).get("status")).isEqualTo("rejected");
        }
        assertThat(orders()).isEqualTo(before);
        try (McpSyncClient c = client(null)) {
            McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest("gabysql_execute", delete));
            Map<String, Object> s = structured(r);
            assertThat(s.get("status")).isEqualTo("awaiting_approval");
            assertThat(s).doesNotContainKey("confirm_token");
            assertThat((String) s.get("next_step")).contains("/approvals");
        }
        assertThat(orders()).isEqualTo(before);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(McpSchema.CallToolResult r) {
        return (Map<String, Object>) r.structuredContent();
    }

    private static int orders() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("shop.db"))) {
            return Integer.parseInt(TestDatabases.firstRow(c, "SELECT count(*) FROM orders"));
        }
    }
}
