package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A curated-tools-only setup (docs/configuration.md#curated-tools) through a real MCP client nobody here wrote: the
 * official TypeScript SDK client ({@code src/test/node/curated-client.mjs}) drives {@code gabysql mcp --config} with
 * {@code tools = ["curated"]} on a SQLite file in readwrite, approval human. The client sees the curated tools only,
 * with their exact schemas; a mistyped value and an injection run nothing harmful; a client without elicitation
 * gets {@code awaiting_approval}, one with it commits once through its person's yes. The file is read afterwards.
 */
final class CuratedToolsIT {
    private static final Path JAR = Path.of(System.getProperty("gabysql.jar", "target/gabysql.jar"));

    @TempDir
    Path dir;

    @Test
    void aCuratedOnlyServerWorksWithTheTypeScriptClient() throws Exception {
        NodeClient.require();
        Path file = TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
                "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, status TEXT NOT NULL)",
                "INSERT INTO customers VALUES (1, 'Ana'), (2, 'Luis')",
                "INSERT INTO orders VALUES (10, 1, 'paid'), (11, 1, 'shipped'), (12, 2, 'paid')");
        Path config = dir.resolve("gabysql.toml");
        Files.writeString(config, toml(file));
        Path home = dir.resolve("home");
        Files.createDirectories(home);
        JsonNode out = NodeClient.run(
                "curated-client.mjs",
                List.of("-Duser.home=" + home),
                JAR,
                List.of("mcp", "--config", config.toString(), "--audit-log", "none"),
                Map.of("sessions", List.of(Map.of("name", "plain"), Map.of("name", "accept", "elicit", "accept"))),
                dir);

        JsonNode plain = out.at("/sessions/plain");
        assertThat(plain.has("threw")).as("%s", plain).isFalse();
        List<String> names = new java.util.ArrayList<>();
        plain.get("tools").forEach(t -> names.add(t.get("name").asText()));
        assertThat(names).containsExactly("orders_of_customer", "customer_named", "cancel_order");
        assertThat(plain.at("/tools/0/inputSchema").toString())
                .isEqualTo("{\"type\":\"object\",\"properties\":{\"customer_id\":{\"type\":\"integer\",\"minimum\":1}},"
                        + "\"required\":[\"customer_id\"],\"additionalProperties\":false}");
        assertThat(plain.at("/instructions").asText()).contains("Writes go through the curated tools only.");
        assertThat(plain.at("/wrongType/isError").asBoolean()).isTrue();
        assertThat(plain.at("/wrongType/error/code").asText()).isEqualTo("BAD_REQUEST");
        assertThat(plain.at("/injection/row_count").asInt()).isZero();
        assertThat(plain.at("/read/row_count").asInt()).isEqualTo(2);
        assertThat(plain.at("/freeSql/threw").asText()).contains("Unknown tool");
        assertThat(plain.at("/write/status").asText()).isEqualTo("awaiting_approval");
        assertThat(plain.at("/write/next_step").asText()).contains("cancel_order", "approval_id");

        JsonNode accept = out.at("/sessions/accept");
        assertThat(accept.has("threw")).as("%s", accept).isFalse();
        assertThat(accept.get("asked")).hasSize(1);
        assertThat(accept.at("/asked/0/message").asText()).contains("UPDATE orders SET status = 'cancelled'", "10");
        assertThat(accept.at("/write/status").asText()).isEqualTo("committed");
        assertThat(status(file, 10)).isEqualTo("cancelled");
        assertThat(status(file, 12)).isEqualTo("paid");
        assertThat(TestDatabases.firstRow("jdbc:sqlite:" + file, "SELECT count(*) FROM customers"))
                .isEqualTo("2");
    }

    /**
     * A write tool on a server whose mode does not allow it stops {@code gabysql mcp} before anything is served: exit 2
     * (CONFIG_INVALID), stdout empty (no frame written), the entry, the tool and the rule on stderr.
     */
    @Test
    void aToolTheModeDoesNotAllowStopsTheStart() throws Exception {
        Path file = TestDatabases.sqliteFile(dir, "shop", "CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT)");
        Path config = dir.resolve("gabysql.toml");
        Files.writeString(config, toml(file).replace("mode = \"readwrite\"", "mode = \"readonly\""));
        GabysqlProcess.Result r =
                GabysqlProcess.gabysql(dir, Map.of(), "", "mcp", "--config", config.toString(), "--audit-log", "none");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .contains(
                        "error [CONFIG_INVALID]: Curated tool `tools[2]` (`cancel_order`): its statement (UPDATE) needs"
                                + " mode readwrite, but database `shop` is used readonly here");
        assertThat(TestDatabases.firstRow("jdbc:sqlite:" + file, "SELECT count(*) FROM orders"))
                .isEqualTo("0");
    }

    private static String status(Path file, int id) {
        return TestDatabases.firstRow("jdbc:sqlite:" + file, "SELECT status FROM orders WHERE id = " + id);
    }

    private static String toml(Path file) {
        return String.join(
                "\n",
                "[server]",
                "mode = \"readwrite\"",
                "tools = [\"curated\"]",
                "[[databases]]",
                "name = \"shop\"",
                "url = \"jdbc:sqlite:" + file + "\"",
                "[[tools]]",
                "name = \"orders_of_customer\"",
                "description = \"The orders of one customer.\"",
                "database = \"shop\"",
                "sql = \"SELECT id, status FROM orders WHERE customer_id = :customer_id ORDER BY id\"",
                "[[tools.params]]",
                "name = \"customer_id\"",
                "type = \"integer\"",
                "minimum = 1",
                "[[tools]]",
                "name = \"customer_named\"",
                "description = \"One customer by name.\"",
                "database = \"shop\"",
                "sql = \"SELECT id FROM customers WHERE name = :name\"",
                "[[tools.params]]",
                "name = \"name\"",
                "type = \"string\"",
                "[[tools]]",
                "name = \"cancel_order\"",
                "description = \"Cancel one paid order.\"",
                "database = \"shop\"",
                "access = \"write\"",
                "sql = \"UPDATE orders SET status = 'cancelled' WHERE id = :order_id AND status = 'paid'\"",
                "[[tools.params]]",
                "name = \"order_id\"",
                "type = \"integer\"",
                "");
    }
}
