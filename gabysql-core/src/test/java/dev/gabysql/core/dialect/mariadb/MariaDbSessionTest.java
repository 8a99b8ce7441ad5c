package dev.gabysql.core.dialect.mariadb;

import static dev.gabysql.core.testing.TestDatabases.firstRow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Layer 2 on a real MariaDB, without the guard: raw statements through the dialect's sessions. A readonly session
 * must be refused writes by the engine itself, a session must leave nothing behind in a pooled connection, and a
 * cancelled statement must stop on the server.
 */
class MariaDbSessionTest {
    private static final Limits LIMITS = Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(20));

    private String url;
    private MariaDbProbe probe;
    private ConnectionSource source;

    @BeforeEach
    void setUp() {
        url = TestDatabases.newMariaDbDatabase();
        String db = MariaDbProbe.databaseOf(url);
        probe = new MariaDbProbe(TestDatabases.mariaDbAdminUrlFor(db), db);
        TestDatabases.run(
                url,
                "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20))",
                "INSERT INTO t VALUES (1, 'a')",
                "CREATE SEQUENCE s");
        source = new MariaDbDialect().connect(config(url), LIMITS);
    }

    @AfterEach
    void tearDown() {
        source.close();
    }

    private static DatabaseConfig config(String url) {
        return DatabaseConfig.of("m", url).build();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "INSERT INTO t VALUES (2, 'b')",
                "UPDATE t SET v = 'x'",
                "DELETE FROM t",
                "CREATE TABLE x (a INT)",
                "DROP TABLE t",
                "TRUNCATE t",
                "ALTER TABLE t ADD COLUMN w INT",
                "RENAME TABLE t TO t2",
                "CREATE TEMPORARY TABLE tmp (a INT)",
                "SELECT NEXTVAL(s)",
                "SELECT * FROM t FOR UPDATE",
                "LOCK TABLES t WRITE",
                "CREATE DATABASE gaby_never",
                "CREATE VIEW v AS SELECT 1",
                "REPLACE INTO t VALUES (1, 'z')",
                "INSERT INTO t SELECT 5, 'e'"
            })
    void aReadonlySessionIsRefusedWritesByTheEngine(String sql) {
        String before = probe.snapshot();
        try (Session s = source.open(Mode.READONLY, LIMITS);
                Statement st = s.connection().createStatement()) {
            assertThatThrownBy(() -> st.execute(sql))
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        assertThat(probe.snapshot()).isEqualTo(before);
    }

    @Test
    void aReadonlySessionIsReadOnlyTimeLimitedAndInsideATransaction() throws SQLException {
        try (Session s = source.open(Mode.READONLY, LIMITS)) {
            assertThat(firstRow(
                            s.connection(),
                            "SELECT @@tx_read_only, @@max_statement_time, @@autocommit,"
                                    + " @@in_transaction, @@innodb_lock_wait_timeout"))
                    .isEqualTo("1|20.000000|0|1|10");
        }
    }

    @Test
    void aWriteSessionRollsBackUnlessCommitted() throws SQLException {
        try (Session s = source.open(Mode.READWRITE, LIMITS);
                Statement st = s.connection().createStatement()) {
            assertThat(firstRow(s.connection(), "SELECT @@tx_read_only, @@autocommit"))
                    .isEqualTo("0|0");
            st.execute("INSERT INTO t VALUES (2, 'b')");
        }
        assertThat(probe.strings("SELECT COUNT(*) FROM `" + MariaDbProbe.databaseOf(url) + "`.t"))
                .containsExactly("1");
        try (Session s = source.open(Mode.READWRITE, LIMITS);
                Statement st = s.connection().createStatement()) {
            st.execute("INSERT INTO t VALUES (3, 'c')");
            s.commit();
        }
        assertThat(probe.strings("SELECT COUNT(*) FROM `" + MariaDbProbe.databaseOf(url) + "`.t"))
                .containsExactly("2");
    }

    @Test
    void nothingASessionLeftSurvivesTheReturnToThePool() throws SQLException {
        String lock = "gaby_" + UUID.randomUUID();
        String first;
        try (Session s = source.open(Mode.READONLY, LIMITS)) {
            first = firstRow(s.connection(), "SELECT CONNECTION_ID()");
            firstRow(s.connection(), "SELECT @leak := 'secret', GET_LOCK('" + lock + "', 0)");
            try (Statement st = s.connection().createStatement()) {
                st.execute("HANDLER t OPEN");
            }
            assertThat(probe.lockHeld(lock)).isTrue();
        }
        assertThat(probe.lockHeld(lock)).as("GET_LOCK lock released on return").isFalse();
        try (Session s = source.open(Mode.READONLY, LIMITS)) {
            assertThat(firstRow(s.connection(), "SELECT CONNECTION_ID()"))
                    .as("same pooled connection")
                    .isEqualTo(first);
            assertThat(firstRow(s.connection(), "SELECT @leak IS NULL, @@tx_read_only, @@in_transaction"))
                    .isEqualTo("1|1|1");
            try (Statement st = s.connection().createStatement()) {
                assertThatThrownBy(() -> st.execute("HANDLER t READ FIRST")).isInstanceOf(SQLException.class);
            }
        }
    }

    @Test
    void multiStatementsNeverReachTheServerEvenWhenTheUrlAllowsThem() throws SQLException {
        String before = probe.snapshot();
        try (ConnectionSource permissive =
                        new MariaDbDialect().connect(config(url + "&allowMultiQueries=true"), LIMITS);
                Session s = permissive.open(Mode.READWRITE, LIMITS);
                Statement st = s.connection().createStatement()) {
            assertThatThrownBy(() -> st.execute("SELECT 1; DROP TABLE t")).isInstanceOf(SQLException.class);
        }
        assertThat(probe.snapshot()).isEqualTo(before).contains("t=");
    }

    @Test
    void loadDataLocalCannotReadFilesOfGabysqlsMachine(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("secret.csv"), "7,leaked\n");
        try (ConnectionSource permissive =
                        new MariaDbDialect().connect(config(url + "&allowLocalInfile=true"), LIMITS);
                Session s = permissive.open(Mode.READWRITE, LIMITS);
                Statement st = s.connection().createStatement()) {
            assertThatThrownBy(() -> st.execute(
                            "LOAD DATA LOCAL INFILE '" + file + "' INTO TABLE t" + " FIELDS TERMINATED BY ','"))
                    .isInstanceOf(SQLException.class);
            s.commit();
        }
        assertThat(probe.strings("SELECT COUNT(*) FROM `" + MariaDbProbe.databaseOf(url) + "`.t"))
                .containsExactly("1");
    }

    @Test
    void mysqlSchemeUrlsAreServedByTheMariaDbDriver() throws SQLException {
        try (ConnectionSource mysql =
                        new MariaDbDialect().connect(config(url.replace("jdbc:mariadb:", "jdbc:mysql:")), LIMITS);
                Session s = mysql.open(Mode.READONLY, LIMITS)) {
            assertThat(firstRow(s.connection(), "SELECT COUNT(*) FROM t")).isEqualTo("1");
        }
    }

    /**
     * Connector/J's Statement.cancel() opens a second connection and sends KILL QUERY: the statement stops on the
     * server at once, long before its own 20 s limit. This is what gabysql's watchdog and client cancellation call.
     */
    @Test
    void cancelKillsTheStatementOnTheServer() throws Exception {
        String marker = "gaby_cancel_" + UUID.randomUUID().toString().replace("-", "");
        try (Session s = source.open(Mode.READONLY, LIMITS);
                Statement st = s.connection().createStatement()) {
            CompletableFuture<SQLException> running = CompletableFuture.supplyAsync(() -> {
                try {
                    st.executeQuery("SELECT SLEEP(15), '" + marker + "'");
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            awaitRunning(marker);
            long start = System.nanoTime();
            st.cancel();
            SQLException e = running.get(5, TimeUnit.SECONDS);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            assertThat((Throwable) e).isNotNull();
            assertThat(e.getErrorCode()).isEqualTo(1317); // ER_QUERY_INTERRUPTED
            assertThat(probe.running(marker)).isEmpty();
            s.markBroken();
        }
    }

    private void awaitRunning(String marker) throws InterruptedException {
        for (int i = 0; i < 100 && probe.running(marker).isEmpty(); i++) {
            Thread.sleep(20);
        }
        assertThat(probe.running(marker)).hasSize(1);
    }
}
