package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which database {@code gabysql sql} runs on (issue 20): a SQLite file given as the DB argument, as sqlite3 takes
 * it; {@code --create}; a database given on the command line wins over the others in {@code ./data}.
 */
class SqlTargetIT {
    @TempDir
    Path dir;

    private Path shop;

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(dir.resolve("data"));
        shop = TestDatabases.sqliteFile(
                dir, "shop", "CREATE TABLE items (id INTEGER PRIMARY KEY)", "INSERT INTO items VALUES (1), (2)");
        TestDatabases.sqliteFile(dir.resolve("data"), "other", "CREATE TABLE o (id INTEGER)");
        TestDatabases.sqliteFile(dir.resolve("data"), "spare", "CREATE TABLE s (id INTEGER)");
    }

    /** It answered "paths are not accepted" (or "unknown database") with a hint naming an MCP tool. */
    @Test
    void aSqliteFileGivenAsTheDbArgumentIsOpenedLikeSqlite3Does() throws Exception {
        for (String arg : new String[] {"shop.db", "./shop.db", shop.toString()}) {
            GabysqlProcess.Result r = sql(arg, "-c", "SELECT count(*) AS n FROM items");
            assertThat(r.exit()).as(arg + ": " + r.err()).isZero();
            assertThat(r.out()).contains(" 2");
        }
    }

    @Test
    void aMissingFileIsAnErrorNamingCreateAndNothingIsCreated() throws Exception {
        GabysqlProcess.Result r = sql("new.db", "-c", "SELECT 1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("No SQLite file at new.db", "--create").doesNotContain("gabysql_");
        assertThat(dir.resolve("new.db")).doesNotExist();
    }

    @Test
    void createMakesANewEmptyDatabaseInAdmin() throws Exception {
        GabysqlProcess.Result r = sql(
                "new.db",
                "--create",
                "--mode",
                "admin",
                "--yes",
                "-c",
                "CREATE TABLE t (x INTEGER)",
                "-c",
                "INSERT INTO t VALUES (7)",
                "-c",
                "SELECT x FROM t");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains(" 7");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("new.db"))) {
            assertThat(TestDatabases.firstRow(c, "SELECT x FROM t")).isEqualTo("7");
        }
    }

    @Test
    void createInReadwriteMakesAnEmptyFileThatReads() throws Exception {
        GabysqlProcess.Result r = sql("empty.db", "--create", "--mode", "readwrite", "-c", "SELECT 1 AS one");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("one");
        assertThat(dir.resolve("empty.db")).exists();
        assertThat(sql("empty.db", "-c", "SELECT count(*) AS n FROM sqlite_master")
                        .out())
                .contains(" 0");
    }

    @Test
    void createIsRefusedInReadonlyAndNothingIsCreated() throws Exception {
        GabysqlProcess.Result r = sql("new.db", "--create", "-c", "SELECT 1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--create", "--mode readwrite or admin");
        assertThat(dir.resolve("new.db")).doesNotExist();
    }

    /** It answered "Several databases; name one" because ./data held others. */
    @Test
    void aDatabaseGivenWithDbIsTheOneUsedEvenWithOthersInTheDataDirectory() throws Exception {
        for (String spec : new String[] {"x=" + shop, shop.toString()}) {
            GabysqlProcess.Result r = sql("--db", spec, "-c", "SELECT count(*) AS n FROM items");
            assertThat(r.exit()).as(spec + ": " + r.err()).isZero();
            assertThat(r.out()).contains(" 2");
        }
    }

    @Test
    void demoIsTheOneUsedEvenWithOthersInTheDataDirectory() throws Exception {
        GabysqlProcess.Result r = sql("--demo", "-c", "SELECT count(*) AS n FROM customers");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("(1 row)");
    }

    @Test
    void severalDatabasesOnTheCommandLineMustStillBeNamed() throws Exception {
        Path second = TestDatabases.sqliteFile(dir, "second", "CREATE TABLE z (id INTEGER)");
        GabysqlProcess.Result r = sql("--db", "a=" + shop, "--db", "b=" + second, "-c", "SELECT 1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("Several databases; name one: a, b");
        GabysqlProcess.Result named =
                sql("b", "--db", "a=" + shop, "--db", "b=" + second, "-c", "SELECT count(*) AS n FROM z");
        assertThat(named.exit()).as(named.err()).isZero();
    }

    @Test
    void withNothingOnTheCommandLineSeveralInTheDataDirectoryMustBeNamed() throws Exception {
        GabysqlProcess.Result r = sql("-c", "SELECT 1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("Several databases; name one: other, spare");
        assertThat(Files.exists(dir.resolve("data").resolve("demo.db"))).isFalse();
    }

    private GabysqlProcess.Result sql(String... args) throws Exception {
        String[] all = new String[args.length + 3];
        all[0] = "sql";
        all[1] = "--audit-log";
        all[2] = "none";
        System.arraycopy(args, 0, all, 3, args.length);
        return GabysqlProcess.gabysql(dir, Map.of(), null, all);
    }
}
