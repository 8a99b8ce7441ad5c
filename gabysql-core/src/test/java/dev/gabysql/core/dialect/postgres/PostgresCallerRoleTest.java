package dev.gabysql.core.dialect.postgres;

import static dev.gabysql.core.testing.TestDatabases.firstRow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.CallerIdentity;
import dev.gabysql.core.api.DatabaseIdentity;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
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
import dev.gabysql.core.exec.SessionLabel;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.PgBouncer;
import dev.gabysql.core.testing.PgBouncer.PoolMode;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A caller whose token names a database role runs every transaction as that role ({@code SET LOCAL ROLE}, read back:
 * docs/security.md#per-caller-database-roles), so that PostgreSQL — not gabysql's guard — enforces its grants and
 * row-level security; a role gabysql cannot take on runs nothing; and no role outlives its transaction, on a pooled
 * connection directly or through PgBouncer in transaction pooling. On the test PostgreSQL, with roles of its own.
 */
class PostgresCallerRoleTest {
    private static final Limits LIMITS = Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(20));

    private final String suffix = Long.toString(System.nanoTime(), 36);
    private final String analyst = "roles_analyst_" + suffix;
    private final String other = "roles_other_" + suffix;
    private final String login = "roles_login_" + suffix;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private String url;

    @BeforeEach
    void setUp() {
        url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(
                url,
                "CREATE TABLE notes (id int PRIMARY KEY, owner text NOT NULL, body text)",
                "INSERT INTO notes VALUES (1, 'alice', 'a1'), (2, 'alice', 'a2'), (3, 'bob', 'b1')",
                "CREATE TABLE salaries (id int PRIMARY KEY, amount int)",
                "INSERT INTO salaries VALUES (1, 100)",
                "CREATE ROLE " + analyst + " NOLOGIN",
                "CREATE ROLE " + other + " NOLOGIN",
                "CREATE ROLE " + login + " LOGIN",
                "GRANT " + analyst + " TO " + login,
                "GRANT SELECT, UPDATE ON notes TO " + analyst,
                "GRANT SELECT, UPDATE ON notes TO " + login,
                "GRANT SELECT ON salaries TO " + login,
                "ALTER TABLE notes ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY alice_only ON notes TO " + analyst + " USING (owner = 'alice')",
                "CREATE POLICY everything ON notes TO " + login + " USING (true)");
    }

    @AfterEach
    void tearDown() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        for (String role : List.of(analyst, other, login)) {
            TestDatabases.run(url, "DROP OWNED BY " + role, "DROP ROLE " + role);
        }
    }

    @Test
    void aCallerWithARoleSeesOnlyWhatItsRowLevelSecurityLets() {
        LocalGabyService service = service(Mode.READONLY, null);
        assertThat(rows(service, asAnalyst(), "SELECT id FROM notes ORDER BY id"))
                .isEqualTo("1,2");
        assertThat(rows(service, asAnalyst(), "SELECT current_user")).isEqualTo(analyst);
        // a caller without a role is unchanged: gabysql's login (the test's superuser) sees every row
        assertThat(rows(service, CallContext.of("http").withToken("plain"), "SELECT id FROM notes ORDER BY id"))
                .isEqualTo("1,2,3");
    }

    @Test
    void theDatabaseRefusesATableTheRoleHasNoGrantOn() {
        LocalGabyService service = service(Mode.READONLY, null);
        GabyException e = catchThrowableOfType(
                () -> service.query(asAnalyst(), QueryRequest.of("pg", "SELECT amount FROM salaries")),
                GabyException.class);
        assertThat(e.sqlState()).isEqualTo("42501"); // insufficient_privilege: PostgreSQL's refusal, not the guard's
        assertThat(e.getMessage()).contains("permission denied");
    }

    @Test
    void aWritePreviewAndItsConfirmRunAsTheRole() {
        LocalGabyService service = service(Mode.READWRITE, null);
        CallContext ctx = asAnalyst().withApproval(ApprovalPolicy.AGENT);
        String update = "UPDATE notes SET body = 'x' WHERE id > 0";
        ExecuteResult preview = service.execute(ctx, new ExecuteRequest("pg", update, List.of(), null, false));
        assertThat(preview.affectedRows()).isEqualTo(2); // bob's row is outside the role's policy
        ExecuteResult done =
                service.execute(ctx, new ExecuteRequest("pg", update, List.of(), preview.confirmToken(), false));
        assertThat(done.status()).isEqualTo("committed");
        assertThat(firstRow(url, "SELECT string_agg(id || '=' || body, ',' ORDER BY id) FROM notes"))
                .isEqualTo("1=x,2=x,3=b1");

        GabyException refused = catchThrowableOfType(
                () -> service.execute(
                        ctx,
                        new ExecuteRequest(
                                "pg", "UPDATE salaries SET amount = 0 WHERE id = 1", List.of(), null, false)),
                GabyException.class);
        assertThat(refused.sqlState()).isEqualTo("42501");
        assertThat(firstRow(url, "SELECT amount FROM salaries")).isEqualTo("100");
    }

    /**
     * A role may use a sequence (USAGE: nextval) without reading or setting it: the preview's sequence restore still
     * sees and puts back what the role's INSERT took (a preview never persists anything, sequences included).
     */
    @Test
    void aPreviewAsARoleThatMayOnlyUseASequenceLeavesTheSequenceAsItWas() {
        TestDatabases.run(
                url,
                "CREATE TABLE tickets (id serial PRIMARY KEY, title text)",
                "INSERT INTO tickets (title) VALUES ('first')",
                "GRANT INSERT ON tickets TO " + analyst,
                "GRANT USAGE ON SEQUENCE tickets_id_seq TO " + analyst);
        String before = firstRow(url, "SELECT last_value || '|' || is_called FROM tickets_id_seq");
        LocalGabyService service = service(Mode.READWRITE, null);
        ExecuteResult preview = service.execute(
                asAnalyst().withApproval(ApprovalPolicy.AGENT),
                new ExecuteRequest("pg", "INSERT INTO tickets (title) VALUES ('second')", List.of(), null, false));
        assertThat(preview.affectedRows()).isEqualTo(1);
        assertThat(firstRow(url, "SELECT last_value || '|' || is_called FROM tickets_id_seq"))
                .isEqualTo(before);
        assertThat(firstRow(url, "SELECT count(*) FROM tickets")).isEqualTo("1");
        ExecuteResult done = service.execute(
                asAnalyst().withApproval(ApprovalPolicy.AGENT),
                new ExecuteRequest(
                        "pg",
                        "INSERT INTO tickets (title) VALUES ('second')",
                        List.of(),
                        preview.confirmToken(),
                        false));
        assertThat(done.status()).isEqualTo("committed");
        assertThat(firstRow(url, "SELECT string_agg(id || '=' || title, ',' ORDER BY id) FROM tickets"))
                .isEqualTo("1=first,2=second");
    }

    @Test
    void aRoleTheLoginMayNotTakeOnRunsNothing() {
        LocalGabyService service = service(Mode.READWRITE, login);
        for (String role : List.of(other, "roles_missing_" + suffix)) {
            CallContext ctx = as(role).withApproval(ApprovalPolicy.AGENT);
            GabyException e = catchThrowableOfType(
                    () -> service.query(ctx, QueryRequest.of("pg", "SELECT count(*) FROM notes")), GabyException.class);
            assertThat(e.code()).as(role).isEqualTo(ErrorCode.CALLER_ROLE_NOT_SET);
            assertThat(e.getMessage()).contains(role, "nothing was run");
            assertThat(e.hint()).contains(role.equals(other) ? "GRANT \"" + other + "\" TO " + login : "CREATE ROLE");
            GabyException write = catchThrowableOfType(
                    () -> service.execute(
                            ctx,
                            new ExecuteRequest(
                                    "pg", "UPDATE notes SET body = 'y' WHERE id = 3", List.of(), null, false)),
                    GabyException.class);
            assertThat(write.code()).isEqualTo(ErrorCode.CALLER_ROLE_NOT_SET);
        }
        assertThat(firstRow(url, "SELECT body FROM notes WHERE id = 3")).isEqualTo("b1");
        // the login itself and a role it holds still serve
        assertThat(rows(service, CallContext.of("http"), "SELECT current_user")).isEqualTo(login);
        assertThat(rows(service, asAnalyst(), "SELECT current_user")).isEqualTo(analyst);
    }

    @Test
    void aRoleIsSentAsAQuotedIdentifierWhateverItsName() {
        String odd = "roles_Odd \"name'; RESET ROLE; --" + suffix;
        TestDatabases.run(url, "CREATE ROLE " + PgHardening.quote(odd) + " NOLOGIN");
        try {
            LocalGabyService service = service(Mode.READONLY, null);
            assertThat(rows(service, as(odd), "SELECT current_user")).isEqualTo(odd);
        } finally {
            TestDatabases.run(url, "DROP ROLE " + PgHardening.quote(odd));
        }
    }

    @Test
    void oneCallersRoleIsNeverLeftForTheNextOnThePooledConnection() throws Exception {
        try (ConnectionSource source = new PostgresDialect().connect(db(url, null), LIMITS)) {
            for (Mode mode : List.of(Mode.READONLY, Mode.READWRITE)) {
                String pid = null;
                for (int turn = 0; turn < 3; turn++) {
                    String a = whoAmI(source, mode, analyst);
                    String b = whoAmI(source, mode, null);
                    assertThat(a).startsWith(analyst + "|postgres|");
                    assertThat(b).startsWith("postgres|postgres|none|");
                    pid = pid == null ? pidOf(a) : pid;
                    assertThat(pidOf(a))
                            .as("one pooled connection")
                            .isEqualTo(pid)
                            .isEqualTo(pidOf(b));
                }
            }
        }
    }

    @Test
    void throughPgBouncerInTransactionPoolingTheRoleEndsWithItsTransaction() throws Exception {
        PgBouncer single = PgBouncer.start(PoolMode.TRANSACTION, 1, true);
        opened.add(single);
        String through = single.url(url);
        try (ConnectionSource source = new PostgresDialect().connect(db(through, null), LIMITS)) {
            for (Mode mode : List.of(Mode.READONLY, Mode.READWRITE)) {
                String a = whoAmI(source, mode, analyst);
                String b = whoAmI(source, mode, null);
                assertThat(a).startsWith(analyst + "|");
                assertThat(b).startsWith("postgres|postgres|none|");
                assertThat(pidOf(a)).as("one server connection").isEqualTo(pidOf(b));
            }
        }
        LocalGabyService service = service(Mode.READONLY, null, through);
        assertThat(rows(service, asAnalyst(), "SELECT id FROM notes ORDER BY id"))
                .isEqualTo("1,2");
        try (Connection next = java.sql.DriverManager.getConnection(through + "&assumeMinServerVersion=9.0")) {
            assertThat(firstRow(next, "SELECT current_user, current_setting('role')"))
                    .isEqualTo("postgres|none");
        }
    }

    /** {@code current_user|session_user|role setting|backend pid} of a session run as {@code role}, then ended. */
    private static String whoAmI(ConnectionSource source, Mode mode, String role) throws Exception {
        SessionLabel label = SessionLabel.of("serve", CallContext.of("http"), role);
        try (Session s = source.open(mode, LIMITS, label, role)) {
            String seen = firstRow(
                    s.connection(), "SELECT current_user, session_user, current_setting('role'), pg_backend_pid()");
            if (mode == Mode.READWRITE) {
                s.commit();
            }
            return seen;
        }
    }

    private static String pidOf(String whoAmI) {
        return whoAmI.substring(whoAmI.lastIndexOf('|') + 1);
    }

    private CallContext asAnalyst() {
        return as(analyst);
    }

    private static CallContext as(String role) {
        return CallContext.of("http")
                .withIdentity(new CallerIdentity("alice", new DatabaseIdentity(role, null, null), Map.of()));
    }

    private LocalGabyService service(Mode mode, String user) {
        return service(mode, user, url);
    }

    private LocalGabyService service(Mode mode, String user, String jdbcUrl) {
        LocalGabyService s = new LocalGabyService(
                new Catalog(List.of(db(jdbcUrl, user))), new Settings(mode, LIMITS, Duration.ofSeconds(30), null));
        opened.add(s);
        return s;
    }

    /** Database {@code pg}; with {@code user}, gabysql logs in as that user rather than the URL's. */
    private static DatabaseConfig db(String jdbcUrl, String user) {
        DatabaseConfig db = DatabaseConfig.of("pg", jdbcUrl).build();
        return user == null ? db : db.withLogin(user, null);
    }

    private static String rows(LocalGabyService service, CallContext ctx, String sql) {
        return service.query(ctx, QueryRequest.of("pg", sql)).rows().stream()
                .map(r -> String.valueOf(r.get(0)))
                .collect(Collectors.joining(","));
    }
}
