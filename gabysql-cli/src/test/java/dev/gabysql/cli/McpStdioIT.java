package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.testing.TestDatabases;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gabysql mcp} end to end, as the packaged jar in a subprocess: driven by the official MCP TypeScript SDK
 * client (every tool, resources, prompts, completion, cancellation and progress), and by a raw JSON-RPC session
 * that checks stdout byte for byte (JSON-RPC frames only) and that the process exits promptly when stdin closes.
 * On SQLite (--demo) and on a real PostgreSQL.
 */
final class McpStdioIT {
    private static final Path JAR = Path.of(System.getProperty("gabysql.jar", "target/gabysql.jar"));
    /**
     * The bound proves the process ends instead of hanging on the SDK's non-daemon threads; it says nothing of how
     * fast (speed is measured by benchmarks), so it leaves room for a loaded machine.
     */
    private static final long PROMPT_EXIT_MS = 10_000;

    private static final String[] PG_SHOP = {
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT)",
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),"
                + " status TEXT NOT NULL)",
        "INSERT INTO customers VALUES (1, 'Ana', 'Madrid'), (2, 'Luis', NULL)",
        "INSERT INTO orders VALUES (10, 1, 'paid'), (11, 2, 'shipped'), (12, 1, 'paid')",
    };

    /** A read that scans a table for want of an index; hypopg (Debian's postgresql-15-hypopg) proves the index. */
    private static final String[] PG_SLOW_READ = {
        "CREATE EXTENSION IF NOT EXISTS hypopg",
        "CREATE TABLE events (id serial PRIMARY KEY, kind integer NOT NULL, note text NOT NULL)",
        "INSERT INTO events (kind, note) SELECT g % 500, 'note ' || g FROM generate_series(1, 20000) g",
        "ANALYZE events",
    };

    @TempDir
    Path dir;

    @Test
    void typeScriptClientOnTheSqliteDemo() throws Exception {
        NodeClient.require();
        JsonNode s = NodeClient.run(
                JAR,
                demoArgs(),
                Map.of(
                        "db",
                        "demo",
                        "table",
                        "orders",
                        "pattern",
                        "cust",
                        "okSql",
                        "SELECT id, status FROM orders ORDER BY id LIMIT 3",
                        "hugeSql",
                        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5000)"
                                + " SELECT x FROM n"),
                dir);
        assertCommonSummary(s, "demo");
        assertThat(s.at("/calls/query/rowCount").asInt()).isEqualTo(3);
    }

    @Test
    void typeScriptClientOnPostgresWithCancellationAndProgress() throws Exception {
        NodeClient.require();
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, PG_SHOP);
        TestDatabases.run(url, PG_SLOW_READ);
        JsonNode s = NodeClient.run(
                JAR,
                List.of("mcp", "--db", "shop=" + url),
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
                        "SELECT pg_sleep(2.5) AS slept",
                        "adviseSql",
                        "SELECT * FROM events WHERE kind = 7"),
                dir);
        assertCommonSummary(s, "shop");
        // a newcomer's "why is this slow?" gets an index, proven by the planner with hypopg (docs/dba.md)
        JsonNode advice = s.at("/calls/advice/advice");
        assertThat(advice.path("method").asText()).isEqualTo("hypopg");
        assertThat(advice.path("proven").asBoolean()).isTrue();
        assertThat(advice.at("/candidates/0/create").asText()).isEqualTo("CREATE INDEX ON public.events (kind)");
        assertThat(advice.at("/candidates/0/cost_after").asDouble())
                .isLessThan(advice.path("cost_before").asDouble() / 2);
        assertThat(TestDatabases.firstRow(url, "SELECT count(*) FROM pg_indexes WHERE tablename = 'events'"))
                .as("nothing built")
                .isEqualTo("1");
        assertThat(s.at("/calls/progress/isError").asBoolean(true)).isFalse();
        assertThat(s.at("/calls/progress/notifications").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(s.at("/calls/cancelled/threw").asText()).isNotBlank();
        assertThat(s.at("/calls/cancelled/ms").asLong()).isLessThan(10_000);
        assertThat(s.at("/calls/after_cancel/isError").asBoolean(true)).isFalse();
        assertThat(activeSleeps(url))
                .as("pg_sleep(30) still running after the MCP cancellation")
                .isZero();
    }

    @Test
    void stdoutCarriesOnlyJsonRpcAndTheProcessEndsWhenStdinCloses() throws Exception {
        try (StdioProcess p = new StdioProcess(JAR, demoArgs())) {
            rawSession(p, "demo", "SELECT * FROM customers LIMIT 2");
        }
    }

    @Test
    void stdoutCarriesOnlyJsonRpcOnPostgres() throws Exception {
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, PG_SHOP);
        try (StdioProcess p = new StdioProcess(JAR, List.of("mcp", "--db", "shop=" + url))) {
            rawSession(p, "shop", "SELECT * FROM customers");
        }
    }

    @Test
    void endsPromptlyWhenStdinClosesAfterARequestBeforeInitialized() throws Exception {
        try (StdioProcess p = new StdioProcess(JAR, demoArgs())) {
            long init = p.request("initialize", initParams());
            assertThat(p.response(init, 60)).isNotNull();
            p.request("tools/list", Map.of()); // before notifications/initialized
            p.request("tools/call", Map.of("name", "gabysql_list_databases", "arguments", Map.of()));
            assertThat(p.closeStdinAndAwaitExit(PROMPT_EXIT_MS)).isBetween(0L, PROMPT_EXIT_MS);
            assertFramesOnly(p);
        }
    }

    @Test
    void aMessageOverMaxMessageIsAnsweredTooLargeAndTheSessionGoesOn() throws Exception {
        List<String> args = new ArrayList<>(demoArgs());
        args.addAll(List.of("--max-message", "4096"));
        try (StdioProcess p = new StdioProcess(JAR, args)) {
            initialized(p);
            long big = p.request(
                    "tools/call",
                    Map.of(
                            "name",
                            "gabysql_query",
                            "arguments",
                            Map.of("db", "demo", "sql", "SELECT '" + "x".repeat(10_000) + "' AS big")));
            long next = p.request("tools/call", Map.of("name", "gabysql_list_databases", "arguments", Map.of()));
            JsonNode refused = p.response(big, 60);
            assertThat(refused).as("stderr: %s", p.stderr()).isNotNull();
            assertThat(refused.at("/error/data/code").asText()).isEqualTo("TOO_LARGE");
            assertThat(p.response(next, 60).at("/result/isError").asBoolean(true))
                    .isFalse();
            assertThat(p.closeStdinAndAwaitExit(PROMPT_EXIT_MS)).isBetween(0L, PROMPT_EXIT_MS);
            assertFramesOnly(p);
            assertThat(p.stderr())
                    .contains("larger than the limit of 4096 bytes")
                    .doesNotContain("\tat ");
        }
    }

    /**
     * A message under --max-message but larger than the heap can hold now (32 MiB allowed, a 24 MiB heap): the
     * reading thread ran out of memory and the session answered nothing more. It is dropped as it is read, answered
     * TOO_LARGE, and the session goes on.
     */
    @Test
    @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a deaf server blocks our writes
    void aMessageTheHeapHasNoRoomForIsAnsweredAndTheSessionGoesOn() throws Exception {
        List<String> args = new ArrayList<>(demoArgs());
        args.addAll(List.of("--max-message", String.valueOf(32 << 20)));
        try (StdioProcess p = new StdioProcess(JAR, List.of("-Xmx24m"), args)) {
            initialized(p);
            long big = p.request(
                    "tools/call",
                    Map.of(
                            "name",
                            "gabysql_query",
                            "arguments",
                            Map.of("db", "demo", "sql", "SELECT 1 /*" + "x".repeat(20_000_000) + "*/")));
            long next = p.request("ping", Map.of());
            JsonNode refused = p.response(big, 60);
            assertThat(refused).as("stderr: %s", p.stderr()).isNotNull();
            assertThat(refused.at("/error/data/code").asText()).isEqualTo("TOO_LARGE");
            assertThat(refused.at("/error/data/message").asText()).contains("did not fit in the memory");
            assertThat(p.response(next, 60)).as("stderr: %s", p.stderr()).isNotNull();
            assertThat(p.closeStdinAndAwaitExit(10_000)).isNotNegative();
            assertFramesOnly(p);
            assertThat(p.stderr()).doesNotContain("OutOfMemoryError").doesNotContain("\tat ");
        }
    }

    /**
     * Requests pipelined faster than they are answered wait in memory: twenty calls of 4 MB, each running for a
     * while, under a 64 MiB heap used to run it out of memory and end the reading of stdin for good. Those the
     * memory kept for waiting requests has no room for are refused at once (OVER_CAPACITY), the others answered,
     * and the session reads on.
     */
    @Test
    @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a deaf server blocks our writes
    void pipelinedLargeCallsBeyondTheMemoryKeptForThemAreRefusedAndTheSessionGoesOn() throws Exception {
        try (StdioProcess p = new StdioProcess(JAR, List.of("-Xmx64m"), demoArgs())) {
            initialized(p);
            String slow = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000)"
                    + " SELECT count(*) FROM n /*" + "x".repeat(4_000_000) + "*/";
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                ids.add(p.request(
                        "tools/call", Map.of("name", "gabysql_query", "arguments", Map.of("db", "demo", "sql", slow))));
            }
            long next = p.request("tools/call", Map.of("name", "gabysql_list_databases", "arguments", Map.of()));
            int refused = 0;
            int answered = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            for (long id : ids) {
                JsonNode r = p.response(id, Math.max(1, TimeUnit.NANOSECONDS.toSeconds(deadline - System.nanoTime())));
                assertThat(r).as("response %s; stderr: %s", id, p.stderr()).isNotNull();
                if ("OVER_CAPACITY".equals(r.at("/error/data/code").asText())) {
                    refused++;
                } else if (!r.at("/result/isError").asBoolean(true)) {
                    answered++;
                }
            }
            assertThat(refused).as("refused").isPositive();
            assertThat(answered).as("answered").isPositive();
            assertThat(p.response(next, 60).at("/result/isError").asBoolean(true))
                    .isFalse();
            assertThat(p.closeStdinAndAwaitExit(10_000)).isNotNegative();
            assertFramesOnly(p);
            assertThat(p.stderr()).doesNotContain("OutOfMemoryError").doesNotContain("\tat ");
        }
    }

    /**
     * What the SDK answers (a call with a progress token, a ping) gives its share of that memory back: 24 calls of
     * 1 MB one after the other, more than the 16 MiB kept for waiting requests (--max-message), are all answered.
     */
    @Test
    void largeRequestsTheSdkAnswersGiveTheirMemoryBack() throws Exception {
        try (StdioProcess p = new StdioProcess(JAR, List.of("-Xmx64m"), demoArgs())) {
            initialized(p);
            String sql = "SELECT count(*) FROM orders /*" + "x".repeat(1_000_000) + "*/";
            for (int i = 0; i < 24; i++) {
                JsonNode r = p.response(
                        p.request(
                                "tools/call",
                                Map.of(
                                        "name",
                                        "gabysql_query",
                                        "arguments",
                                        Map.of("db", "demo", "sql", sql),
                                        "_meta",
                                        Map.of("progressToken", i))),
                        60);
                assertThat(r).as("call %s; stderr: %s", i, p.stderr()).isNotNull();
                assertThat(r.at("/result/isError").asBoolean(true))
                        .as("call %s: %s", i, r)
                        .isFalse();
                assertThat(p.response(p.request("ping", Map.of()), 60).has("result"))
                        .isTrue();
            }
            assertThat(p.closeStdinAndAwaitExit(PROMPT_EXIT_MS)).isBetween(0L, PROMPT_EXIT_MS);
        }
    }

    @Test
    void toolsMinimalListsTwoToolsAndTheOthersCannotBeCalled() throws Exception {
        try (StdioProcess p = new StdioProcess(JAR, with(demoArgs(), "--tools", "minimal", "--audit-log", "none"))) {
            initialized(p);
            JsonNode list = p.response(p.request("tools/list", Map.of()), 60);
            assertThat(list.at("/result/tools").findValuesAsText("name"))
                    .containsExactly("gabysql_describe_database", "gabysql_query");
            JsonNode unlisted = p.response(
                    p.request("tools/call", Map.of("name", "gabysql_list_databases", "arguments", Map.of())), 60);
            assertThat(unlisted.at("/error/message").asText()).startsWith("Unknown tool");
            JsonNode query = p.response(
                    p.request(
                            "tools/call",
                            Map.of("name", "gabysql_query", "arguments", Map.of("db", "demo", "sql", "SELECT 1 AS x"))),
                    60);
            assertThat(query.at("/result/isError").asBoolean(true)).isFalse();
            assertThat(p.closeStdinAndAwaitExit(PROMPT_EXIT_MS)).isBetween(0L, PROMPT_EXIT_MS);
            assertFramesOnly(p);
        }
    }

    @Test
    void theConfigFilesToolsApplyAndAFlagWinsOverThem() throws Exception {
        Path config = dir.resolve("gabysql.toml");
        java.nio.file.Files.writeString(config, "[server]\ntools = [\"search\", \"minimal\"]\n");
        List<String> args = with(demoArgs(), "--config", config.toString(), "--audit-log", "none");
        assertThat(listedTools(args)).containsExactly("gabysql_describe_database", "gabysql_search", "gabysql_query");
        assertThat(listedTools(with(args, "--tools", "gabysql_explain"))).containsExactly("gabysql_explain");
    }

    @Test
    void anUnknownToolNameFailsStartUpNamingTheValidOnes() throws Exception {
        try (StdioProcess p = new StdioProcess(JAR, with(demoArgs(), "--tools", "query,drop_everything"))) {
            assertThat(p.closeStdinAndAwaitExit(PROMPT_EXIT_MS)).isBetween(0L, PROMPT_EXIT_MS);
            assertThat(p.exitValue()).isEqualTo(2);
            assertThat(p.stdoutLines()).isEmpty();
            assertThat(p.stderr())
                    .contains("error [CONFIG_INVALID]: Unknown tool `drop_everything`")
                    .contains("gabysql_list_databases, gabysql_describe_database, gabysql_describe_table")
                    .contains("minimal, all.")
                    .contains("hint: ");
        }
    }

    private static List<String> listedTools(List<String> args) throws Exception {
        try (StdioProcess p = new StdioProcess(JAR, args)) {
            initialized(p);
            JsonNode list = p.response(p.request("tools/list", Map.of()), 60);
            assertThat(list).as("stderr: %s", p.stderr()).isNotNull();
            return list.at("/result/tools").findValuesAsText("name");
        }
    }

    private static List<String> with(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all;
    }

    /** Initializes the session and says so. */
    private static void initialized(StdioProcess p) throws Exception {
        assertThat(p.response(p.request("initialize", initParams()), 60))
                .as("stderr: %s", p.stderr())
                .isNotNull();
        p.notify("notifications/initialized");
    }

    private void rawSession(StdioProcess p, String db, String sql) throws Exception {
        long init = p.request("initialize", initParams());
        JsonNode initialized = p.response(init, 60);
        assertThat(initialized)
                .as("initialize answered; stderr: %s", p.stderr())
                .isNotNull();
        assertThat(initialized.at("/result/serverInfo/name").asText()).isEqualTo("gabysql");
        p.notify("notifications/initialized");
        List<Long> ids = new ArrayList<>();
        ids.add(p.request("tools/list", Map.of()));
        ids.add(p.request("tools/call", Map.of("name", "gabysql_query", "arguments", Map.of("db", db, "sql", sql))));
        ids.add(p.request(
                "tools/call",
                Map.of("name", "gabysql_query", "arguments", Map.of("db", db, "sql", "SELECT * FROM missing_table"))));
        ids.add(p.request("resources/read", Map.of("uri", "gabysql://schema/" + db)));
        ids.add(p.request("resources/read", Map.of("uri", "gabysql://schema/nope")));
        for (long id : ids) {
            assertThat(p.response(id, 60))
                    .as("response %s; stderr: %s", id, p.stderr())
                    .isNotNull();
        }
        long exitMs = p.closeStdinAndAwaitExit(PROMPT_EXIT_MS);
        assertThat(exitMs).as("exit after stdin closed; stderr: %s", p.stderr()).isBetween(0L, PROMPT_EXIT_MS);
        assertThat(p.exitValue()).isZero();
        assertFramesOnly(p);
        assertThat(p.stdoutLines()).hasSizeGreaterThanOrEqualTo(6);
        assertThat(p.stderr()).doesNotContain("\tat ");
    }

    private static void assertFramesOnly(StdioProcess p) {
        assertThat(p.stdoutLines()).allSatisfy(line -> {
            JsonNode msg;
            try {
                msg = StdioProcess.JSON.readTree(line);
            } catch (IOException e) {
                throw new AssertionError("not JSON on stdout: " + line);
            }
            assertThat(msg.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
            assertThat(msg.has("result") || msg.has("error") || msg.has("method"))
                    .as(line)
                    .isTrue();
        });
    }

    static void assertCommonSummary(JsonNode s, String db) {
        assertThat(s.at("/server/name").asText()).isEqualTo("gabysql");
        assertThat(s.at("/instructions").asText()).contains("gabysql_list_databases");
        List<String> tools = s.get("tools").findValuesAsText("name");
        assertThat(tools)
                .containsExactlyInAnyOrder(
                        "gabysql_list_databases",
                        "gabysql_describe_database",
                        "gabysql_describe_table",
                        "gabysql_search",
                        "gabysql_query",
                        "gabysql_explain",
                        "gabysql_health");
        s.get("tools").forEach(t -> {
            assertThat(t.at("/annotations/readOnlyHint").asBoolean()).isTrue();
            assertThat(t.get("hasOutputSchema").asBoolean()).isFalse(); // structuredContent comes all the same
        });
        s.get("calls").fields().forEachRemaining(e -> {
            if (!e.getKey().equals("cancelled")) {
                assertThat(e.getValue().has("threw"))
                        .as("%s threw: %s", e.getKey(), e.getValue())
                        .isFalse();
                assertThat(e.getValue().get("isError").asBoolean())
                        .as("%s: %s", e.getKey(), e.getValue())
                        .isFalse();
            }
        });
        assertThat(s.at("/calls/list_databases/text").asText()).contains("\"name\":\"" + db + "\"");
        assertThat(s.at("/calls/query_huge/rowCount").asInt()).isEqualTo(500);
        assertThat(s.at("/calls/query_huge/truncated").asBoolean()).isTrue();
        assertThat(s.at("/calls/query_params/text").asText()).contains("[[41,\"x\"]]");
        assertError(s, "unknown_db", "UNKNOWN_DATABASE");
        assertError(s, "path_as_db", "INVALID_DATABASE_NAME");
        assertError(s, "empty_sql", "EMPTY_SQL");
        assertError(s, "two_statements", "MULTIPLE_STATEMENTS", "UNCLASSIFIABLE");
        assertError(s, "write", "READ_ONLY", "FORBIDDEN_BY_MODE");
        assertError(s, "syntax", "SQL_ERROR");
        assertThat(s.at("/errors/execute_in_readonly/threw").asText()).contains("Unknown tool");
        assertThat(s.at("/resources/list").toString()).contains("gabysql://catalog");
        assertThat(s.at("/resources/templates").toString()).contains("gabysql://schema/{db}");
        assertThat(s.at("/resources/catalog/text").asText()).contains("\"" + db + "\"");
        assertThat(s.at("/resources/schema/parses").asBoolean()).isTrue();
        assertThat(s.at("/resources/diagram/text").asText()).startsWith("erDiagram");
        assertThat(s.at("/resources/unknown/threw").asText()).contains("UNKNOWN_DATABASE");
        assertThat(s.at("/prompts/list").toString()).contains("explore_database");
        assertThat(s.at("/prompts/explore").asText()).contains(db);
        assertThat(s.at("/prompts/complete").toString()).contains(db);
        assertThat(s.get("closeMs").asLong()).isLessThan(5_000);
    }

    private static void assertError(JsonNode s, String name, String... codes) {
        JsonNode e = s.at("/errors/" + name);
        assertThat(e.path("isError").asBoolean()).as("%s: %s", name, e).isTrue();
        assertThat(e.path("code").asText()).as(name).isIn((Object[]) codes);
        assertThat(e.path("text").asText())
                .startsWith("error [")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
    }

    private List<String> demoArgs() {
        return List.of("mcp", "--demo", "--data-dir", dir.resolve("data").toString());
    }

    private static Map<String, Object> initParams() {
        return Map.of(
                "protocolVersion",
                "2025-06-18",
                "capabilities",
                Map.of(),
                "clientInfo",
                Map.of("name", "gabysql-raw-it", "version", "1"));
    }

    private static int activeSleeps(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                        + " AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
