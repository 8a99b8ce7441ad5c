package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.Mode;
import dev.gabysql.mcp.GabyMcpServer;
import dev.gabysql.mcp.tool.ToolSelection;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gabysql serve --mcp-tools}: the sessions at /mcp list only the selected tools and call no other. */
class McpHttpToolsTest {
    @TempDir
    Path dir;

    @Test
    void theSelectedToolsAloneAreListedAndCallable() {
        ServerOptions.Mcp mcp = ServerOptions.Mcp.DEFAULT;
        ServerOptions options = ServerOptions.defaults()
                .withPort(0)
                .withMcp(new ServerOptions.Mcp(
                        mcp.version(),
                        mcp.keepAlive(),
                        mcp.sessionTimeout(),
                        mcp.maxSessions(),
                        ToolSelection.parse(List.of("minimal"))));
        try (TestServer server = TestServer.start(TestServer.list(TestServer.shop(dir)), Mode.READWRITE, options);
                McpSyncClient c = client(server)) {
            assertThat(c.listTools().tools().stream().map(McpSchema.Tool::name))
                    .containsExactly("gabysql_describe_database", "gabysql_query");
            assertThat(c.callTool(new McpSchema.CallToolRequest(
                                    "gabysql_query", Map.of("db", "shop", "sql", "SELECT 1 AS one")))
                            .isError())
                    .isNotEqualTo(Boolean.TRUE);
            assertThatThrownBy(() -> c.callTool(new McpSchema.CallToolRequest(
                            "gabysql_execute", Map.of("db", "shop", "sql", "DELETE FROM orders WHERE id = 10"))))
                    .hasMessageContaining("Unknown tool");
        }
    }

    private static McpSyncClient client(TestServer server) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        server.uri().toString())
                .endpoint("/mcp")
                .jsonMapper(GabyMcpServer.jsonMapper())
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("mcp-http-tools-test", "1"))
                .build();
        client.initialize();
        return client;
    }
}
