package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.testing.TestDatabases;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gabysql serve} from the packaged jar, driven by the official MCP TypeScript SDK: over Streamable HTTP at
 * /mcp (tokens, caps, writes, cancellation), and through the gateway — {@code gabysql mcp --server} on stdio, a
 * second process that opens no database — on PostgreSQL and SQLite.
 */
final class ServeMcpIT {
    private static final Path JAR = Path.of(System.getProperty("gabysql.jar", "target/gabysql.jar"));
    static final String WRITER = "it-writer-token-0123456789";
    static final String READER = "it-reader-token-0123456789";
    private static final String[] SHOP = {
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT)",
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),"
                + " status TEXT NOT NULL)",
        "INSERT INTO customers VALUES (1, 'Ana', 'Madrid'), (2, 'Luis', NULL)",
        "INSERT INTO orders VALUES (10, 1, 'paid'), (11, 2, 'shipped'), (12, 1, 'paid')",
    };

    @TempDir
    static Path dir;

    static String pgUrl;
    static Process serve;
    static String base;

    @BeforeAll
    static void start() throws Exception {
        NodeClient.require();
        pgUrl = TestDatabases.newPostgresDatabase();
        TestDatabases.run(pgUrl, SHOP);
        Path lite = TestDatabases.sqliteFile(dir, "lite", SHOP);
        int port = ServeIT.freePort();
        Path err = dir.resolve("serve-stderr.txt");
        serve = ServeIT.start(
                err,
                "serve",
                "--db",
                "shop=" + pgUrl,
                "--db",
                "lite=" + lite,
                "--mode",
                "readwrite",
                // the writer token's preview and confirm-token round trip: approval agent, chosen explicitly
                "--approval",
                "agent",
                "--port",
                String.valueOf(port),
                "--audit-log",
                "none",
                "--token",
                WRITER,
                "--token",
                READER + ":readonly");
        ServeIT.waitFor(err, "listening on");
        base = "http://127.0.0.1:" + port;
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (serve != null) {
            serve.destroy();
            serve.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void typeScriptClientOverStreamableHttpWithAWriterToken() throws Exception {
        JsonNode s = http(Map.of(
                "token",
                WRITER,
                "db",
                "shop",
                "okSql",
                "SELECT id, status FROM orders ORDER BY id",
                "writeSql",
                "UPDATE orders SET status = 'refunded' WHERE id = 11",
                "slowSql",
                "SELECT pg_sleep(30)"));
        assertThat(s.at("/server/name").asText()).isEqualTo("gabysql");
        assertThat(s.at("/sessionId").asText()).isNotBlank();
        assertThat(names(s.get("tools"))).contains("gabysql_query", "gabysql_execute", "gabysql_describe_database");
        assertThat(s.at("/calls/query/rowCount").asInt()).isEqualTo(3);
        assertThat(s.at("/calls/refused_write/isError").asBoolean()).isTrue();
        assertThat(s.at("/calls/unknown_db/code").asText()).isEqualTo("UNKNOWN_DATABASE");
        assertThat(s.at("/calls/preview/structured/status").asText()).isEqualTo("previewed");
        assertThat(s.at("/calls/commit/structured/status").asText()).isEqualTo("committed");
        assertThat(count("SELECT count(*) FROM orders WHERE status = 'refunded'"))
                .isEqualTo(1);
        assertThat(s.at("/calls/cancelled/ms").asLong()).isLessThan(10_000);
        assertThat(s.at("/calls/after_cancel/isError").asBoolean(true)).isFalse();
        assertThat(count("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                        + " AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()"))
                .isZero();
        assertThat(s.get("resources").toString()).contains("gabysql://catalog");
    }

    /**
     * Two {@code serve --mcp-stateless} replicas over the same databases, sharing a confirm key: the TypeScript
     * client's requests go to each in turn (no session, no stickiness), its preview on one is confirmed on the other,
     * a readonly token has no write tool on either, and a cancellation reaches the statement on the replica that runs
     * it.
     */
    @Test
    void typeScriptClientOverStatelessReplicas() throws Exception {
        List<Process> replicas = new java.util.ArrayList<>();
        try {
            List<String> urls = new java.util.ArrayList<>();
            for (String name : List.of("a", "b")) {
                int port = ServeIT.freePort();
                Path err = workDir("stateless-" + name).resolve("serve-stderr.txt");
                replicas.add(ServeIT.start(
                        err,
                        Map.of("GABYSQL_CONFIRM_KEY", "it-shared-confirm-key-0123456789abcdef"),
                        "serve",
                        "--mcp-stateless",
                        "--db",
                        "shop=" + pgUrl,
                        "--mode",
                        "readwrite",
                        "--approval",
                        "agent",
                        "--port",
                        String.valueOf(port),
                        "--audit-log",
                        "none",
                        "--token",
                        WRITER,
                        "--token",
                        READER + ":readonly"));
                ServeIT.waitFor(err, "listening on");
                assertThat(Files.readString(err)).contains("/mcp stateless");
                urls.add("http://127.0.0.1:" + port + "/mcp");
            }
            JsonNode s = http(Map.of(
                    "urls",
                    urls,
                    "token",
                    WRITER,
                    "db",
                    "shop",
                    "okSql",
                    "SELECT id, status FROM orders ORDER BY id",
                    "writeSql",
                    "UPDATE orders SET status = 'returned' WHERE id = 12"));
            assertThat(s.at("/server/name").asText()).isEqualTo("gabysql");
            assertThat(s.path("sessionId").isMissingNode()).as("no session").isTrue();
            assertThat(s.at("/served/0").asInt()).isGreaterThanOrEqualTo(5);
            assertThat(s.at("/served/1").asInt()).isGreaterThanOrEqualTo(5);
            assertThat(names(s.get("tools"))).contains("gabysql_query", "gabysql_execute");
            assertThat(s.at("/calls/query/rowCount").asInt()).isEqualTo(3);
            assertThat(s.at("/calls/refused_write/isError").asBoolean()).isTrue();
            assertThat(s.at("/calls/unknown_db/code").asText()).isEqualTo("UNKNOWN_DATABASE");
            assertThat(s.at("/calls/preview/structured/status").asText()).isEqualTo("previewed");
            assertThat(s.at("/calls/commit/structured/status").asText()).isEqualTo("committed");
            assertThat(count("SELECT count(*) FROM orders WHERE status = 'returned'"))
                    .isEqualTo(1);
            assertThat(s.get("resources").toString()).contains("gabysql://catalog");
            assertThat(s.get("prompts").toString()).contains("explore_database");

            JsonNode reader = http(Map.of("urls", urls, "token", READER, "db", "shop", "okSql", "SELECT 1 AS one"));
            assertThat(names(reader.get("tools"))).contains("gabysql_query").doesNotContain("gabysql_execute");

            JsonNode cancel = http(Map.of(
                    "url",
                    urls.get(0),
                    "token",
                    WRITER,
                    "db",
                    "shop",
                    "okSql",
                    "SELECT 1 AS one",
                    "slowSql",
                    "SELECT pg_sleep(30) AS stateless_it"));
            assertThat(cancel.at("/calls/cancelled/ms").asLong()).isLessThan(10_000);
            assertThat(cancel.at("/calls/after_cancel/isError").asBoolean(true)).isFalse();
            assertThat(count("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                            + " AND query LIKE '%stateless_it%' AND pid <> pg_backend_pid()"))
                    .isZero();
        } finally {
            for (Process p : replicas) {
                p.destroy();
                p.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aReadonlyTokensSessionHasNoWriteTool() throws Exception {
        JsonNode s = http(Map.of("token", READER, "db", "lite", "okSql", "SELECT * FROM customers"));
        assertThat(names(s.get("tools"))).contains("gabysql_query").doesNotContain("gabysql_execute");
        assertThat(s.at("/calls/query/rowCount").asInt()).isEqualTo(2);
    }

    @Test
    void noTokenNoSession() throws Exception {
        JsonNode s = http(Map.of("token", "", "db", "lite", "okSql", "SELECT 1"));
        assertThat(s.at("/connectError").asText()).contains("UNAUTHORIZED");
    }

    @Test
    void gatewayOnPostgresReadonlyWithCancellationPassedOn() throws Exception {
        JsonNode s = NodeClient.run(
                JAR,
                List.of("mcp", "--server", base, "--token", WRITER),
                Map.of(
                        "db",
                        "shop",
                        "table",
                        "orders",
                        "pattern",
                        "cust",
                        "okSql",
                        "SELECT id, status FROM orders ORDER BY id",
                        "hugeSql",
                        "SELECT g FROM generate_series(1, 100000) AS g",
                        "slowSql",
                        "SELECT pg_sleep(30)",
                        "progressSql",
                        "SELECT pg_sleep(2.5) AS slept"),
                workDir("gw-pg"));
        McpStdioIT.assertCommonSummary(s, "shop"); // the same answers as a local `gabysql mcp`
        assertThat(s.at("/calls/query/rowCount").asInt()).isEqualTo(3);
        assertThat(s.at("/calls/progress/notifications").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(s.at("/calls/cancelled/threw").asText()).isNotBlank();
        assertThat(s.at("/calls/after_cancel/isError").asBoolean(true)).isFalse();
        assertThat(count("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                        + " AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()"))
                .isZero();
        assertThat(s.at("/stderrTail").asText()).doesNotContain(WRITER);
    }

    @Test
    void gatewayOnSqliteInReadwriteOffersTheWriteTool() throws Exception {
        JsonNode s = NodeClient.run(
                JAR,
                List.of("mcp", "--server", base, "--token", WRITER, "--mode", "readwrite"),
                Map.of(
                        "db",
                        "lite",
                        "table",
                        "orders",
                        "pattern",
                        "cust",
                        "okSql",
                        "SELECT id, status FROM orders ORDER BY id",
                        "hugeSql",
                        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5000) SELECT x FROM n"),
                workDir("gw-lite"));
        assertThat(s.get("tools").findValuesAsText("name")).contains("gabysql_execute");
        assertThat(s.at("/errors/execute_in_readonly/isError").asBoolean())
                .as("a forced DELETE without WHERE")
                .isTrue();
        assertThat(s.at("/calls/query/rowCount").asInt()).isEqualTo(3);
        assertThat(s.at("/calls/describe_table/text").asText()).contains("customer_id");
    }

    @Test
    void gatewayWithAReadonlyTokenHidesTheWriteToolEvenInReadwrite() throws Exception {
        JsonNode s = NodeClient.run(
                JAR,
                List.of("mcp", "--server", base, "--token", READER, "--mode", "readwrite"),
                Map.of("db", "lite", "table", "orders", "pattern", "cust", "okSql", "SELECT 1", "hugeSql", "SELECT 1"),
                workDir("gw-ro"));
        assertThat(s.get("tools").findValuesAsText("name")).doesNotContain("gabysql_execute");
    }

    private static JsonNode http(Map<String, Object> settings) throws IOException, InterruptedException {
        Map<String, Object> config = new HashMap<>(settings);
        config.putIfAbsent("url", base + "/mcp");
        Path work = workDir("http-" + System.nanoTime());
        Path configFile = work.resolve("config.json");
        StdioProcess.JSON.writeValue(configFile.toFile(), config);
        Path out = work.resolve("out.json");
        Path err = work.resolve("err.log");
        Process node = new ProcessBuilder(
                        "node", NodeClient.DIR.resolve("http-client.mjs").toString(), configFile.toString())
                .directory(NodeClient.DIR.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!node.waitFor(3, TimeUnit.MINUTES)) {
            node.destroyForcibly();
            throw new AssertionError("http-client.mjs did not finish: " + Files.readString(err));
        }
        String text = Files.readString(out, StandardCharsets.UTF_8).strip();
        if (node.exitValue() != 0 || text.isEmpty()) {
            throw new AssertionError(
                    "http-client.mjs failed (exit " + node.exitValue() + "): " + Files.readString(err));
        }
        return StdioProcess.JSON.readTree(text);
    }

    private static List<String> names(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static Path workDir(String name) throws IOException {
        return Files.createDirectories(dir.resolve(name));
    }

    private static long count(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(pgUrl);
                ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
