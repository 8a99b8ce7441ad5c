package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.exec.Limits;
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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MariaDB sessions name the program in the {@code program_name} connection attribute and the caller in
 * {@code @gabysql_session} (docs/design.md#session-labels), on a real server. What another session sees needs the
 * server's performance_schema, which is off by default: those tests run where it is on.
 */
class MariaDbSessionLabelTest {
    private static final Limits LIMITS = Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(40));
    private static final CallContext CI =
            CallContext.of("http").withToken("tokens[0]").withClient("curl@10.0.0.5");
    private static final String CI_LABEL = "gabysql serve token=tokens[0] client=curl@10.0.0.5";

    private String adminUrl;
    private LocalGabyService service;

    @BeforeEach
    void setUp() {
        String url = TestDatabases.newMariaDbDatabase();
        adminUrl = TestDatabases.mariaDbAdminUrlFor(MariaDbProbe.databaseOf(url));
        service = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of("m", url).build())),
                new Settings(Mode.READONLY, LIMITS, Duration.ofSeconds(30), null).withCommand("serve"));
    }

    @AfterEach
    void tearDown() {
        service.close();
    }

    @Test
    void eachCallerSeesItsOwnLabelInTheSessionAndNothingOfTheOneBefore() {
        CallContext mcp = CallContext.of("mcp").withClient("claude-code");
        for (int i = 0; i < 3; i++) {
            assertThat(one(CI, "SELECT @gabysql_session")).isEqualTo(CI_LABEL);
            assertThat(one(mcp, "SELECT @gabysql_session")).isEqualTo("gabysql serve client=claude-code");
        }
    }

    @Test
    void anUntrustedCallerNameIsCleanedAndCut() {
        CallContext hostile = CallContext.of("mcp").withClient("x\u0000\n'; SET @a = 1; -- \\" + "y".repeat(500));
        assertThat(one(hostile, "SELECT @gabysql_session"))
                .startsWith("gabysql serve client=x?; SET @a = 1; -- ?y")
                .hasSize(63);
    }

    @Test
    void aRunningQueryShowsTheProgramAndItsCallerInPerformanceSchema() throws Exception {
        try (Connection dba = DriverManager.getConnection(adminUrl)) {
            Assumptions.assumeTrue(
                    "1".equals(value(dba, "SELECT @@performance_schema")),
                    "performance_schema is off on this server (start it with --performance-schema=ON)");
            CompletableFuture<?> slow =
                    CompletableFuture.runAsync(() -> service.query(CI, QueryRequest.of("m", "SELECT SLEEP(29.5)")));
            try {
                String id = awaitValue(
                        dba, "SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE '%SELECT SLEEP(29.5)'");
                assertThat(id).isNotNull();
                assertThat(value(
                                dba,
                                "SELECT ATTR_VALUE FROM performance_schema.session_connect_attrs"
                                        + " WHERE PROCESSLIST_ID = " + id + " AND ATTR_NAME = 'program_name'"))
                        .isEqualTo("gabysql-serve");
                assertThat(value(
                                dba,
                                "SELECT u.VARIABLE_VALUE FROM performance_schema.user_variables_by_thread u"
                                        + " JOIN performance_schema.threads t ON t.THREAD_ID = u.THREAD_ID"
                                        + " WHERE t.PROCESSLIST_ID = " + id
                                        + " AND u.VARIABLE_NAME = 'gabysql_session'"))
                        .isEqualTo(CI_LABEL);
                try (Statement st = dba.createStatement()) {
                    st.execute("KILL QUERY " + id);
                }
            } finally {
                slow.handle((r, e) -> null).get(40, TimeUnit.SECONDS);
            }
        }
    }

    private String one(CallContext ctx, String sql) {
        Object v = service.query(ctx, QueryRequest.of("m", sql)).rows().get(0).get(0);
        return v == null ? null : v.toString();
    }

    private static String value(Connection c, String sql) throws Exception {
        try (PreparedStatement ps = c.prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static String awaitValue(Connection c, String sql) throws Exception {
        for (int i = 0; i < 200; i++) {
            String v = value(c, sql);
            if (v != null) {
                return v;
            }
            Thread.sleep(50);
        }
        return null;
    }
}
