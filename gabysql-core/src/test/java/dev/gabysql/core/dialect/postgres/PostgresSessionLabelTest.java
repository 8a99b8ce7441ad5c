package dev.gabysql.core.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.SessionLabel;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every PostgreSQL session is labelled with the program and its caller in {@code application_name}, as a DBA sees it
 * in {@code pg_stat_activity} (docs/design.md#session-labels), on a real server.
 */
class PostgresSessionLabelTest {
    private static final Limits LIMITS = Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(20));
    private static final CallContext CI =
            CallContext.of("http").withToken("tokens[0]").withClient("curl@10.0.0.5");

    private String url;
    private LocalGabyService service;

    @BeforeEach
    void setUp() {
        url = TestDatabases.newPostgresDatabase();
        service = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of("pg", url).build())),
                new Settings(Mode.READONLY, LIMITS, Duration.ofSeconds(30), null).withCommand("serve"));
    }

    @AfterEach
    void tearDown() {
        service.close();
    }

    @Test
    void aRunningQueryShowsItsCallerInPgStatActivity() throws Exception {
        CompletableFuture<?> slow =
                CompletableFuture.runAsync(() -> service.query(CI, QueryRequest.of("pg", "SELECT pg_sleep(29.5)")));
        try (Connection dba = DriverManager.getConnection(url)) {
            String seen = awaitApplicationNameOf(dba, "%pg_sleep(29.5)%");
            assertThat(seen).isEqualTo("gabysql serve token=tokens[0] client=curl@10.0.0.5");
            try (Statement st = dba.createStatement()) {
                st.execute("SELECT pg_cancel_backend(pid) FROM pg_stat_activity"
                        + " WHERE query LIKE '%pg_sleep(29.5)%' AND pid <> pg_backend_pid()");
            }
        }
        slow.handle((r, e) -> null).get(30, TimeUnit.SECONDS);
    }

    @Test
    void callersTakingTurnsOnOnePooledConnectionEachSeeTheirOwnLabel() {
        CallContext mcp = CallContext.of("mcp").withClient("claude-code");
        for (int i = 0; i < 3; i++) {
            assertThat(ownApplicationName(CI)).isEqualTo("gabysql serve token=tokens[0] client=curl@10.0.0.5");
            assertThat(ownApplicationName(CI)).isEqualTo("gabysql serve token=tokens[0] client=curl@10.0.0.5");
            assertThat(ownApplicationName(mcp)).isEqualTo("gabysql serve client=claude-code");
        }
    }

    @Test
    void anUntrustedCallerNameIsCleanedAndCut() {
        CallContext hostile = CallContext.of("mcp")
                .withClient("evil\u0000\n\u001b[31m'); DROP TABLE x; --\\" + "☃".repeat(10) + "x".repeat(500));
        String seen = ownApplicationName(hostile);
        assertThat(seen)
                .isEqualTo(SessionLabel.of("serve", hostile).text())
                .startsWith("gabysql serve client=evil[31m?); DROP TABLE x; --?????")
                .hasSize(63)
                .matches("[\\x20-\\x7e]+");
    }

    @Test
    void aSessionWithItsOwnLimitsCarriesTheLabelInItsSetupBatch() throws Exception {
        DatabaseConfig db = DatabaseConfig.of("pg", url).build();
        SessionLabel label = SessionLabel.of("sql", CallContext.of("cli").withClient("gabysql-shell"));
        try (ConnectionSource source = new PostgresDialect().connect(db, LIMITS)) {
            for (Mode mode : List.of(Mode.READONLY, Mode.READWRITE, Mode.READONLY)) {
                try (Session s = source.open(mode, LIMITS.withStatementTimeout(Duration.ofSeconds(7)), label);
                        Statement st = s.connection().createStatement();
                        ResultSet rs = st.executeQuery(
                                "SELECT current_setting('application_name'), current_setting('statement_timeout')")) {
                    rs.next();
                    assertThat(rs.getString(1)).isEqualTo("gabysql sql client=gabysql-shell");
                    assertThat(rs.getString(2)).isEqualTo("7s");
                }
            }
        }
    }

    private String ownApplicationName(CallContext ctx) {
        return (String) service.query(
                        ctx,
                        QueryRequest.of(
                                "pg", "SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()"))
                .rows()
                .get(0)
                .get(0);
    }

    /** The application_name of the other session running a query like {@code pattern}, once it runs. */
    private static String awaitApplicationNameOf(Connection dba, String pattern) throws Exception {
        try (PreparedStatement ps = dba.prepareStatement("SELECT application_name FROM pg_stat_activity"
                + " WHERE query LIKE ? AND state = 'active' AND pid <> pg_backend_pid()")) {
            ps.setString(1, pattern);
            for (int i = 0; i < 200; i++) {
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return rs.getString(1);
                    }
                }
                Thread.sleep(50);
            }
        }
        return null;
    }
}
