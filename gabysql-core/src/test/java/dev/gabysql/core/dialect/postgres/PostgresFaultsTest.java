package dev.gabysql.core.dialect.postgres;

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
import dev.gabysql.core.testing.PgBouncer;
import dev.gabysql.core.testing.PgBouncer.PoolMode;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults answered for what they are (issue 24): a backend terminated mid-call (pg_terminate_backend: SQLSTATE 57P01,
 * "terminating connection due to administrator command", which read as SQL_ERROR with "Fix the SQL"), and a
 * PgBouncer that goes away and comes back. While the database cannot be reached every call answers
 * DATABASE_UNAVAILABLE with a retry hint; the first call once it is back succeeds, on the same gabysql.
 */
class PostgresFaultsTest {
    private static final Limits LIMITS = Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(20));
    private static final CallContext CTX = CallContext.of("test");

    private String url;
    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeEach
    void setUp() {
        url = TestDatabases.newPostgresDatabase();
    }

    @AfterEach
    void tearDown() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    @Test
    void aBackendTerminatedMidCallIsUnavailableNotBadSqlAndTheNextCallSucceeds() throws Exception {
        LocalGabyService service = service(url);
        assertThat(value(service, "SELECT 1")).isEqualTo("1");
        assertTerminatedMidCallThenServed(service);
    }

    /** The backend of an idle pooled connection goes: the next call is served, or told to retry; never "fix the SQL". */
    @Test
    void aBackendTerminatedBetweenCallsNeverReadsAsBadSql() throws Exception {
        LocalGabyService service = service(url);
        for (int round = 0; round < 3; round++) {
            assertThat(value(service, "SELECT 1")).isEqualTo("1");
            direct("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND application_name LIKE 'gabysql%'");
            GabyException first = failure(() -> value(service, "SELECT 2"));
            if (first != null) {
                assertUnavailableWithRetryHint(first);
            }
            assertThat(value(service, "SELECT 3")).isEqualTo("3");
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PoolMode.class,
            names = {"SESSION", "TRANSACTION"})
    void throughPgBouncerABackendTerminatedMidCallIsUnavailableAndTheNextCallSucceeds(PoolMode mode) throws Exception {
        LocalGabyService service = service(PgBouncer.shared(mode).url(url));
        assertThat(value(service, "SELECT 1")).isEqualTo("1");
        assertTerminatedMidCallThenServed(service);
    }

    /** PgBouncer stopped (every connection drops, new ones are refused), then started again on its port. */
    @ParameterizedTest
    @EnumSource(
            value = PoolMode.class,
            names = {"SESSION", "TRANSACTION"})
    void whilePgBouncerIsDownEveryCallIsUnavailableAndTheFirstAfterItIsBackSucceeds(PoolMode mode) {
        PgBouncer bouncer = PgBouncer.start(mode, 4, true);
        opened.add(bouncer);
        LocalGabyService service = service(bouncer.url(url));
        assertThat(value(service, "SELECT 1")).isEqualTo("1");

        bouncer.stop();
        for (int call = 0; call < 3; call++) {
            assertUnavailableWithRetryHint(failure(() -> value(service, "SELECT 1")));
        }
        bouncer.restart();
        assertThat(value(service, "SELECT 2"))
                .as("the first call after it is back")
                .isEqualTo("2");
    }

    /**
     * A failover behind PgBouncer as its console does one: KILL drops the database's client and server connections,
     * DISABLE refuses new clients meanwhile, ENABLE lets them in again.
     */
    @Test
    void whilePgBouncerRefusesTheDatabaseEveryCallIsUnavailableAndTheFirstAfterSucceeds() {
        PgBouncer bouncer = PgBouncer.start(PoolMode.TRANSACTION, 4, true);
        opened.add(bouncer);
        LocalGabyService service = service(bouncer.url(url));
        assertThat(value(service, "SELECT 1")).isEqualTo("1");
        String db = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));

        bouncer.admin("DISABLE " + db);
        bouncer.admin("KILL " + db);
        for (int call = 0; call < 3; call++) {
            assertUnavailableWithRetryHint(failure(() -> value(service, "SELECT 1")));
        }
        bouncer.admin("RESUME " + db); // KILL leaves the database paused
        bouncer.admin("ENABLE " + db);
        assertThat(value(service, "SELECT 2"))
                .as("the first call after it is back")
                .isEqualTo("2");
    }

    private void assertTerminatedMidCallThenServed(LocalGabyService service) throws Exception {
        CompletableFuture<GabyException> sleeping =
                CompletableFuture.supplyAsync(() -> failure(() -> value(service, "SELECT 1 FROM pg_sleep(30)")));
        String pid = awaitBackendOf("SELECT 1 FROM pg_sleep(30)");
        direct("SELECT pg_terminate_backend(" + pid + ")");
        GabyException e = sleeping.get(15, TimeUnit.SECONDS);
        assertUnavailableWithRetryHint(e);
        assertThat(e.sqlState()).isEqualTo("57P01");
        assertThat(e.getMessage()).contains("terminating connection due to administrator command");
        assertThat(value(service, "SELECT 2"))
                .as("the next call, on a new connection")
                .isEqualTo("2");
    }

    private static void assertUnavailableWithRetryHint(GabyException e) {
        assertThat(e).as("the call must fail").isNotNull();
        assertThat(e.code()).as(e.getMessage()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
        assertThat(e.hint()).contains("retry").doesNotContain("Fix the SQL");
    }

    private LocalGabyService service(String jdbcUrl) {
        LocalGabyService s = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of("pg", jdbcUrl).build())),
                new Settings(Mode.READONLY, LIMITS, Duration.ofSeconds(30), null));
        opened.add(s);
        return s;
    }

    private static String value(LocalGabyService service, String sql) {
        return String.valueOf(
                service.query(CTX, QueryRequest.of("pg", sql)).rows().get(0).get(0));
    }

    private static GabyException failure(Runnable call) {
        try {
            call.run();
            return null;
        } catch (GabyException e) {
            return e;
        }
    }

    private String awaitBackendOf(String query) throws Exception {
        for (int i = 0; i < 200; i++) {
            String pid = direct("SELECT coalesce(max(pid)::text, '') FROM pg_stat_activity WHERE state = 'active'"
                    + " AND query = '" + query + "'");
            if (!pid.isEmpty()) {
                return pid;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("never seen running: " + query);
    }

    private String direct(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            return TestDatabases.firstRow(c, sql);
        }
    }
}
