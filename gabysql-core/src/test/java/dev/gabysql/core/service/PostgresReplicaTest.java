package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.testing.PgReplica;
import dev.gabysql.core.testing.TestDatabases;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Read replicas (docs/design.md#read-replicas) on a real streaming replica of the test PostgreSQL server
 * ({@link PgReplica}): who reads where, writes on the primary, the fallback when the replica is down or lags and
 * what the answers say then, and the way back to the replica without a restart.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresReplicaTest {
    private static final String DB = "shop";
    private static final String WHO_ANSWERS = "SELECT pg_is_in_recovery(), inet_server_port()";

    /** A caller capped to readonly: its reads go to the replica. */
    private final CallContext reader = CallContext.of("test").withCallerCap(Mode.READONLY);
    /** A caller who may write: it reads its own writes on the primary. */
    private final CallContext writer = CallContext.of("test");

    private PgReplica replica;
    private String url;
    private final List<LocalGabyService> services = new ArrayList<>();

    @BeforeAll
    void makeTheReplica() {
        replica = PgReplica.create();
    }

    @AfterAll
    void removeTheReplica() {
        if (replica != null) {
            replica.close();
        }
    }

    @BeforeEach
    void database() {
        url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, "CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL)");
        TestDatabases.run(url, "INSERT INTO items (name) VALUES ('first')");
        replica.awaitCaughtUp();
    }

    @AfterEach
    void closeServices() {
        services.forEach(LocalGabyService::close);
        services.clear();
    }

    /** A readwrite server (a caller may be capped lower) whose database has the replica. */
    private LocalGabyService service(Duration maxLag, boolean fallback) {
        Settings settings = new Settings(Mode.ADMIN, Limits.DEFAULT, Duration.ofSeconds(30), null)
                .withApproval(ApprovalPolicy.AGENT);
        DatabaseConfig db = DatabaseConfig.of(DB, url)
                .replica(new DatabaseConfig.Replica(replica.url(url), maxLag, fallback))
                .build();
        LocalGabyService s = new LocalGabyService(new Catalog(List.of(db)), settings);
        services.add(s);
        return s;
    }

    private LocalGabyService service() {
        return service(null, true);
    }

    private static QueryResult query(LocalGabyService s, CallContext ctx, String sql) {
        return s.query(ctx, new QueryRequest(DB, sql, List.of(), null));
    }

    private long replicaPort() {
        return replica.port();
    }

    private long primaryPort() {
        return URI.create(url.substring("jdbc:".length())).getPort();
    }

    @Test
    void aCallerWhoOnlyReadsIsAnsweredByTheReplicaWithThePrimarysHardening() {
        LocalGabyService s = service();
        QueryResult r = query(
                s,
                reader,
                WHO_ANSWERS + ", current_setting('transaction_read_only'), current_setting('statement_timeout'),"
                        + " (SELECT name FROM items)");
        assertThat(r.rows().get(0)).containsExactly(true, replicaPort(), "on", "30s", "first");
        assertThat(r.note()).isNull();
    }

    @Test
    void aCallerWhoMayWriteReadsOnThePrimary() {
        QueryResult r = query(service(), writer, WHO_ANSWERS);
        assertThat(r.rows().get(0)).containsExactly(false, primaryPort());
    }

    @Test
    void describeSearchAndExplainReadTheReplica() throws Exception {
        LocalGabyService s = service();
        replica.pauseReplay();
        try {
            TestDatabases.run(url, "CREATE TABLE only_on_primary (id int)");
            assertThatThrownBy(() -> s.describeTable(reader, DB, "only_on_primary", false))
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TABLE));
            assertThat(s.search(reader, DB, "only_on", null).text()).doesNotContain("only_on_primary");
            assertThatThrownBy(() -> s.explain(reader, DB, "SELECT * FROM only_on_primary"))
                    .hasMessageContaining("does not exist");
        } finally {
            replica.resumeReplay();
        }
        replica.awaitCaughtUp();
        assertThat(s.describeTable(reader, DB, "only_on_primary", false).text()).contains("only_on_primary");
        assertThat(s.explain(reader, DB, "SELECT * FROM only_on_primary").text())
                .contains("Seq Scan on only_on_primary");
    }

    @Test
    void aWriteIsPreviewedAndCommittedOnThePrimaryAndThenAppearsOnTheReplica() throws Exception {
        LocalGabyService s = service();
        String sql = "INSERT INTO items (name) VALUES ('second')";
        ExecuteResult preview = s.execute(writer, new ExecuteRequest(DB, sql, List.of(), null, false));
        assertThat(preview.status()).isEqualTo("previewed");
        ExecuteResult done = s.execute(writer, new ExecuteRequest(DB, sql, List.of(), preview.confirmToken(), false));
        assertThat(done.status()).isEqualTo("committed");
        QueryResult seen = awaitAnswer(
                s,
                reader,
                "SELECT pg_is_in_recovery(), count(*) FROM items",
                r -> r.rows().get(0).get(1).equals(2L));
        assertThat(seen.rows().get(0)).containsExactly(true, 2L);
    }

    /** describe right after a write through gabysql that changed the schema: the primary has it, the replica not yet. */
    @Test
    void theSchemaAWriteChangedIsReadOnThePrimary() throws Exception {
        LocalGabyService s = service();
        s.describeDatabase(reader, DescribeRequest.of(DB, null));
        replica.pauseReplay();
        try {
            String ddl = "CREATE TABLE made_here (id int)";
            ExecuteResult preview = s.execute(writer, new ExecuteRequest(DB, ddl, List.of(), null, false));
            s.execute(writer, new ExecuteRequest(DB, ddl, List.of(), preview.confirmToken(), false));
            assertThat(s.describeTable(reader, DB, "made_here", false).text()).contains("made_here");
        } finally {
            replica.resumeReplay();
        }
    }

    @Test
    void whileTheReplicaIsDownReadsAreAnsweredByThePrimaryAndSaySoThenComeBack() throws Exception {
        LocalGabyService s = service();
        LocalGabyService strict = service(null, false);
        assertThat(query(s, reader, WHO_ANSWERS).rows().get(0)).containsExactly(true, replicaPort());
        assertThat(query(strict, reader, WHO_ANSWERS).rows().get(0)).containsExactly(true, replicaPort());
        replica.stop();
        try {
            QueryResult r = query(s, reader, WHO_ANSWERS);
            assertThat(r.rows().get(0)).containsExactly(false, primaryPort());
            assertThat(r.note()).startsWith("Answered by the primary: the replica is unreachable (");
            assertThat(warnings(s)).anySatisfy(w -> assertThat(w).contains("unreachable", "reads go to the primary"));
            assertThatThrownBy(() -> query(strict, reader, WHO_ANSWERS))
                    .isInstanceOfSatisfying(GabyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
                        assertThat(e.getMessage()).startsWith("The replica of `shop` is unreachable");
                        assertThat(e.hint()).contains("replica_fallback = true");
                    });
            assertThat(query(s, writer, "SELECT count(*) FROM items").rows().get(0))
                    .containsExactly(1L);
        } finally {
            replica.start();
        }
        QueryResult back =
                awaitAnswer(s, reader, WHO_ANSWERS, r -> r.rows().get(0).get(0).equals(true));
        assertThat(back.note()).isNull();
        assertThat(warnings(s)).noneSatisfy(w -> assertThat(w).contains("replica"));
        assertThat(awaitAnswer(strict, reader, WHO_ANSWERS, r -> true).rows().get(0))
                .containsExactly(true, replicaPort());
    }

    @Test
    void aReplicaThatLagsOverTheThresholdIsReportedAndReadsGoToThePrimary() throws Exception {
        LocalGabyService s = service(Duration.ofSeconds(1), true);
        LocalGabyService strict = service(Duration.ofSeconds(1), false);
        replica.pauseReplay();
        try {
            TestDatabases.run(url, "INSERT INTO items (name) VALUES ('not replayed yet')");
            // the first look sees the replica behind: it has been behind for no time yet
            assertThat(query(s, reader, WHO_ANSWERS).rows().get(0)).containsExactly(true, replicaPort());
            assertThat(query(strict, reader, WHO_ANSWERS).rows().get(0)).containsExactly(true, replicaPort());
            Thread.sleep(1_600);
            QueryResult r = query(s, reader, WHO_ANSWERS);
            assertThat(r.rows().get(0)).containsExactly(false, primaryPort());
            assertThat(r.note())
                    .startsWith("Answered by the primary: the replica lags ")
                    .contains("s behind the primary (more than replica_max_lag_seconds = 1)");
            assertThat(warnings(s)).anySatisfy(w -> assertThat(w).contains("lags", "reads go to the primary"));
            QueryResult stale = query(strict, reader, "SELECT pg_is_in_recovery(), count(*) FROM items");
            assertThat(stale.rows().get(0)).containsExactly(true, 1L);
            assertThat(stale.note()).startsWith("Answered by the replica, which lags ");
        } finally {
            replica.resumeReplay();
        }
        QueryResult back =
                awaitAnswer(s, reader, WHO_ANSWERS, r -> r.rows().get(0).get(0).equals(true));
        assertThat(back.note()).isNull();
        assertThat(warnings(s)).noneSatisfy(w -> assertThat(w).contains("replica"));
    }

    private List<String> warnings(LocalGabyService s) {
        DatabaseInfo info = s.listDatabases(reader).get(0);
        return info.warnings();
    }

    /** The first answer that passes {@code done}, asked again every 200 ms for 20 s. */
    private static QueryResult awaitAnswer(LocalGabyService s, CallContext ctx, String sql, Predicate<QueryResult> done)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        QueryResult r = query(s, ctx, sql);
        while (!done.test(r) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            r = query(s, ctx, sql);
        }
        return r;
    }
}
