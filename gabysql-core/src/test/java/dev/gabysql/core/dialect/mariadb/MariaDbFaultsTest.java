package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Faults answered for what they are on MariaDB (issue 24): a connection killed from another session ({@code KILL}),
 * while a call runs on it or while it waits in the pool, is DATABASE_UNAVAILABLE with a retry hint, never
 * SQL_ERROR; the call after it runs on a new connection.
 */
class MariaDbFaultsTest {
    private static final Limits LIMITS = Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(40));
    private static final CallContext CTX = CallContext.of("test");

    private String adminUrl;
    private String database;
    private LocalGabyService service;

    @BeforeEach
    void setUp() {
        String url = TestDatabases.newMariaDbDatabase();
        database = MariaDbProbe.databaseOf(url);
        adminUrl = TestDatabases.mariaDbAdminUrlFor(database);
        service = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of("m", url).build())),
                new Settings(Mode.READONLY, LIMITS, Duration.ofSeconds(30), null));
    }

    @AfterEach
    void tearDown() {
        service.close();
    }

    @Test
    void aConnectionKilledMidCallIsUnavailableNotBadSqlAndTheNextCallSucceeds() throws Exception {
        assertThat(value("SELECT 1")).isEqualTo("1");
        CompletableFuture<GabyException> sleeping =
                CompletableFuture.supplyAsync(() -> failure(() -> value("SELECT SLEEP(30)")));
        long id = awaitConnectionRunning("SELECT SLEEP(30)");
        admin("KILL " + id);
        assertUnavailableWithRetryHint(sleeping.get(15, TimeUnit.SECONDS));
        assertThat(value("SELECT 2")).as("the next call, on a new connection").isEqualTo("2");
    }

    @Test
    void aConnectionKilledBetweenCallsNeverReadsAsBadSql() throws Exception {
        for (int round = 0; round < 3; round++) {
            assertThat(value("SELECT 1")).isEqualTo("1");
            for (long id : idleConnectionsOfTheDatabase()) {
                admin("KILL " + id);
            }
            GabyException first = failure(() -> value("SELECT 2"));
            if (first != null) {
                assertUnavailableWithRetryHint(first);
            }
            assertThat(value("SELECT 3")).isEqualTo("3");
        }
    }

    private static void assertUnavailableWithRetryHint(GabyException e) {
        assertThat(e).as("the call must fail").isNotNull();
        assertThat(e.code()).as(e.getMessage()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
        assertThat(e.hint()).contains("retry").doesNotContain("Fix the SQL");
    }

    private String value(String sql) {
        return String.valueOf(
                service.query(CTX, QueryRequest.of("m", sql)).rows().get(0).get(0));
    }

    private static GabyException failure(Runnable call) {
        try {
            call.run();
            return null;
        } catch (GabyException e) {
            return e;
        }
    }

    private long awaitConnectionRunning(String query) throws Exception {
        for (int i = 0; i < 200; i++) {
            List<Long> ids = ids("SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE '%" + query
                    + "%' AND ID <> CONNECTION_ID()");
            if (!ids.isEmpty()) {
                return ids.get(0);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("never seen running: " + query);
    }

    private List<Long> idleConnectionsOfTheDatabase() throws SQLException {
        return ids("SELECT ID FROM information_schema.PROCESSLIST WHERE COMMAND = 'Sleep' AND DB = '" + database
                + "' AND ID <> CONNECTION_ID()");
    }

    private List<Long> ids(String sql) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(adminUrl);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    private void admin(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(adminUrl);
                Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            if (e.getErrorCode() != 1094) { // Unknown thread id: it ended meanwhile
                throw e;
            }
        }
    }
}
