package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts piped into {@code gabysql sql} are split where the database's own flavour ends statements (issue 20):
 * the guard's lexer, not a flavour-blind one.
 */
class ScriptSplittingIT {
    @TempDir
    Path dir;

    /** It failed with "incomplete input": the splitter cut the trigger at the first semicolon of its body. */
    @Test
    void aSqliteTriggerWithStatementsInItsBodyRunsAsOneStatement() throws Exception {
        Path file = TestDatabases.sqliteFile(dir, "x", "CREATE TABLE a (id INTEGER)", "CREATE TABLE b (n INTEGER)");
        String script = "CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); INSERT INTO b VALUES (2);"
                + " END;\nINSERT INTO a VALUES (1);\nSELECT count(*) AS n FROM b;\n";
        GabysqlProcess.Result r = GabysqlProcess.gabysql(
                dir, Map.of(), script, "sql", "--db", file.toString(), "--mode", "admin", "--yes", "--format", "csv");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(lines(r.out())).contains("n\n2\n");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            assertThat(TestDatabases.firstRow(c, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'"))
                    .isEqualTo("1");
            assertThat(TestDatabases.firstRow(c, "SELECT group_concat(n) FROM (SELECT n FROM b ORDER BY n)"))
                    .isEqualTo("1,2");
        }
    }

    /**
     * The string's semicolon cut it in two, and its second half swallowed the next statement. Now the INSERT is one
     * statement (which the guard refuses on its own: where a backslash-escaped quote ends depends on sql_mode) and
     * the SELECT after it another.
     */
    @Test
    void aMariaDbStringWithABackslashEscapedQuoteStaysInOneStatement() throws Exception {
        String url = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(url, "CREATE TABLE t (s VARCHAR(40))");
        GabysqlProcess.Result r = mariaDb(url, "INSERT INTO t VALUES ('it\\'s; ok'); SELECT 1 AS one;\n");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err())
                .contains("error [UNCLASSIFIABLE]", "a backslash before a quote")
                .doesNotContain("not closed");
        assertThat(lines(r.out())).contains("one\n1\n");
        assertThat(rows(url)).isEqualTo("0");
    }

    /** A compound body is kept whole (and refused by the guard): none of its statements runs alone. */
    @Test
    void aMariaDbProcedureBodyNeverRunsStatementByStatement() throws Exception {
        String url = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(url, "CREATE TABLE t (s VARCHAR(40))");
        GabysqlProcess.Result r = mariaDb(
                url, "CREATE PROCEDURE p() BEGIN INSERT INTO t VALUES ('body'); END;\nSELECT 2 AS two;\n", "--mode");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("error [UNCLASSIFIABLE]", "compound statement", "BEGIN … END");
        assertThat(lines(r.out())).contains("two\n2\n");
        assertThat(rows(url)).isEqualTo("0");
    }

    /** The script on {@code url} in readwrite (admin with {@code --mode}), committing, going on after errors. */
    private GabysqlProcess.Result mariaDb(String url, String script, String... admin) throws Exception {
        return GabysqlProcess.gabysql(
                dir,
                Map.of(),
                script,
                "sql",
                "--db",
                "m=" + url,
                "--mode",
                admin.length > 0 ? "admin" : "readwrite",
                "--yes",
                "--continue-on-error",
                "--format",
                "csv");
    }

    /** CSV rows end with CRLF (RFC 4180). */
    private static String lines(String csv) {
        return csv.replace("\r\n", "\n");
    }

    private static String rows(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url)) {
            return TestDatabases.firstRow(c, "SELECT count(*) FROM t");
        }
    }
}
