package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.Mode;
import dev.gabysql.mcp.CountingService;
import dev.gabysql.mcp.McpTestClient;
import dev.gabysql.mcp.Shop;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stdio session builds the SDK's server only when a line needs it or the client pauses: plain requests and
 * cancellations never wait for it, and a request only the SDK answers still gets its answer.
 */
final class SdkDemandTest {
    private static final String FOREVER =
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)" + " SELECT count(*) FROM c";

    @TempDir
    Path dir;

    @Test
    void aWantedServerIsBuiltAtOnceAndNoneAfterTheInputEnded() throws Exception {
        SdkDemand wanted = new SdkDemand();
        wanted.want();
        ClientActivity busy = new ClientActivity();
        busy.requestStarted();
        EndOfInput open = new EndOfInput(new ByteArrayInputStream(new byte[0]));
        assertThat(wanted.await(open, busy)).isTrue();

        EndOfInput ended = new EndOfInput(new ByteArrayInputStream(new byte[0]));
        ended.end();
        assertThat(new SdkDemand().await(ended, busy)).isFalse();

        ClientActivity quiet = new ClientActivity(); // nothing in flight: quiet once QUIET has passed
        assertThat(new SdkDemand().await(open, quiet)).isTrue();
    }

    @Test
    void aBusyClientWithPlainRequestsNeverWaitsForTheServerAndAnSdkRequestBuildsIt() throws Exception {
        try (CountingService service = new CountingService(Shop.service(Mode.READONLY, Shop.sqlite(dir)))) {
            service.queryGate = new CountDownLatch(1); // keeps a call in flight: the client is never quiet
            McpTestClient client = McpTestClient.start(service);
            CompletableFuture<JsonNode> held = client.send(
                    "tools/call",
                    Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", "SELECT 1 AS one")),
                    client.nextId());
            assertThat(McpTestClient.result(client.request("tools/list", null)).get("tools"))
                    .isNotEmpty();
            Thread.sleep(4 * SdkDemand.QUIET.toMillis());
            assertThat(service.modeCalls()).as("the SDK's server was built").isEqualTo(1);

            JsonNode resources = client.request("resources/list", null); // only the SDK's session answers it
            assertThat(McpTestClient.result(resources).get("resources")).isNotEmpty();
            assertThat(service.modeCalls()).isEqualTo(2);
            service.queryGate.countDown();
            assertThat(McpTestClient.result(McpTestClient.await(held)).toString())
                    .contains("\"rows\":[[1]]");
            client.close();
        }
    }

    @Test
    void aDirectCallIsCancelledWhileTheServerIsStillBeingBuilt() throws Exception {
        try (CountingService service = new CountingService(Shop.service(Mode.READONLY, Shop.sqlite(dir)))) {
            service.modeGate = new CountDownLatch(1); // holds GabyMcpServer.build once it starts
            McpTestClient client = McpTestClient.start(service);
            long id = client.nextId();
            CompletableFuture<JsonNode> call = client.send(
                    "tools/call",
                    Map.of("name", "gabysql_query", "arguments", Map.of("db", "shop", "sql", FOREVER)),
                    id);
            Thread.sleep(300);
            client.notify("notifications/cancelled", Map.of("requestId", id));
            JsonNode result = McpTestClient.result(McpTestClient.await(call));
            assertThat(result.at("/structuredContent/error/code").asText()).isEqualTo("CANCELLED");
            service.modeGate.countDown();
            client.close();
        }
    }
}
