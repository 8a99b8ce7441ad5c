package dev.gabysql.core.dialect.postgres;

import static dev.gabysql.core.testing.TestDatabases.firstRow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.PgBouncer;
import dev.gabysql.core.testing.PgBouncer.PoolMode;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Layer 2 through PgBouncer 1.18 in session and transaction pooling (issue 24: through it, a gabysql session read
 * {@code off | 0} — not read-only, no statement timeout — where a direct one reads {@code on | 30s}). Each PgBouncer
 * here is the test run's own ({@link PgBouncer}) in front of the test PostgreSQL.
 */
class PgBouncerSessionTest {
    private static final Limits LIMITS = Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(20));
    private static final String HARDENING =
            "SELECT current_setting('transaction_read_only'), current_setting('statement_timeout')";

    private String url;
    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeEach
    void setUp() {
        url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, "CREATE TABLE t (id int PRIMARY KEY, v text)", "INSERT INTO t VALUES (1, 'a')");
    }

    @AfterEach
    void tearDown() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PoolMode.class,
            names = {"SESSION", "TRANSACTION"})
    void throughPgBouncerAReadIsReadOnlyAndBoundedInTheEngine(PoolMode mode) {
        LocalGabyService service = service(PgBouncer.shared(mode).url(url), null);
        for (int call = 0; call < 3; call++) { // the first use of a connection, then the sessions after it
            assertThat(row(service, HARDENING)).as("call " + call).isEqualTo("on|20s");
        }
        assertThat(row(
                        service,
                        "SELECT current_setting('lock_timeout'),"
                                + " current_setting('idle_in_transaction_session_timeout')"))
                .isEqualTo("10s|50s");
        assertThat(listed(service).safeguards()).contains("set in every transaction and read back", "pooler (detected");
    }

    @ParameterizedTest
    @EnumSource(
            value = PoolMode.class,
            names = {"SESSION", "TRANSACTION"})
    void throughPgBouncerTheEngineAloneRefusesARawWrite(PoolMode mode) throws SQLException {
        try (ConnectionSource source = source(PgBouncer.shared(mode).url(url), null);
                Session s = source.open(Mode.READONLY, LIMITS)) {
            assertThatThrownBy(() -> exec(s.connection(), "UPDATE t SET v = 'x'"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
        }
        assertThat(direct("SELECT v FROM t")).isEqualTo("a");
    }

    /** With {@code pooler = "pgbouncer"} no start-up options are sent: PgBouncer need not be told to ignore them. */
    @ParameterizedTest
    @EnumSource(
            value = PoolMode.class,
            names = {"SESSION", "TRANSACTION"})
    void aConfiguredPoolerNeedsNoStartupOptions(PoolMode mode) {
        PgBouncer strict = own(mode, 4, false);
        LocalGabyService service = service(strict.url(url), "pgbouncer");
        assertThat(row(service, HARDENING)).isEqualTo("on|20s");
        assertThat(listed(service).safeguards()).contains("through pgbouncer (configured)");
    }

    @Test
    void aPgBouncerThatRefusesTheStartupOptionsIsNamedInTheHint() {
        LocalGabyService service = service(own(PoolMode.TRANSACTION, 4, false).url(url), null);
        assertThatThrownBy(() -> row(service, "SELECT 1")).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
            assertThat(e.getMessage()).contains("unsupported startup parameter");
            assertThat(e.hint()).contains("ignore_startup_parameters", "pooler = \"pgbouncer\"");
        });
    }

    /** No transaction holds a setting in statement pooling: gabysql refuses the database rather than serve it bare. */
    @Test
    void statementPoolingIsRefusedNotServedWithoutTheHardening() {
        LocalGabyService service = service(PgBouncer.shared(PoolMode.STATEMENT).url(url), null);
        for (int call = 0; call < 2; call++) {
            assertThatThrownBy(() -> row(service, "SELECT v FROM t")).isInstanceOfSatisfying(GabyException.class, e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_HARDENED);
                assertThat(e.getMessage()).contains("statement pooling mode");
                assertThat(e.hint()).contains("pool_mode = transaction");
            });
        }
        assertThat(listed(service).safeguards()).startsWith("none in the engine: calls are refused");
    }

    /**
     * One server backend for every client (a pool of one): what gabysql's sessions did — settings, a label, other
     * limits, locks, prepared statements, cursors, LISTEN, in reads and in a committed write — is not visible to the
     * next client of that backend. In session pooling the next client gets the backend once gabysql's connections
     * are closed (PgBouncer's own DISCARD ALL runs then); in transaction pooling, between two transactions.
     */
    @ParameterizedTest
    @EnumSource(
            value = PoolMode.class,
            names = {"SESSION", "TRANSACTION"})
    void oneClientsSettingsAreNeverVisibleToTheNext(PoolMode mode) throws SQLException {
        String through = own(mode, 1, true).url(url);
        for (Mode sessionMode : new Mode[] {Mode.READONLY, Mode.READWRITE}) {
            ConnectionSource source = source(through, null);
            try {
                String gabysqlBackend;
                try (Session s = source.open(sessionMode, LIMITS.withStatementTimeout(Duration.ofSeconds(3)))) {
                    Connection c = s.connection();
                    gabysqlBackend = firstRow(c, "SELECT pg_backend_pid()");
                    for (String sql : leftovers()) {
                        exec(c, sql);
                    }
                    if (sessionMode == Mode.READWRITE) {
                        s.commit();
                    }
                }
                if (mode == PoolMode.SESSION) { // the backend is gabysql's as long as its connection is open
                    source.close();
                }
                try (Connection next = plainClient(through)) {
                    assertThat(firstRow(next, "SELECT pg_backend_pid()")).isEqualTo(gabysqlBackend);
                    assertThat(firstRow(next, NEXT_CLIENT_SEES))
                            .as("after a session in mode " + sessionMode.label())
                            .isEqualTo("0|0|0|off|off|next-client|\"$user\", public|0|0|0|0");
                }
            } finally {
                source.close();
            }
        }
    }

    /** And the other way: what another client of the backend left in its session does not loosen gabysql's. */
    @Test
    void anotherClientsSessionStateDoesNotLoosenGabysqlsTransaction() throws SQLException {
        PgBouncer single = own(PoolMode.TRANSACTION, 1, true);
        String through = single.url(url);
        LocalGabyService service = service(through, null);
        try (Connection other = plainClient(through)) {
            other.setAutoCommit(true);
            for (String sql : new String[] {
                "SET statement_timeout = 0",
                "SET lock_timeout = 0",
                "SET default_transaction_read_only = off",
                "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE",
                "SET application_name = 'other'"
            }) {
                exec(other, sql);
            }
            String backend = firstRow(other, "SELECT pg_backend_pid()");
            assertThat(row(
                            service,
                            "SELECT pg_backend_pid(), current_setting('transaction_read_only'),"
                                    + " current_setting('statement_timeout'), current_setting('lock_timeout')"))
                    .isEqualTo(backend + "|on|20s|10s");
        }
    }

    /** pgJDBC prepares nothing on the server ({@code prepareThreshold=0}): no EXECUTE can land on another backend. */
    @ParameterizedTest
    @EnumSource(
            value = PoolMode.class,
            names = {"SESSION", "TRANSACTION"})
    void aStatementRunManyTimesIsNeverPreparedOnTheServer(PoolMode mode) {
        LocalGabyService service = service(PgBouncer.shared(mode).url(url), null);
        for (int i = 0; i < 12; i++) {
            assertThat(service.query(
                                    CallContext.of("test"),
                                    new QueryRequest("pg", "SELECT v FROM t WHERE id = ?", List.of(1), null))
                            .rows())
                    .containsExactly(List.of("a"));
        }
        assertThat(row(service, "SELECT count(*) FROM pg_prepared_statements")).isEqualTo("0");
    }

    /**
     * A cancelled call and a timed-out one stop their own backend through PgBouncer (its cancel key maps to the
     * server connection the client holds at that moment), and another client's statement runs on.
     */
    @ParameterizedTest
    @EnumSource(
            value = PoolMode.class,
            names = {"SESSION", "TRANSACTION"})
    void cancelAndTimeoutStopTheRightBackend(PoolMode mode) throws Exception {
        String through = PgBouncer.shared(mode).url(url);
        LocalGabyService service = service(through, null);
        try (Connection bystander = plainClient(through)) {
            CompletableFuture<Void> sleeping = CompletableFuture.runAsync(() -> {
                try {
                    exec(bystander, "SELECT pg_sleep(60)");
                } catch (SQLException cancelledAtTheEnd) {
                    // the test cancels it when done
                }
            });
            awaitActive("next-client", "SELECT pg_sleep(60)");

            Cancellation cancellation = new Cancellation();
            CompletableFuture<Throwable> cancelled = CompletableFuture.supplyAsync(() -> failure(() -> service.query(
                    CallContext.of("test").withCancellation(cancellation),
                    QueryRequest.of("pg", "SELECT pg_sleep(59)"))));
            awaitActive("gabysql", "SELECT pg_sleep(59)");
            cancellation.cancel();
            assertThat(cancelled.get(10, TimeUnit.SECONDS))
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED));

            LocalGabyService quick = service(through, null, LIMITS.withStatementTimeout(Duration.ofSeconds(1)));
            assertThat(failure(() -> quick.query(CallContext.of("test"), QueryRequest.of("pg", "SELECT pg_sleep(58)"))))
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));

            assertThat(direct("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                            + " AND query = 'SELECT pg_sleep(60)'"))
                    .as("the bystander's statement runs on")
                    .isEqualTo("1");
            assertThat(direct("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                            + " AND query LIKE 'SELECT pg_sleep(5_)'"))
                    .as("gabysql's statements stopped")
                    .isEqualTo("0");
            direct("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(60)'");
            sleeping.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void directlyTheListingSaysTheStartupSettingsWereReadBack() {
        LocalGabyService service = service(url, null);
        assertThat(listed(service).safeguards()).isNull(); // nothing opened yet: nothing said
        assertThat(row(service, HARDENING)).isEqualTo("on|20s");
        assertThat(listed(service).safeguards())
                .isEqualTo("read-only transactions for reads and the statement timeout, in the engine: start-up"
                        + " settings of each connection, read back on its first use");
    }

    /** What a session could try to leave on its backend (a read's transaction undoes the transactional ones). */
    private static List<String> leftovers() {
        return List.of(
                "SELECT pg_advisory_lock(42)",
                "SET application_name = 'someone else'",
                "SET statement_timeout = 7777",
                "SET lock_timeout = 8888",
                "SET idle_in_transaction_session_timeout = 9999",
                "SET default_transaction_read_only = on",
                "SET search_path = pg_catalog",
                "PREPARE left_behind AS SELECT 1",
                "LISTEN somewhere",
                "DECLARE kept CURSOR WITH HOLD FOR SELECT 1");
    }

    private static final String NEXT_CLIENT_SEES = "SELECT current_setting('statement_timeout'),"
            + " current_setting('lock_timeout'), current_setting('idle_in_transaction_session_timeout'),"
            + " current_setting('default_transaction_read_only'), current_setting('transaction_read_only'),"
            + " current_setting('application_name'), current_setting('search_path'),"
            + " (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()),"
            + " (SELECT count(*) FROM pg_prepared_statements), (SELECT count(*) FROM pg_cursors WHERE name = 'kept'),"
            + " (SELECT count(*) FROM pg_listening_channels())";

    private LocalGabyService service(String jdbcUrl, String pooler) {
        return service(jdbcUrl, pooler, LIMITS);
    }

    private LocalGabyService service(String jdbcUrl, String pooler, Limits limits) {
        LocalGabyService s = new LocalGabyService(
                new Catalog(
                        List.of(DatabaseConfig.of("pg", jdbcUrl).pooler(pooler).build())),
                new Settings(Mode.READONLY, limits, Duration.ofSeconds(30), null));
        opened.add(s);
        return s;
    }

    private static ConnectionSource source(String jdbcUrl, String pooler) {
        return new PostgresDialect()
                .connect(DatabaseConfig.of("pg", jdbcUrl).pooler(pooler).build(), LIMITS);
    }

    private PgBouncer own(PoolMode mode, int poolSize, boolean ignoresOptions) {
        PgBouncer b = PgBouncer.start(mode, poolSize, ignoresOptions);
        opened.add(b);
        return b;
    }

    private static DatabaseInfo listed(LocalGabyService service) {
        return service.listDatabases(CallContext.of("test")).get(0);
    }

    private static String row(LocalGabyService service, String sql) {
        return service.query(CallContext.of("test"), QueryRequest.of("pg", sql)).rows().get(0).stream()
                .map(String::valueOf)
                .collect(Collectors.joining("|"));
    }

    /** A client of PgBouncer that is not gabysql: no start-up options, its own name. */
    private static Connection plainClient(String through) throws SQLException {
        return DriverManager.getConnection(through + "&ApplicationName=next-client&assumeMinServerVersion=9.0");
    }

    private String direct(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            return firstRow(c, sql);
        }
    }

    private void awaitActive(String applicationName, String query) throws Exception {
        for (int i = 0; i < 200; i++) {
            if (!"0"
                    .equals(direct("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query = '" + query
                            + "' AND application_name LIKE '" + applicationName + "%'"))) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("never seen running: " + query);
    }

    private static Throwable failure(Runnable call) {
        try {
            call.run();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
