package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged jar's shell on a real pseudo-terminal: what a person at a terminal sees and does. */
class ShellPtyIT {
    @TempDir
    Path dir;

    @Test
    void aReadwriteSessionMultiLineDescribePreviewConfirmAndCtrlD() throws Exception {
        Path file = shop();
        Path history = dir.resolve("history");
        try (PtySession t = PtySession.start(
                dir,
                Map.of("GABYSQL_HISTORY", history.toString()),
                "sql",
                "--db",
                "shop=" + file,
                "--mode",
                "readwrite")) {
            assertThat(t.await("shop[readwrite]=> ")).contains("`shop` (sqlite, readwrite)");
            t.mark();
            t.type("SELECT id, name\r").await("shop[readwrite]-> ");
            t.type("FROM items ORDER BY id;\r");
            assertThat(t.await("(3 rows)")).contains(" id | name", "  1 | apple", "  3 | ∅");
            t.mark();
            assertThat(t.type("\\d\r").await("(1 row)")).contains("items", "table");
            t.mark();
            t.type("UPDATE items SET name = 'plum' WHERE id = 1;\r");
            assertThat(t.await("Commit? [y/N] ")).contains("Preview: 1 row would be affected", "plum");
            t.mark();
            assertThat(t.type("y\r").await("shop[readwrite]=> ")).contains("Committed: 1 row affected.");
            assertThat(query(file, "SELECT name FROM items WHERE id = 1")).isEqualTo("plum");
            t.type("\u0004");
            assertThat(t.exitCode()).isZero();
        }
        assertThat(Files.readString(history)).contains("FROM items ORDER BY id;", "UPDATE items SET name");
    }

    @Test
    void aWriteInReadonlyIsRefusedAndBackslashQQuits() throws Exception {
        Path file = shop();
        try (PtySession t = PtySession.start(
                dir, Map.of("GABYSQL_HISTORY", dir.resolve("h").toString()), "sql", "--db", "shop=" + file)) {
            t.await("shop=> ");
            t.mark();
            t.type("DELETE FROM items WHERE id = 1;\r");
            assertThat(t.await("shop=> ")).contains("error [READ_ONLY]").doesNotContain("Commit?");
            t.type("\\q\r");
            assertThat(t.exitCode()).isZero();
        }
        assertThat(query(file, "SELECT count(*) FROM items")).isEqualTo("3");
    }

    @Test
    void ctrlCCancelsPgSleepAndTheShellStaysUsable() throws Exception {
        String url = TestDatabases.newPostgresDatabase();
        try (PtySession t = PtySession.start(
                dir, Map.of("GABYSQL_HISTORY", dir.resolve("h").toString()), "sql", "--db", "pg=" + url, "pg")) {
            t.await("pg=> ");
            t.mark();
            long start = System.nanoTime();
            t.type("SELECT pg_sleep(30);\r");
            awaitSleeping(url);
            t.type("\u0003");
            assertThat(t.await("pg=> ")).contains("error [CANCELLED]");
            assertThat((System.nanoTime() - start) / 1_000_000_000L).isLessThan(25);
            t.mark();
            assertThat(t.type("SELECT 40 + 2 AS answer;\r").await("(1 row)")).contains("42");
            t.type("\\q\r");
            assertThat(t.exitCode()).isZero();
        }
    }

    private Path shop() {
        return TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)",
                "INSERT INTO items VALUES (1, 'apple'), (2, 'pear'), (3, NULL)");
    }

    private static String query(Path file, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Waits until PostgreSQL runs the sleep, so that Ctrl-C interrupts a running statement. */
    private static void awaitSleeping(String url) throws Exception {
        for (int i = 0; i < 600; i++) {
            try (Connection c = DriverManager.getConnection(url);
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                            + " AND query LIKE 'SELECT pg_sleep%'")) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("pg_sleep never started");
    }
}
