package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.dialect.postgres.PostgresDialect;
import dev.gabysql.core.dialect.sqlite.SqliteDialect;
import dev.gabysql.core.testing.TestDatabases;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our Mermaid diagrams pass Mermaid's own parser: the npm {@code mermaid} package (pinned in
 * src/test/node/mermaid-check, installed there by {@code npm ci} on first use, git-ignored) run headless on Node.
 * Without Node or npm the test is skipped with the reason (or fails when GABYSQL_REQUIRE_ALL_DBS is set).
 */
class MermaidParserTest {
    private static final Path CHECKER = Path.of("src/test/node/mermaid-check");

    @TempDir
    Path dir;

    @Test
    void diagramsOfSqliteAndAwkwardSchemasParse() throws Exception {
        Map<String, String> diagrams = new TreeMap<>();
        String url = "jdbc:sqlite:" + TestDatabases.sqliteFile(dir, "shop", Fixtures.SQLITE_SHOP);
        diagrams.put(
                "sqlite-shop",
                MermaidRenderer.render(read(new SqliteDialect(), url)).text());
        diagrams.put(
                "awkward", MermaidRenderer.render(MermaidRendererTest.awkward()).text());
        diagrams.put("wide", MermaidRenderer.render(ModelFixtures.wide(200)).text());
        assertAllParse(diagrams);
    }

    @Test
    void diagramsOfPostgresSchemasParse() throws Exception {
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, String.join(";\n", Fixtures.POSTGRES_SHOP));
        assertAllParse(Map.of(
                "postgres-shop",
                MermaidRenderer.render(read(new PostgresDialect(), url)).text()));
    }

    @Test
    void theCheckerRejectsABrokenDiagram() throws Exception {
        Map<String, String> outcome = parse(Map.of(
                "broken",
                "erDiagram\n  a }o--|| : \"x\"\n",
                "unquotedKeyword",
                "erDiagram\n  style {\n    int pk\n  }\n"));
        assertThat(outcome).containsOnlyKeys("broken", "unquotedKeyword");
        assertThat(outcome.values()).allSatisfy(line -> assertThat(line).startsWith("FAIL"));
    }

    private void assertAllParse(Map<String, String> diagrams) throws Exception {
        Map<String, String> outcome = parse(diagrams);
        assertThat(outcome).containsOnlyKeys(diagrams.keySet());
        outcome.forEach((name, line) -> assertThat(line)
                .as(name + ":\n" + diagrams.get(name))
                .startsWith("OK")
                .endsWith(" er"));
    }

    /** Runs the checker over the diagrams; returns each one's OK/FAIL line. */
    private Map<String, String> parse(Map<String, String> diagrams) throws Exception {
        installChecker();
        List<String> command = new ArrayList<>(List.of("node", "check.mjs"));
        Map<String, String> byFile = new TreeMap<>();
        for (Map.Entry<String, String> d : diagrams.entrySet()) {
            Path file = dir.resolve(d.getKey() + ".mmd");
            Files.writeString(file, d.getValue(), StandardCharsets.UTF_8);
            command.add(file.toAbsolutePath().toString());
            byFile.put(file.toAbsolutePath().toString(), d.getKey());
        }
        Run run = Run.of(command, 120);
        Map<String, String> outcome = new TreeMap<>();
        for (String line : run.output().split("\n")) {
            String[] parts = line.split(" ", 3);
            if (parts.length >= 2 && byFile.containsKey(parts[1])) {
                outcome.put(byFile.get(parts[1]), parts[0] + (parts.length > 2 ? " " + parts[2] : ""));
            }
        }
        return outcome;
    }

    private static synchronized void installChecker() throws Exception {
        if (!Run.available("node") || !Run.available("npm")) {
            TestDatabases.skipOrFail("Node.js and npm are needed to run Mermaid's parser");
        }
        if (!Files.isDirectory(CHECKER.resolve("node_modules/mermaid"))) {
            Run install = Run.of(List.of("npm", "ci", "--no-audit", "--no-fund"), 600);
            if (install.exit() != 0) {
                TestDatabases.skipOrFail("npm could not install mermaid: " + install.output());
            }
        }
    }

    private static SchemaModel read(Dialect dialect, String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            return dialect.schemaReader().read(c, SchemaFilter.ALL);
        }
    }

    /** A finished process in the checker's directory: exit code and its output (stdout and stderr). */
    private record Run(int exit, String output) {
        static Run of(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
            Process p = new ProcessBuilder(command)
                    .directory(CHECKER.toFile())
                    .redirectErrorStream(true)
                    .start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Run(-1, "timed out: " + String.join(" ", command));
            }
            return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        }

        static boolean available(String tool) {
            try {
                return of(List.of(tool, "--version"), 30).exit() == 0;
            } catch (IOException | InterruptedException e) {
                return false;
            }
        }
    }
}
