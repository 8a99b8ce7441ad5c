package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approval by a person through a real MCP client nobody here wrote (docs/design.md#approval): the official
 * TypeScript SDK client ({@code src/test/node/elicit-client.mjs}) drives {@code gabysql mcp} over stdio on a SQLite
 * file in readwrite, approval human (the default, nothing configured). A client that declared elicitation asks its
 * person in the call: accept commits once; reject, decline and cancel commit nothing. A client without the
 * capability gets {@code awaiting_approval}, never a commit. The file is read after each session. The account's
 * approval store is kept in the test's directory ({@code user.home}).
 */
final class McpApprovalIT {
    private static final Path JAR = Path.of(System.getProperty("gabysql.jar", "target/gabysql.jar"));
    private static final String[] SHOP = {
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),"
                + " status TEXT NOT NULL)",
        "INSERT INTO customers VALUES (1, 'Ana'), (2, 'Luis')",
        "INSERT INTO orders VALUES (10, 1, 'paid'), (11, 2, 'shipped'), (12, 1, 'paid')",
    };
    private static final String DELETE = "DELETE FROM orders WHERE customer_id = 1";

    @TempDir
    Path dir;

    @Test
    void onlyThePersonsApproveInTheClientCommits() throws Exception {
        NodeClient.require();
        Path file = TestDatabases.sqliteFile(dir, "shop", SHOP);
        JsonNode refused = sessions(file, "plain", null, "decline", "decline", "cancel", "cancel", "reject", "reject");
        for (String name : List.of("plain", "decline", "cancel", "reject")) {
            JsonNode s = refused.at("/sessions/" + name);
            assertThat(s.has("threw")).as("%s: %s", name, s).isFalse();
            assertThat(s.at("/databases/databases/0/approval").asText()).isEqualTo("human");
            assertThat(s.at("/write/confirm_token").isMissingNode()).isTrue();
        }
        JsonNode plain = refused.at("/sessions/plain");
        assertThat(plain.at("/write/status").asText()).isEqualTo("awaiting_approval");
        assertThat(plain.at("/write/next_step").asText()).contains("gabysql approve");
        assertThat(plain.at("/status/status").asText()).isEqualTo("pending");
        assertThat(plain.get("asked")).isEmpty();
        for (String name : List.of("decline", "cancel", "reject")) {
            JsonNode s = refused.at("/sessions/" + name);
            assertThat(s.get("asked")).as(name).hasSize(1);
            assertThat(s.at("/write/status").asText()).as(name).isEqualTo("rejected");
            assertThat(s.at("/status/status").asText()).as(name).isEqualTo("rejected");
        }
        assertThat(orders(file)).as("nothing committed").isEqualTo(3);

        JsonNode accepted = sessions(file, "accept", "accept").at("/sessions/accept");
        assertThat(accepted.has("threw")).as("%s", accepted).isFalse();
        assertThat(accepted.at("/write/status").asText()).isEqualTo("committed");
        assertThat(accepted.at("/write/affected_rows").asInt()).isEqualTo(2);
        assertThat(accepted.at("/status/status").asText()).isEqualTo("committed");
        JsonNode asked = accepted.at("/asked/0");
        assertThat(asked.get("message").asText()).contains(DELETE, "`shop`", "orders \u22122", "Sample rows");
        assertThat(asked.at("/requestedSchema/required/0").asText()).isEqualTo("decision");
        assertThat(accepted.get("writeText").asText()).doesNotContain("confirm_token");
        assertThat(orders(file)).as("committed once").isEqualTo(1);
        Files.writeString(
                Path.of("target", "elicitation-transcript.json"),
                StdioProcess.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(accepted.get("transcript")));

        JsonNode plainAgain = sessions(file, "plain", null).at("/sessions/plain");
        assertThat(plainAgain.at("/write/status").asText()).isEqualTo("awaiting_approval");
        assertThat(plainAgain.at("/write/affected_rows").asInt()).isZero();
        assertThat(orders(file)).isEqualTo(1);
    }

    /** Sessions as name, elicit pairs (elicit null: no elicitation capability). */
    private JsonNode sessions(Path file, String... nameThenElicit) throws Exception {
        List<Map<String, Object>> sessions = new java.util.ArrayList<>();
        for (int i = 0; i < nameThenElicit.length; i += 2) {
            Map<String, Object> s = new java.util.HashMap<>();
            s.put("name", nameThenElicit[i]);
            s.put("elicit", nameThenElicit[i + 1]);
            sessions.add(s);
        }
        Path home = dir.resolve("home");
        Files.createDirectories(home);
        return NodeClient.run(
                "elicit-client.mjs",
                List.of("-Duser.home=" + home),
                JAR,
                List.of("mcp", "--db", "shop=" + file, "--mode", "readwrite", "--audit-log", "none"),
                Map.of("db", "shop", "sql", DELETE, "sessions", sessions),
                dir);
    }

    private static int orders(Path file) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            return Integer.parseInt(TestDatabases.firstRow(c, "SELECT count(*) FROM orders"));
        }
    }
}
