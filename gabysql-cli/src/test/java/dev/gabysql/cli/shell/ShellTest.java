package dev.gabysql.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell driven key by key on a JLine terminal, against real SQLite files and a real PostgreSQL. */
class ShellTest {
    @TempDir
    Path dir;

    @Test
    void aReadonlySessionWithMultiLineQueriesDescribeAndARefusedWrite() throws Exception {
        Path history = dir.resolve("history");
        try (LocalGabyService service = sqlite(Mode.READONLY);
                ShellHarness sh = new ShellHarness(service, "shop", history)) {
            assertThat(sh.await("shop=> ")).contains("`shop` (sqlite, readonly)");
            sh.mark();
            sh.type("SELECT id, name\r");
            sh.await("shop-> ");
            sh.type("FROM items\r");
            sh.await("shop-> ");
            String rows = sh.run("ORDER BY id;", "shop=> ");
            assertThat(rows).contains(" id | name", "  1 | apple", "  3 | ∅", "(3 rows)");

            assertThat(sh.run("\\d", "shop=> ")).contains("items", "table", "(1 row)");
            assertThat(sh.run("\\d items", "shop=> ")).contains("column", "name", "Primary key: (id)");

            String refused = sh.run("DELETE FROM items WHERE id = 1;", "shop=> ");
            assertThat(refused)
                    .contains("error [READ_ONLY]", "--mode readwrite")
                    .doesNotContain("Commit?");
            assertThat(count(service)).isEqualTo(3);

            assertThat(sh.run("\\mode", "shop=> ")).contains("readonly — reads only");
            assertThat(sh.run("\\x", "shop=> ")).contains("Expanded display is on.");
            assertThat(sh.run("SELECT name FROM items WHERE id = 2;", "shop=> "))
                    .contains("-[ RECORD 1 ]", "name | pear");
            assertThat(sh.run("\\bogus", "shop=> ")).contains("Unknown command \\bogus");
            assertThat(sh.run("\\?", "shop=> ")).contains("\\d NAME", "\\timing");
            assertThat(sh.quit()).isZero();
        }
        assertThat(Files.readString(history)).contains("SELECT id, name", "FROM items", "\\\\d items");
    }

    /** The DBA reports and index advice (docs/dba.md) as backslash commands. */
    @Test
    void healthTopActivityAndAdviceAreBackslashCommands() throws Exception {
        try (LocalGabyService service = sqlite(Mode.READONLY);
                ShellHarness sh = new ShellHarness(service, "shop", dir.resolve("history"))) {
            sh.await("shop=> ");
            sh.mark();
            assertThat(sh.run("\\health", "shop=> ")).contains("health of `shop`", "checks:");
            assertThat(sh.run("\\top calls", "shop=> ")).contains("SQLite keeps no statistics");
            assertThat(sh.run("\\activity", "shop=> ")).contains("no sessions");
            assertThat(sh.run("\\advise SELECT * FROM items WHERE name = 'pear';", "shop=> "))
                    .contains("SCAN items", "CREATE INDEX ix_items_name ON items (name)", "a guess");
            assertThat(sh.run("\\advise", "shop=> ")).contains("Usage: \\advise");
            assertThat(sh.run("\\?", "shop=> ")).contains("\\health", "\\top [ORDER]", "\\advise");
            assertThat(sh.quit()).isZero();
        }
    }

    @Test
    void aWriteInReadwriteIsPreviewedAndCommittedOnlyOnYes() throws Exception {
        try (LocalGabyService service = sqlite(Mode.READWRITE);
                ShellHarness sh = new ShellHarness(service, "shop", dir.resolve("history"))) {
            sh.await("shop[readwrite]=> ");
            sh.mark();
            sh.type("UPDATE items SET name = 'plum' WHERE id = 1;\r");
            String preview = sh.await("Commit? [y/N] ");
            assertThat(preview).contains("Preview: 1 row would be affected", "plum");
            assertThat(sh.run("n", "shop[readwrite]=> ")).contains("Not committed.");
            assertThat(name(service, 1)).isEqualTo("apple");

            sh.type("UPDATE items SET name = 'plum' WHERE id = 1;\r");
            sh.await("Commit? [y/N] ");
            assertThat(sh.run("y", "shop[readwrite]=> ")).contains("Committed: 1 row affected.");
            assertThat(name(service, 1)).isEqualTo("plum");
            assertThat(sh.quit()).isZero();
        }
    }

