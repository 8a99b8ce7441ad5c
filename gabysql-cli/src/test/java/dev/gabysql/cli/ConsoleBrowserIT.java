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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console (docs/console.md) in a real browser: {@code src/test/node/console/console-test.mjs} drives Debian's
 * Chromium headless with Playwright ({@code playwright-core}, pinned in package-lock.json) against the packaged
 * {@code gabysql serve} in readwrite, with an agent's token and an approver's, over the SQLite demo and over
 * PostgreSQL. It signs in with the approver's token, browses the schema and the diagram, runs a query, previews a
 * write and approves it, approves in Approvals a write an MCP agent left waiting (the official TypeScript SDK,
 * without elicitation), rejects another, checks that a cell, a column name, a comment and a routine body holding
 * HTML stay text, that requests without the CSRF header are refused, the audit story and chain. This test then
 * reads the database: the approved writes committed once, the rejected one did not. Screenshots go to
 * target/console-screenshots (or GABYSQL_CONSOLE_SCREENSHOTS). Without Node.js, npm or Chromium it is skipped, or
 * fails when GABYSQL_REQUIRE_ALL_DBS is set.
 */
final class ConsoleBrowserIT {
    private static final String AGENT = "console-it-agent-0123456789abcdef";
    private static final String APPROVER = "console-it-approver-0123456789abcdef";
    private static final String PAYLOAD = "<img src=x onerror=window.__pwned=1>";
    private static final String WRITE = "UPDATE orders SET status = 'console-refund' WHERE id = 11";
    private static final String AGENT_WRITE = "DELETE FROM orders WHERE id = 12";
    private static final String REJECTED = "UPDATE orders SET status = 'console-lost' WHERE id = 13";

    private static final String[] SQLITE_LAB = {
        "CREATE TABLE evil (id INTEGER PRIMARY KEY, \"<img src=x onerror=window.__pwned=2>\" TEXT, note TEXT)",
        "INSERT INTO evil VALUES (1, '" + PAYLOAD + "', '<script>window.__pwned=3</script>')",
        "CREATE TRIGGER evil_t AFTER INSERT ON evil BEGIN SELECT '<img src=x onerror=window.__pwned=4>'; END",
        "CREATE TABLE \"<b onmouseover=window.__pwned=5>bold</b>\" (id INTEGER PRIMARY KEY,"
                + " evil_id INTEGER REFERENCES evil(id))",
    };
    private static final String[] PG_SHOP = {
        "CREATE TABLE customers (id integer PRIMARY KEY, name text NOT NULL, city text)",
        "COMMENT ON TABLE customers IS 'People who order'",
        "CREATE TABLE products (id integer PRIMARY KEY, name text NOT NULL,"
                + " price numeric(10,2) NOT NULL CHECK (price >= 0))",
        "CREATE TABLE orders (id integer PRIMARY KEY,"
                + " customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,"
                + " status text NOT NULL DEFAULT 'paid')",
        "CREATE INDEX orders_customer_idx ON orders (customer_id)",
        "CREATE TABLE order_items (order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,"
                + " product_id integer NOT NULL REFERENCES products(id), quantity integer NOT NULL CHECK (quantity > 0),"
                + " PRIMARY KEY (order_id, product_id))",
        "INSERT INTO customers VALUES (1, 'Ana', 'Madrid'), (2, 'Luis', NULL), (3, 'Marta', 'Lyon')",
        "INSERT INTO products VALUES (1, 'Tea', 3.50), (2, 'Coffee', 4.20)",
        "INSERT INTO orders VALUES (10, 1, 'paid'), (11, 2, 'shipped'), (12, 1, 'paid'), (13, 3, 'paid')",
        "INSERT INTO order_items VALUES (10, 1, 2), (11, 2, 1), (12, 1, 1), (12, 2, 3), (13, 2, 1)",
    };
    private static final String[] PG_LAB = {
        "CREATE TABLE evil (id integer PRIMARY KEY, \"<img src=x onerror=window.__pwned=2>\" text, note text)",
        "COMMENT ON TABLE evil IS '<img src=x onerror=window.__pwned=3>'",
        "COMMENT ON COLUMN evil.note IS '<script>window.__pwned=4</script>'",
        "INSERT INTO evil VALUES (1, '" + PAYLOAD + "', '<b>bold</b>')",
        "CREATE FUNCTION evil_fn() RETURNS text LANGUAGE sql AS $$ SELECT '<img src=x onerror=window.__pwned=5>'::text $$",
        "CREATE TABLE \"<b onmouseover=window.__pwned=5>bold</b>\" (id integer PRIMARY KEY,"
                + " evil_id integer REFERENCES evil(id))",
    };

