package dev.gabysql.core.dialect.postgres;

import static dev.gabysql.core.testing.TestDatabases.firstRow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Layer 2 on a real PostgreSQL, without the guard: raw statements through the dialect's sessions. The settings a
 * readonly session relies on come from the connection's start-up options (no statement before the query),
 * and whatever a session changes is gone when the pooled connection is handed out again.
 */
class PostgresSessionTest {
    private static final Limits LIMITS = Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(20));

    private String url;
    private ConnectionSource source;

    @BeforeEach
    void setUp() {
        url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, "CREATE TABLE t (id int PRIMARY KEY, v text)", "INSERT INTO t VALUES (1, 'a')");
        source = new PostgresDialect().connect(config(url), LIMITS);
    }

    @AfterEach
    void tearDown() {
        source.close();
    }

    private static DatabaseConfig config(String url) {
        return DatabaseConfig.of("p", url).build();
    }

    @Test
    void aReadonlySessionIsReadOnlyAndBoundedWithoutAStatementOfItsOwn() throws SQLException {
        try (Session s = source.open(Mode.READONLY, LIMITS)) {
            assertThat(firstRow(
                            s.connection(),
                            "SELECT current_setting('transaction_read_only'),"
                                    + " current_setting('statement_timeout'), current_setting('application_name')"))
                    .isEqualTo("on|20s|gabysql");
            assertThatThrownBy(() -> exec(s.connection(), "UPDATE t SET v = 'x'"))
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
        }
        assertThat(onFreshConnection(url, "SELECT v FROM t")).isEqualTo("a");
    }

    @Test
    void aReadonlySessionLeavesNothingBehindInItsConnection() throws SQLException {
        String pid;
        try (Session s = source.open(Mode.READONLY, LIMITS)) {
            Connection c = s.connection();
            pid = firstRow(c, "SELECT pg_backend_pid()");
            exec(c, "SELECT pg_advisory_lock(42)");
            exec(c, "SET application_name = 'someone else'");
            exec(c, "SET statement_timeout = 7777"); // not 1 ms: the statements after it must still run
            exec(c, "SET default_transaction_read_only = off");
            exec(c, "PREPARE left_behind AS SELECT 1");
            exec(c, "LISTEN somewhere");
            exec(c, "DECLARE kept CURSOR WITH HOLD FOR SELECT * FROM t");
        }
        try (Session s = source.open(Mode.READONLY, LIMITS)) {
            Connection c = s.connection();
            assertThat(firstRow(c, "SELECT pg_backend_pid()")).isEqualTo(pid); // the same pooled connection
            assertThat(firstRow(
                            c,
                            "SELECT (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
                                    + " AND pid = pg_backend_pid()), current_setting('application_name'),"
                                    + " current_setting('statement_timeout'), current_setting('default_transaction_read_only'),"
                                    + " (SELECT count(*) FROM pg_prepared_statements),"
                                    + " (SELECT count(*) FROM pg_cursors WHERE name = 'kept'),"
                                    + " (SELECT count(*) FROM pg_listening_channels())"))
                    .isEqualTo("0|gabysql|20s|on|0|0|0");
        }
    }

    @Test
    void aSessionWithOtherLimitsSetsThemForItsTransactionOnly() throws SQLException {
        try (Session s = source.open(Mode.READONLY, LIMITS.withStatementTimeout(Duration.ofSeconds(3)))) {
            assertThat(firstRow(
                            s.connection(),
                            "SELECT current_setting('statement_timeout'),"
                                    + " current_setting('transaction_read_only')"))
                    .isEqualTo("3s|on");
        }
        try (Session s = source.open(Mode.READONLY, LIMITS)) {
            assertThat(firstRow(s.connection(), "SELECT current_setting('statement_timeout')"))
                    .isEqualTo("20s");
        }
    }

    @Test
    void aUrlWithItsOwnOptionsStillGetsReadOnlyBoundedSessions() throws SQLException {
        ConnectionSource own =
                new PostgresDialect().connect(config(url + "&options=-c%20search_path%3Dpublic"), LIMITS);
        try (Session s = own.open(Mode.READONLY, LIMITS)) {
            assertThat(firstRow(
                            s.connection(),
                            "SELECT current_setting('transaction_read_only'),"
                                    + " current_setting('statement_timeout')"))
                    .isEqualTo("on|20s");
        } finally {
            own.close();
        }
    }

    /**
     * Every pooled connection busy with another call: the next call is told so (OVER_CAPACITY, wait or cancel),
     * not that the database is unreachable — and once a call ends, the next one runs.
     */
    @Test
    void aCallBeyondThePoolIsToldTheConnectionsAreBusyNotThatTheDatabaseIsDown() throws SQLException {
        List<Session> held = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                held.add(source.open(Mode.READONLY, LIMITS));
            }
            assertThatThrownBy(() -> source.open(Mode.READONLY, LIMITS))
                    .isInstanceOfSatisfying(GabyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.OVER_CAPACITY);
                        assertThat(e.getMessage()).contains("All 4 connections", "busy");
                        assertThat(e.hint()).contains("cancel");
                    });
            held.remove(0).close();
            try (Session s = source.open(Mode.READONLY, LIMITS)) {
                assertThat(firstRow(s.connection(), "SELECT 1")).isEqualTo("1");
            }
        } finally {
            held.forEach(Session::close);
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** A value read on a fresh connection, outside any gabysql session. */
    private static String onFreshConnection(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            return firstRow(c, sql);
        }
    }
}