    @Test
    void withApprovalHumanTheShellsOwnPromptIsThePersonsYesAndModeSaysWhoApproves() throws Exception {
        Path approvals = dir.resolve("approvals");
        try (LocalGabyService service = sqlite(Settings.DEFAULT
                        .withMode(Mode.READWRITE)
                        .withApprovals(new Settings.Approvals(ApprovalPolicy.HUMAN, approvals, null)));
                ShellHarness sh = new ShellHarness(service, "shop", dir.resolve("history"))) {
            sh.await("shop[readwrite]=> ");
            assertThat(sh.run("\\mode", "shop[readwrite]=> "))
                    .contains("readwrite — reads", "Approval: human", "gabysql approve", "your y to Commit?");
            sh.type("UPDATE items SET name = 'plum' WHERE id = 1;\r");
            assertThat(sh.await("Commit? [y/N] ")).contains("Preview: 1 row would be affected");
            assertThat(sh.run("y", "shop[readwrite]=> ")).contains("Committed: 1 row affected.");
            assertThat(name(service, 1)).isEqualTo("plum");
            assertThat(service.pendingWrites(CallContext.of("test"))).isEmpty();
            assertThat(sh.quit()).isZero();
        }
    }

    @Test
    void modeSaysApprovalAgentWhereTheOperatorChoseIt() throws Exception {
        try (LocalGabyService service = sqlite(Mode.READWRITE);
                ShellHarness sh = new ShellHarness(service, "shop", dir.resolve("history"))) {
            sh.await("shop[readwrite]=> ");
            assertThat(sh.run("\\mode", "shop[readwrite]=> ")).contains("Approval: agent");
            assertThat(sh.quit()).isZero();
        }
    }

    @Test
    void ctrlCCancelsTheRunningStatementAndTheShellGoesOn() throws Exception {
        String url = TestDatabases.newPostgresDatabase();
        Catalog catalog = new Catalog(List.of(DatabaseConfig.of("pg", url).build()));
        try (LocalGabyService service =
                        new LocalGabyService(catalog, Settings.DEFAULT.withApproval(ApprovalPolicy.AGENT));
                ShellHarness sh = new ShellHarness(service, "pg", dir.resolve("history"))) {
            sh.await("pg=> ");
            sh.mark();
            long start = System.nanoTime();
            sh.type("SELECT pg_sleep(30);\r");
            awaitRunning(url);
            sh.type("\u0003");
            assertThat(sh.await("pg=> ")).contains("error [CANCELLED]");
            assertThat((System.nanoTime() - start) / 1_000_000_000L).isLessThan(20);
            assertThat(sh.run("SELECT 40 + 2 AS answer;", "pg=> ")).contains("42");
            assertThat(sh.quit()).isZero();
        }
    }

    /** Waits until PostgreSQL reports the sleep as running, so that Ctrl-C really interrupts a statement. */
    private static void awaitRunning(String url) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            try (var c = java.sql.DriverManager.getConnection(url);
                    var st = c.createStatement();
                    var rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                            + " AND query LIKE 'SELECT pg_sleep%'")) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return;
                }
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("pg_sleep never started");
    }

    private LocalGabyService sqlite(Mode mode) {
        return sqlite(Settings.DEFAULT.withMode(mode).withApproval(ApprovalPolicy.AGENT));
    }

    private LocalGabyService sqlite(Settings settings) {
        Path file = TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)",
                "INSERT INTO items VALUES (1, 'apple'), (2, 'pear'), (3, NULL)");
        return new LocalGabyService(new Catalog(List.of(DatabaseConfig.sqlite("shop", file))), settings);
    }

    private static long count(LocalGabyService service) {
        return ((Number) service.query(CallContext.of("test"), QueryRequest.of("shop", "SELECT count(*) FROM items"))
                        .rows()
                        .get(0)
                        .get(0))
                .longValue();
    }

    private static String name(LocalGabyService service, int id) {
        return (String) service.query(
                        CallContext.of("test"), QueryRequest.of("shop", "SELECT name FROM items WHERE id = " + id))
                .rows()
                .get(0)
                .get(0);
    }
}