    @TempDir
    Path dir;

    @Test
    void theConsoleOverTheSqliteDemo() throws Exception {
        String chromium = requireBrowser();
        Path data = Files.createDirectories(dir.resolve("data"));
        Path lab = TestDatabases.sqliteFile(dir, "lab", SQLITE_LAB);
        Map<String, Object> scenario = scenario("demo", List.of("customers", "orders", "order_items", "products"));
        scenario.put("readSql", "SELECT id, name, city FROM customers ORDER BY id LIMIT 5");
        scenario.put("readExpect", List.of("Luis D\u00edaz", "M\u00e1laga"));
        run(chromium, scenario, "sqlite", "--demo", "--data-dir", data.toString(), "--db", "lab=" + lab);

        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("demo.db"))) {
            assertCommittedOnce(c);
        }
    }

    @Test
    void theConsoleOverPostgres() throws Exception {
        String chromium = requireBrowser();
        String shop = TestDatabases.newPostgresDatabase();
        TestDatabases.run(shop, PG_SHOP);
        String lab = TestDatabases.newPostgresDatabase();
        TestDatabases.run(lab, PG_LAB);
        Map<String, Object> scenario = scenario("shop", List.of("customers", "orders", "order_items", "products"));
        scenario.put("readSql", "SELECT id, name, city FROM customers ORDER BY id");
        scenario.put("readExpect", List.of("Ana", "Madrid", "Marta"));
        scenario.put("evilRoutines", List.of("routine:evil_fn()"));
        scenario.put("evilTexts", List.of("<img src=x onerror=window.__pwned=3>", "<script>window.__pwned=4</script>"));
        run(chromium, scenario, "postgresql", "--db", "shop=" + shop, "--db", "lab=" + lab);

        try (Connection c = DriverManager.getConnection(shop)) {
            assertCommittedOnce(c);
        }
    }

    /**
     * What the CSP and the rule "data is text" need of the files themselves, checked without a browser: nothing that
     * parses HTML from a string or evaluates code, nothing inline in the page.
     */
    @Test
    void theConsoleFilesNeverParseHtmlNorInlineAnything() throws IOException {
        Path folder = GabysqlProcess.root().resolve("gabysql-server/src/main/resources/dev/gabysql/server/console");
        List<Path> files;
        try (var walk = Files.walk(folder)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString()).contains("index.html", "app.js", "er.js");
        for (Path f : files) {
            String text = Files.readString(f);
            String name = folder.relativize(f).toString();
            assertThat(text)
                    .as(name)
                    .doesNotContain(".innerHTML", ".outerHTML", "insertAdjacentHTML(", "document.write", "eval(")
                    .doesNotContain("new Function", "setAttribute(\"style\"", "<style", "javascript:");
            if (name.endsWith(".html")) {
                assertThat(text)
                        .as(name)
                        .doesNotContainPattern("<script(?![^>]*\\ssrc=)")
                        .doesNotContain(" style=");
                assertThat(text).as(name).doesNotContainPattern("\\son[a-z]+\\s*=");
            }
        }
    }

    /** What both databases go through; the caller adds the reads that fit its data. */
    private static Map<String, Object> scenario(String db, List<String> tables) {
        Map<String, Object> s = new HashMap<>();
        s.put("loginToken", APPROVER);
        s.put("agentToken", AGENT);
        s.put("db", db);
        s.put("tables", tables);
        s.put("table", "orders");
        s.put("column", "customer_id");
        s.put("nullSql", "SELECT NULL AS no_value, '' AS empty_text, 42 AS answer");
        s.put("writeSql", WRITE);
        s.put("writeTable", "orders");
        s.put("agentSql", AGENT_WRITE);
        s.put("rejectSql", REJECTED);
        s.put("evilDb", "lab");
        s.put("evilTable", "evil");
        s.put("evilSql", "SELECT * FROM evil");
        s.put("payload", PAYLOAD);
        s.put("evilTableName", "<b onmouseover=window.__pwned=5>bold</b>");
        return s;
    }

    /** The approved writes committed, each once; the rejected one and the one refused without CSRF did not. */
    private static void assertCommittedOnce(Connection c) throws Exception {
        assertThat(TestDatabases.firstRow(c, "SELECT status FROM orders WHERE id = 11"))
                .as("the write approved in the Query page")
                .isEqualTo("console-refund");
        assertThat(TestDatabases.firstRow(c, "SELECT count(*) FROM orders WHERE id = 12"))
                .as("the agent's write approved in Approvals")
                .isEqualTo("0");
        assertThat(TestDatabases.firstRow(c, "SELECT status FROM orders WHERE id = 13"))
                .as("the write refused without the CSRF header, then rejected")
                .isNotEqualTo("console-lost");
        assertThat(TestDatabases.firstRow(
                        c, "SELECT count(*) FROM orders WHERE status IN ('console-refund', 'console-lost')"))
                .isEqualTo("1");
    }

    /** Starts {@code gabysql serve ARGS} in readwrite with both tokens, runs the browser script, checks its summary. */
    private void run(String chromium, Map<String, Object> scenario, String name, String... args) throws Exception {
        int port = ServeIT.freePort();
        Path err = dir.resolve(name + "-serve-stderr.txt");
        List<String> command = new ArrayList<>(List.of(
                "serve",
                "--mode",
                "readwrite",
                "--port",
                String.valueOf(port),
                "--token",
                AGENT + ":readwrite",
                "--audit-log",
                dir.resolve(name + "-audit.jsonl").toString(),
                "--approvals-dir",
                dir.resolve(name + "-approvals").toString()));
        command.addAll(List.of(args));
        Process serve = ServeIT.start(err, Map.of("GABYSQL_APPROVER_TOKEN", APPROVER), command.toArray(String[]::new));
        try {
            ServeIT.waitFor(err, "console at http://127.0.0.1:" + port + "/");
            Map<String, Object> config = new HashMap<>(scenario);
            config.put("base", "http://127.0.0.1:" + port);
            config.put("chromium", chromium);
            config.put("screenshots", screenshots().resolve(name).toString());
            JsonNode summary = browse(config, name);
            String report = StdioProcess.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary);
            assertThat(summary.has("failed"))
                    .as("the browser test failed:\n%s", report)
                    .isFalse();
            assertThat(summary.at("/steps").findValuesAsText("name")).as(report).contains("log out");
            summary.get("steps")
                    .forEach(step ->
                            assertThat(step.get("ok").asBoolean()).as(report).isTrue());
            assertThat(summary.get("csp")).as("CSP violations").isEmpty();
            assertThat(summary.get("pageErrors")).as("script errors").isEmpty();
            assertThat(summary.at("/session/approver").asBoolean()).isTrue();
        } finally {
            serve.destroy();
            serve.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(Files.readString(err)).doesNotContain(APPROVER).doesNotContain(AGENT);
    }

    private JsonNode browse(Map<String, Object> config, String name) throws IOException, InterruptedException {
        Path configFile = dir.resolve(name + "-browser-config.json");
        StdioProcess.JSON.writeValue(configFile.toFile(), config);
        Path out = dir.resolve(name + "-browser-out.json");
        Path err = dir.resolve(name + "-browser-err.log");
        Process node = new ProcessBuilder(
                        "node",
                        NodeClient.DIR
                                .resolve("console")
                                .resolve("console-test.mjs")
                                .toString(),
                        configFile.toString())
                .directory(NodeClient.DIR.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!node.waitFor(5, TimeUnit.MINUTES)) {
            node.destroyForcibly();
            throw new AssertionError("console-test.mjs did not finish: " + Files.readString(err));
        }
        String text = Files.readString(out, StandardCharsets.UTF_8).strip();
        if (node.exitValue() != 0 || text.isEmpty()) {
            throw new AssertionError("console-test.mjs failed (exit " + node.exitValue() + "): "
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        return StdioProcess.JSON.readTree(text);
    }

    /** Node.js, the npm packages (the MCP SDK and playwright-core) and Chromium; skips (or fails in CI) without. */
    private static String requireBrowser() throws IOException, InterruptedException {
        NodeClient.require();
        if (!Files.isDirectory(NodeClient.DIR.resolve("node_modules").resolve("playwright-core"))) {
            // node_modules from before playwright-core was added: install what package-lock.json pins
            Path log = Path.of("target", "npm-ci-console.log").toAbsolutePath();
            Files.createDirectories(log.getParent());
            Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
                    .directory(NodeClient.DIR.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0) {
                npm.destroyForcibly();
                TestDatabases.skipOrFail("npm ci failed in " + NodeClient.DIR + " (see " + log + ")");
            }
        }
        String configured = System.getenv("GABYSQL_CHROMIUM");
        for (String candidate :
                configured != null ? List.of(configured) : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        TestDatabases.skipOrFail("Chromium is not installed (/usr/bin/chromium, or set GABYSQL_CHROMIUM):"
                + " the console's browser tests cannot run");
        return null;
    }

    private static Path screenshots() {
        String configured = System.getenv("GABYSQL_CONSOLE_SCREENSHOTS");
        return configured != null && !configured.isBlank()
                ? Path.of(configured).toAbsolutePath()
                : Path.of("target", "console-screenshots").toAbsolutePath();
    }
}
