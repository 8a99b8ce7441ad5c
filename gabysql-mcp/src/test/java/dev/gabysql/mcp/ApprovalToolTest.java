package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gabysql_execute} with approval human (docs/design.md#approval), over stdio against a real SQLite file: a
 * client without elicitation gets {@code awaiting_approval} and an id that commits nothing; a client with it asks
 * its person in the same call, and only their approve commits — once. Decline, cancel, a reject, an error or a
 * cancelled call commit nothing. Each case reads the database file afterwards.
 */
final class ApprovalToolTest {
    private static final Map<String, Object> DELETE =
            Map.of("db", "shop", "sql", "DELETE FROM orders WHERE customer_id = ?", "params", List.of(1));
    private static final Map<String, Object> ELICITATION = Map.of("elicitation", Map.of());

    @TempDir
    Path dir;

    CountingService service;

    @BeforeEach
    void open() {
        DatabaseConfig shop = Shop.sqlite(dir);
        DatabaseConfig other = DatabaseConfig.sqlite("other", TestDatabases.sqliteFile(dir, "other", Shop.SQL));
        service = new CountingService(Shop.humanService(Mode.READWRITE, dir.resolve("approvals"), shop, other));
    }

    @AfterEach
    void close() {
        service.close();
    }

    @Test
    void aClientWithoutElicitationGetsAnApprovalIdThatCommitsNothing() throws Exception {
        try (McpTestClient client = McpTestClient.start(service)) {
            ToolAssert tools = new ToolAssert(client);
            JsonNode r = tools.ok("gabysql_execute", DELETE);
            assertThat(r.get("status").asText()).isEqualTo("awaiting_approval");
            assertThat(r.get("approval_id").asText()).startsWith("apr_");
            assertThat(r.get("affected_rows").asInt()).isEqualTo(2);
            assertThat(r.has("confirm_token")).isFalse();
            assertThat(r.get("next_step").asText()).contains("gabysql approve", "approval_id");
            assertThat(client.frames()).noneMatch(f -> f.contains("confirm_token\":\""));
            assertThat(client.serverRequests()).isEmpty();
            assertThat(orders()).isEqualTo(4);

            String id = r.get("approval_id").asText();
            JsonNode pending = tools.ok("gabysql_execute", Map.of("db", "shop", "approval_id", id));
            assertThat(pending.get("status").asText()).isEqualTo("pending");
            assertThat(pending.get("next_step").asText()).contains("gabysql approve");
            assertThat(orders()).isEqualTo(4);

            // a person decides elsewhere (a terminal); the agent learns the outcome with the id
            service.decide(CallContext.of("cli").withClient("alice"), id, true);
            JsonNode committed = tools.ok("gabysql_execute", Map.of("db", "shop", "approval_id", id));
            assertThat(committed.get("status").asText()).isEqualTo("committed");
            assertThat(committed.get("affected_rows").asInt()).isEqualTo(2);
            assertThat(orders()).isEqualTo(2);
        }
    }

    @Test
    void aRejectedWriteSaysSoAndAForgedOrForeignIdIsNotFound() throws Exception {
        try (McpTestClient client = McpTestClient.start(service)) {
            ToolAssert tools = new ToolAssert(client);
            String id = tools.ok("gabysql_execute", DELETE).get("approval_id").asText();
            service.decide(CallContext.of("cli").withClient("alice"), id, false);
            JsonNode rejected = tools.ok("gabysql_execute", Map.of("db", "shop", "approval_id", id));
            assertThat(rejected.get("status").asText()).isEqualTo("rejected");
            assertThat(rejected.get("next_step").asText()).contains("nothing was committed");

            tools.error("gabysql_execute", Map.of("db", "other", "approval_id", id), ErrorCode.APPROVAL_NOT_FOUND);
            tools.error(
                    "gabysql_execute",
                    Map.of("db", "shop", "approval_id", "apr_" + "0".repeat(32)),
                    ErrorCode.APPROVAL_NOT_FOUND);
            tools.error(
                    "gabysql_execute",
                    Map.of("db", "shop", "approval_id", "../../etc/passwd"),
                    ErrorCode.APPROVAL_NOT_FOUND);
            tools.error("gabysql_execute", Map.of("db", "shop"), ErrorCode.EMPTY_SQL);
            assertThat(orders()).isEqualTo(4);
            assertThat(orders("other")).isEqualTo(4);
        }
    }

    @Test
    void aConfirmTokenFromTheModelCommitsNothing() throws Exception {
        try (McpTestClient client = McpTestClient.start(service)) {
            ToolAssert tools = new ToolAssert(client);
            String id = tools.ok("gabysql_execute", DELETE).get("approval_id").asText();
            Map<String, Object> replay = new java.util.HashMap<>(DELETE);
            replay.put("confirm_token", id);
            tools.error("gabysql_execute", replay, ErrorCode.APPROVAL_REQUIRED);
            assertThat(orders()).isEqualTo(4);
        }
    }

    @Test
    void listDatabasesSaysWhoApproves() throws Exception {
        try (McpTestClient client = McpTestClient.start(service)) {
            JsonNode dbs = new ToolAssert(client).ok("gabysql_list_databases", Map.of());
            assertThat(dbs.at("/databases/0/approval").asText()).isEqualTo("human");
        }
    }

    @Test
    void approvedInTheClientCommitsOnceInTheSameCall() throws Exception {
        try (McpTestClient client = eliciting(r -> accept("approve"))) {
            JsonNode r = new ToolAssert(client).ok("gabysql_execute", DELETE);
            assertThat(r.get("status").asText()).isEqualTo("committed");
            assertThat(r.get("affected_rows").asInt()).isEqualTo(2);
            assertThat(r.has("confirm_token")).isFalse();
            assertThat(orders()).isEqualTo(2);

            JsonNode ask = client.serverRequests().get(0);
            assertThat(ask.get("method").asText()).isEqualTo("elicitation/create");
            String message = ask.at("/params/message").asText();
            assertThat(message)
                    .contains("`shop`", "mode readwrite", "DELETE FROM orders WHERE customer_id = ?")
                    .contains("Parameters: [1]", "Rows affected: 2", "Blast radius: orders \u22122")
                    .contains("Sample rows (2 of 2)", "10 | 1 | paid | 24.9");
            assertThat(ask.at("/params/requestedSchema/required").toString()).isEqualTo("[\"decision\"]");
            assertThat(ask.at("/params/requestedSchema/properties/decision/enum")
                            .toString())
                    .isEqualTo("[\"approve\",\"reject\"]");
            assertThat(service.decisions.get()).isEqualTo(1);
            assertThat(service.lastApprover.frontEnd()).isEqualTo("mcp");
            assertThat(service.lastApprover.client()).isEqualTo("gabysql-test");

            String id = r.get("approval_id").asText();
            JsonNode again = new ToolAssert(client).ok("gabysql_execute", Map.of("db", "shop", "approval_id", id));
            assertThat(again.get("status").asText()).isEqualTo("committed");
            PendingWrite w = service.pendingWrites(CallContext.of("cli")).stream()
                    .filter(p -> p.id().equals(id))
                    .findFirst()
                    .orElse(null);
            assertThat(w).as("no longer pending").isNull();
            assertThat(orders()).isEqualTo(2);
        }
    }

    @Test
    void declineCancelAndRejectCommitNothing() throws Exception {
        for (Object answer : List.of(
                Map.of("action", "decline"),
                Map.of("action", "cancel"),
                accept("reject"),
                Map.of("action", "accept", "content", Map.of()))) {
            try (McpTestClient client = eliciting(r -> answer)) {
                JsonNode r = new ToolAssert(client).ok("gabysql_execute", DELETE);
                assertThat(r.get("status").asText()).as("%s", answer).isEqualTo("rejected");
                assertThat(r.get("affected_rows").asInt()).isZero();
                assertThat(r.get("notes").toString()).contains("by the user", "database is unchanged");
                assertThat(orders()).as("%s", answer).isEqualTo(4);
                String id = r.get("approval_id").asText();
                JsonNode later = new ToolAssert(client).ok("gabysql_execute", Map.of("db", "shop", "approval_id", id));
                assertThat(later.get("status").asText()).isEqualTo("rejected");
            }
        }
        assertThat(orders()).isEqualTo(4);
    }

    @Test
    void whenTheClientFailsToAskTheWriteStaysPending() throws Exception {
        try (McpTestClient client = eliciting(r -> {
            throw new IllegalStateException("no UI");
        })) {
            JsonNode r = new ToolAssert(client).ok("gabysql_execute", DELETE);
            assertThat(r.get("status").asText()).isEqualTo("awaiting_approval");
            assertThat(r.get("notes").get(0).asText()).contains("did not get an answer");
            assertThat(r.get("next_step").asText()).contains("gabysql approve");
            assertThat(orders()).isEqualTo(4);
            JsonNode later = new ToolAssert(client)
                    .ok(
                            "gabysql_execute",
                            Map.of(
                                    "db",
                                    "shop",
                                    "approval_id",
                                    r.get("approval_id").asText()));
            assertThat(later.get("status").asText()).isEqualTo("pending");
            assertThat(service.decisions.get()).isZero();
        }
        assertThat(orders()).isEqualTo(4);
    }

    @Test
    void aClientThatElicitsHasItsWritesAnsweredByTheSdkAndItsReadsDirectly() throws Exception {
        try (McpTestClient client = eliciting(r -> accept("reject"))) {
            new ToolAssert(client).ok("gabysql_execute", DELETE);
            assertThat(service.lastExecuteThread).startsWith("boundedElastic");
            client.call("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1"));
            assertThat(service.lastQueryThread).startsWith("gabysql-mcp-");
        }
        try (McpTestClient plain = McpTestClient.start(service)) {
            new ToolAssert(plain).ok("gabysql_execute", DELETE);
            assertThat(service.lastExecuteThread).startsWith("gabysql-mcp-");
        }
        assertThat(orders()).isEqualTo(4);
    }

    private McpTestClient eliciting(Function<JsonNode, Object> person) throws Exception {
        McpTestClient client = McpTestClient.raw(service);
        client.onServerRequest(person);
        client.initialize(ELICITATION);
        return client;
    }

    private static Map<String, Object> accept(String decision) {
        return Map.of("action", "accept", "content", Map.of("decision", decision));
    }

    private int orders() throws Exception {
        return orders("shop");
    }

    /** Read from the file itself, not through gabysql. */
    private int orders(String db) throws Exception {
        Path file = dir.resolve(db + ".db"); // TestDatabases.sqliteFile's name
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            return Integer.parseInt(TestDatabases.firstRow(c, "SELECT count(*) FROM orders"));
        }
    }
}
