package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gabysql sql} with SQL on stdin or -c (no terminal): results, exit codes, previews and --yes. */
class ScriptModeIT {
    @TempDir
    Path dir;

    private Path file;

    @BeforeEach
    void setUp() {
        file = TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)",
                "INSERT INTO items VALUES (1, 'apple'), (2, 'pear'), (3, NULL)");
    }

    @Test
    void aScriptOfReadsExitsZeroWithEveryResult() throws Exception {
        GabysqlProcess.Result r = sql(
                "SELECT count(*) AS n FROM items;\n-- a comment\nSELECT name FROM items" + " WHERE id = 2;\n",
                "--db",
                "shop=" + file);
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains(" n", " 3", "pear", "(1 row)");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void theFirstErrorStopsTheScriptWithExitOne() throws Exception {
        GabysqlProcess.Result r =
                sql("SELECT 'first' AS a;\nSELECT nope FROM nothing;\nSELECT 'third' AS c;\n", "--db", "shop=" + file);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("first").doesNotContain("third");
        assertThat(r.err()).contains("error [SQL_ERROR]").doesNotContain("Exception", "\tat ");
    }

    @Test
    void continueOnErrorRunsTheRestButStillExitsOne() throws Exception {
        GabysqlProcess.Result r = sql(
                "SELECT 'first' AS a;\nSELECT nope FROM nothing;\nSELECT 'third' AS c;\n",
                "--db",
                "shop=" + file,
                "--continue-on-error");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("first", "third");
    }

    @Test
    void aWriteInReadonlyIsRefused() throws Exception {
        GabysqlProcess.Result r = sql("DELETE FROM items WHERE id = 1;", "--db", "shop=" + file, "--yes");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("error [READ_ONLY]", "--mode readwrite");
        assertThat(count()).isEqualTo(3);
    }

    @Test
    void aScriptWriteWithoutYesIsPreviewedNotCommittedAndExitsOne() throws Exception {
        GabysqlProcess.Result r = sql(
                "DELETE FROM items WHERE id <= 2;\nSELECT 'after' AS x;\n",
                "--db",
                "shop=" + file,
                "--mode",
                "readwrite",
                "--approval",
                "agent");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out())
                .contains("Preview: 2 rows would be affected")
                .doesNotContain("after")
                .doesNotContain("confirm_token");
        assertThat(r.err()).contains("not committed", "--yes");
        assertThat(count()).isEqualTo(3);
    }

    @Test
    void withApprovalHumanAScriptWriteWithoutYesWaitsForAPersonAndSaysWhereToApproveIt() throws Exception {
        GabysqlProcess.Result r = sql(
                "DELETE FROM items WHERE id <= 2;\nSELECT 'after' AS x;\n",
                "--db",
                "shop=" + file,
                "--mode",
                "readwrite",
                "--approvals-dir",
                dir.resolve("approvals").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out())
                .contains("Awaiting approval: 2 rows would be affected", "approval id apr_")
                .doesNotContain("after")
                .doesNotContain("confirm_token");
        assertThat(r.err()).contains("not committed", "approval id apr_", "gabysql approve", "--yes");
        assertThat(count()).isEqualTo(3);
        try (java.util.stream.Stream<Path> waiting = java.nio.file.Files.list(dir.resolve("approvals"))) {
            assertThat(waiting.filter(p -> p.getFileName().toString().startsWith("apr_")))
                    .hasSize(1);
        }
    }

    @Test
    void aFlagGivingAnUnknownApprovalIsAConfigurationError() throws Exception {
        GabysqlProcess.Result r = sql("SELECT 1;", "--db", "shop=" + file, "--approval", "auto");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("CONFIG_INVALID", "Unknown approval `auto`", "--approval human");
    }

    @Test
    void withYesTheWriteIsCommitted() throws Exception {
        GabysqlProcess.Result r = GabysqlProcess.gabysql(
                dir,
                Map.of(),
                null,
                "sql",
                "--db",
                "shop=" + file,
                "--mode",
                "readwrite",
                "--yes",
                "-c",
                "DELETE FROM items WHERE id <= 2",
                "--format",
                "json");
        assertThat(r.exit()).isZero();
        assertThat(r.out().strip()).startsWith("{\"status\":\"committed\",\"affected_rows\":2");
        assertThat(count()).isEqualTo(1);
    }

    @Test
    void aFullTableWriteNeedsAllowFullTable() throws Exception {
        GabysqlProcess.Result refused = GabysqlProcess.gabysql(
                dir,
                Map.of(),
                null,
                "sql",
                "--db",
                "shop=" + file,
                "--mode",
                "readwrite",
                "--yes",
                "-c",
                "UPDATE items SET name = 'x'");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("FULL_TABLE_WRITE");
        GabysqlProcess.Result allowed = GabysqlProcess.gabysql(
                dir,
                Map.of(),
                null,
                "sql",
                "--db",
                "shop=" + file,
                "--mode",
                "readwrite",
                "--yes",
                "--allow-full-table",
                "-c",
                "UPDATE items SET name = 'x'");
        assertThat(allowed.exit()).isZero();
        assertThat(allowed.out()).contains("Committed: 3 rows affected.");
    }

    @Test
    void theEnvironmentGivesADatabaseAndItsPasswordIsNeverPrinted() throws Exception {
        GabysqlProcess.Result r = GabysqlProcess.gabysql(
                dir,
                Map.of(
                        "GABYSQL_DB_URL",
                        file.toString(),
                        "GABYSQL_DB_NAME",
                        "envdb",
                        "GABYSQL_DB_PASSWORD",
                        "hunter2-secret"),
                null,
                "sql",
                "envdb",
                "-c",
                "SHOW DATABASES",
                "-c",
                "SELECT count(*) AS n FROM items");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("envdb", " 3");
        assertThat(r.out() + r.err()).doesNotContain("hunter2-secret");
    }

    /**
     * A script larger than the heap runs, statement by statement, as it is read. (Read whole first, it ended in an
     * OutOfMemoryError and a stack trace before its first statement.)
     */
    @Test
    void aScriptLargerThanTheHeapRunsAsItIsRead() throws Exception {
        String value = "v".repeat(30_000);
        StringBuilder script = new StringBuilder();
        for (int i = 1; i <= 1_500; i++) { // 45 MB of script for a 32 MiB heap
            script.append("SELECT ")
                    .append(i)
                    .append(" AS n, length('")
                    .append(value)
                    .append("') AS len;\n");
        }
        java.util.List<String> cmd = new java.util.ArrayList<>(
                GabysqlProcess.java(dir, "sql", "--db", "shop=" + file, "--audit-log", "none", "--format", "csv"));
        cmd.add(1, "-Xmx32m");
        GabysqlProcess.Result r = GabysqlProcess.run(dir, Map.of(), script.toString(), cmd);
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).doesNotContain("\tat ", "OutOfMemoryError");
        assertThat(r.out()).contains("1500,30000");
    }

    private GabysqlProcess.Result sql(String script, String... args) throws Exception {
        String[] all = new String[args.length + 1];
        all[0] = "sql";
        System.arraycopy(args, 0, all, 1, args.length);
        return GabysqlProcess.gabysql(dir, Map.of(), script, all);
    }

    private long count() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM items")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
