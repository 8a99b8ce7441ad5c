package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.state.SharedTokenLedger;
import dev.gabysql.core.state.StateDatabase;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replicas sharing a state database (docs/design.md#shared-state), against a real PostgreSQL state database and a real
 * target: two services in one JVM, each with its own approvals directory and nothing else in common but the state URL
 * and the confirm key, stand for two {@code gabysql serve} behind a load balancer. A token is redeemed once and a
 * write decided once between them, and each case checks the target database afterwards.
 */
abstract class SharedStateContractTest {
    static final String DB = "shop";
    static final String KEY = "a-confirm-key-every-replica-shares";
    static String stateUrl;

    final CallContext agent = CallContext.of("http").withClient("agent");
    final CallContext person = CallContext.of("console").withClient("alice");
    final List<LocalGabyService> opened = new ArrayList<>();

    @TempDir
    Path tmp;

    String url;

    /** The shop fixture on this class's engine: a JDBC URL. */
    protected abstract String createFixture(Path dir);

    @BeforeAll
    static void stateDatabase() {
        stateUrl = TestDatabases.newPostgresDatabase();
        try (StateDatabase db = new StateDatabase(stateUrl)) { // the schema, for the tests that count its rows
            new SharedTokenLedger(db, Clock.systemUTC()).redeem("made-by-the-test", Instant.now());
        }
    }

    @AfterEach
    void close() {
        opened.forEach(LocalGabyService::close);
    }

    LocalGabyService replica(String name, ApprovalPolicy approval) {
        return replica(name, approval, stateUrl);
    }

    LocalGabyService replica(String name, ApprovalPolicy approval, String state) {
        if (url == null) {
            url = createFixture(tmp);
        }
        Settings settings = new Settings(
                        Mode.READWRITE,
                        Limits.DEFAULT,
                        Duration.ofSeconds(30),
                        tmp.resolve("audit-" + name + ".jsonl"),
                        KEY,
                        Duration.ofMinutes(5))
                .withApprovals(new Settings.Approvals(approval, tmp.resolve("approvals-" + name), null))
                .withState(state);
        LocalGabyService s = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of(DB, url).build())), settings);
        opened.add(s);
        return s;
    }

    static ExecuteResult exec(LocalGabyService s, CallContext ctx, String sql, String token) {
        return s.execute(ctx, new ExecuteRequest(DB, sql, List.of(), token, false));
    }

    long qty(int id) {
        return ((Number) TestDatabasesScalar.scalar(url, "SELECT qty FROM items WHERE id = " + id)).longValue();
    }

    long count(String sql) {
        return ((Number) TestDatabasesScalar.scalar(url, sql)).longValue();
    }

    static long redeemedTokens() {
        return ((Number) TestDatabasesScalar.scalar(stateUrl, "SELECT count(*) FROM gabysql_state.redeemed_tokens"))
                .longValue();
    }

    static GabyException refusal(Runnable call) {
        GabyException e = catchThrowableOfType(call::run, GabyException.class);
        assertThat(e).as("refused").isNotNull();
        return e;
    }

    @Test
    void aTokenIssuedOnAIsConfirmedOnB() {
        LocalGabyService a = replica("a", ApprovalPolicy.AGENT);
        LocalGabyService b = replica("b", ApprovalPolicy.AGENT);
        String sql = "UPDATE items SET qty = 0 WHERE id <= 3";
        ExecuteResult preview = exec(a, agent, sql, null);
        assertThat(preview.affectedRows()).isEqualTo(3);
        long redeemed = redeemedTokens();

        ExecuteResult done = exec(b, agent, sql, preview.confirmToken());

        assertThat(done.status()).isEqualTo("committed");
        assertThat(count("SELECT count(*) FROM items WHERE qty = 0")).isEqualTo(3);
        assertThat(redeemedTokens()).isEqualTo(redeemed + 1);
    }

    @Test
    void aReplayOnBOfATokenRedeemedOnAIsRefusedAndTheWriteHappenedOnce() {
        LocalGabyService a = replica("a", ApprovalPolicy.AGENT);
        LocalGabyService b = replica("b", ApprovalPolicy.AGENT);
        String sql = "UPDATE items SET qty = qty + 100 WHERE id = 1"; // a replay would add 100 again
        String token = exec(a, agent, sql, null).confirmToken();
        assertThat(exec(a, agent, sql, token).status()).isEqualTo("committed");

        GabyException replay = refusal(() -> exec(b, agent, sql, token));

        assertThat(replay.code()).isEqualTo(ErrorCode.CONFIRM_TOKEN_INVALID);
        assertThat(replay.getMessage()).contains("already used");
        assertThat(refusal(() -> exec(a, agent, sql, token)).code()).isEqualTo(ErrorCode.CONFIRM_TOKEN_INVALID);
        assertThat(qty(1)).isEqualTo(101);
    }

    @Test
    void twoReplicasRacingWithOneTokenCommitOnce() throws Exception {
        LocalGabyService a = replica("a", ApprovalPolicy.AGENT);
        LocalGabyService b = replica("b", ApprovalPolicy.AGENT);
        String sql = "UPDATE items SET qty = qty + 1 WHERE id = 2"; // each commit adds one: the count shows them
        int rounds = 5;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < rounds; i++) {
                String token = exec(a, agent, sql, null).confirmToken();
                List<String> outcomes =
                        race(pool, s -> exec(s, agent, sql, token).status(), a, b);
                assertThat(outcomes).as("round " + i).containsExactlyInAnyOrder("committed", "CONFIRM_TOKEN_INVALID");
            }
        } finally {
            pool.shutdown();
        }
        assertThat(qty(2)).isEqualTo(2 + rounds);
    }

    /**
     * The token is used when it is redeemed, before the write runs, as in one process: a confirm that finds the data
     * changed commits nothing and leaves no token for another replica to try again with.
     */
    @Test
    void aConfirmThatFailsHasUsedItsTokenOnEveryReplica() {
        LocalGabyService a = replica("a", ApprovalPolicy.AGENT);
        LocalGabyService b = replica("b", ApprovalPolicy.AGENT);
        String sql = "UPDATE items SET qty = 0 WHERE qty > 45";
        String token = exec(a, agent, sql, null).confirmToken();
        TestDatabases.run(url, "UPDATE items SET qty = 46 WHERE id = 1");

        assertThat(refusal(() -> exec(a, agent, sql, token)).code()).isEqualTo(ErrorCode.DATA_CHANGED);
        TestDatabases.run(url, "UPDATE items SET qty = 1 WHERE id = 1");
        GabyException retry = refusal(() -> exec(b, agent, sql, token));

        assertThat(retry.code()).isEqualTo(ErrorCode.CONFIRM_TOKEN_INVALID);
        assertThat(retry.getMessage()).contains("already used");
        assertThat(count("SELECT count(*) FROM items WHERE qty = 0")).isZero();
    }

    @Test
    void anApprovalAskedOnAIsDecidedOnBAndCommitsOnce() {
        LocalGabyService a = replica("a", ApprovalPolicy.HUMAN);
        LocalGabyService b = replica("b", ApprovalPolicy.HUMAN);
        String sql = "UPDATE items SET qty = qty + 100 WHERE id = 3";
        ExecuteResult asked = exec(a, agent, sql, null);
        assertThat(asked.status()).isEqualTo("awaiting_approval");
        assertThat(b.pendingWrites(person)).extracting(PendingWrite::id).contains(asked.approvalId());

        PendingWrite done = b.decide(person, asked.approvalId(), true);

        assertThat(done.state()).isEqualTo(PendingWrite.State.COMMITTED);
        assertThat(qty(3)).isEqualTo(103);
        assertThat(refusal(() -> a.decide(person, asked.approvalId(), true)).code())
                .isEqualTo(ErrorCode.APPROVAL_CLOSED);
        assertThat(qty(3)).isEqualTo(103);
        ExecuteResult status =
                a.execute(agent, new ExecuteRequest(DB, null, List.of(), null, false, asked.approvalId()));
        assertThat(status.status()).isEqualTo("committed");
        assertThat(a.pendingWrites(person)).extracting(PendingWrite::id).doesNotContain(asked.approvalId());
        assertThat(tmp.resolve("approvals-a"))
                .as("nothing in the local directory")
                .doesNotExist();
    }

    @Test
    void twoReplicasDecidingOneWriteAtOnceCommitItOnce() throws Exception {
        LocalGabyService a = replica("a", ApprovalPolicy.HUMAN);
        LocalGabyService b = replica("b", ApprovalPolicy.HUMAN);
        String sql = "UPDATE items SET qty = qty + 1 WHERE id = 4";
        int rounds = 3;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < rounds; i++) {
                String id = exec(a, agent, sql, null).approvalId();
                List<String> outcomes =
                        race(pool, s -> s.decide(person, id, true).state().label(), a, b);
                assertThat(outcomes).as("round " + i).containsExactlyInAnyOrder("committed", "APPROVAL_CLOSED");
            }
        } finally {
            pool.shutdown();
        }
        assertThat(qty(4)).isEqualTo(4 + rounds);
    }

    @Test
    void aRejectionOnBCommitsNothingAndAIsTold() {
        LocalGabyService a = replica("a", ApprovalPolicy.HUMAN);
        LocalGabyService b = replica("b", ApprovalPolicy.HUMAN);
        String id = exec(a, agent, "DELETE FROM items WHERE id = 5", null).approvalId();

        assertThat(b.decide(person, id, false).state()).isEqualTo(PendingWrite.State.REJECTED);

        assertThat(a.execute(agent, new ExecuteRequest(DB, null, List.of(), null, false, id))
                        .status())
                .isEqualTo("rejected");
        assertThat(refusal(() -> a.decide(person, id, true)).code()).isEqualTo(ErrorCode.APPROVAL_CLOSED);
        assertThat(qty(5)).isEqualTo(5);
    }

    @Test
    void aForgedApprovalIdNamesNothingInTheSharedStore() {
        LocalGabyService b = replica("b", ApprovalPolicy.HUMAN);
        for (String id : new String[] {"apr_" + "A".repeat(22), "apr_' OR '1'='1", "../x", null}) {
            assertThat(refusal(() -> b.decide(person, id, true)).code())
                    .as(String.valueOf(id))
                    .isEqualTo(ErrorCode.APPROVAL_NOT_FOUND);
        }
    }

    /**
     * The state database down: every write is refused with STATE_UNAVAILABLE (a confirm, a preview that would wait for
     * a person, the list of waiting writes), its password never shown; reads and previews for approval agent go on. Once it is back, the first confirm with the same token
     * commits, once, without a restart: the token was never recorded, so it was not used.
     */
    @Test
    void theStateDatabaseDownRefusesWritesAndKeepsReads() {
        String own = TestDatabases.newPostgresDatabase(); // this test blocks its state database: not the class's
        String withPassword = own + "&password=s3cret-state-password";
        LocalGabyService a = replica("a", ApprovalPolicy.AGENT, withPassword);
        LocalGabyService b = replica("b", ApprovalPolicy.AGENT, withPassword);
        LocalGabyService asks = replica("p", ApprovalPolicy.HUMAN, withPassword);
        String sql = "UPDATE items SET qty = qty + 100 WHERE id = 6";
        exec(asks, agent, "UPDATE items SET qty = 0 WHERE id = 7", null); // the schema exists, connections pooled
        String token = exec(a, agent, sql, null).confirmToken();
        String name = own.substring(own.lastIndexOf('/') + 1, own.indexOf('?'));
        String admin = TestDatabases.postgresAdminUrl();
        TestDatabases.run(
                admin,
                "ALTER DATABASE " + name + " ALLOW_CONNECTIONS false",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'");
        try {
            GabyException confirm = refusal(() -> exec(b, agent, sql, token));
            assertThat(confirm.code()).isEqualTo(ErrorCode.STATE_UNAVAILABLE);
            assertThat(confirm.getMessage()).contains("password=***").doesNotContain("s3cret");
            assertThat(confirm.hint()).contains("--state");
            GabyException ask = refusal(() -> exec(asks, agent, sql, null));
            assertThat(ask.code()).isEqualTo(ErrorCode.STATE_UNAVAILABLE);
            assertThat(refusal(() -> asks.pendingWrites(person)).code()).isEqualTo(ErrorCode.STATE_UNAVAILABLE);

            List<List<Object>> read = b.query(
                            agent, new QueryRequest(DB, "SELECT qty FROM items WHERE id = 6", List.of(), null))
                    .rows();
            assertThat(((Number) read.get(0).get(0)).longValue()).isEqualTo(6);
            assertThat(exec(a, agent, "UPDATE items SET qty = 0 WHERE id = 8", null)
                            .status())
                    .as("a preview for approval agent persists nothing and needs no state")
                    .isEqualTo("previewed");
            assertThat(qty(6)).isEqualTo(6);
        } finally {
            TestDatabases.run(admin, "ALTER DATABASE " + name + " ALLOW_CONNECTIONS true");
        }
        assertThat(exec(b, agent, sql, token).status()).isEqualTo("committed");
        assertThat(refusal(() -> exec(a, agent, sql, token)).code()).isEqualTo(ErrorCode.CONFIRM_TOKEN_INVALID);
        assertThat(qty(6)).isEqualTo(106);
    }

    @Test
    void aStateDatabaseWithoutASharedConfirmKeyStopsTheStart() {
        if (url == null) {
            url = createFixture(tmp);
        }
        Settings noKey = new Settings(Mode.READWRITE, Limits.DEFAULT, Duration.ofSeconds(30), null)
                .withState(stateUrl + "&password=s3cret-state-password");
        Catalog catalog = new Catalog(List.of(DatabaseConfig.of(DB, url).build()));

        GabyException e = refusal(() -> new LocalGabyService(catalog, noKey));

        assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
        assertThat(e.getMessage()).contains("no confirm key").doesNotContain("s3cret");
        assertThat(e.hint()).contains("GABYSQL_CONFIRM_KEY").contains("confirm_key");
        GabyException notPostgres =
                refusal(() -> new LocalGabyService(catalog, noKey.withState("jdbc:mariadb://h/state?password=s3cret")));
        assertThat(notPostgres.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
        assertThat(notPostgres.getMessage()).contains("PostgreSQL").doesNotContain("s3cret");
    }

    /** Without a state database nothing changes: tokens are this process's, writes wait in the directory. */
    @Test
    void withoutAStateDatabaseTokensAndApprovalsStayLocal() throws Exception {
        LocalGabyService a = replica("a", ApprovalPolicy.AGENT, null);
        LocalGabyService asks = replica("p", ApprovalPolicy.HUMAN, null);
        long redeemed = redeemedTokens();
        String sql = "UPDATE items SET qty = qty + 100 WHERE id = 8";
        String token = exec(a, agent, sql, null).confirmToken();
        assertThat(exec(a, agent, sql, token).status()).isEqualTo("committed");
        assertThat(refusal(() -> exec(a, agent, sql, token)).code()).isEqualTo(ErrorCode.CONFIRM_TOKEN_INVALID);
        String id = exec(asks, agent, "DELETE FROM items WHERE id = 9", null).approvalId();

        assertThat(redeemedTokens()).isEqualTo(redeemed);
        assertThat(Files.exists(tmp.resolve("approvals-p").resolve(id + ".json")))
                .isTrue();
        assertThat(qty(8)).isEqualTo(108);
    }

    /**
     * Runs {@code call} on each replica at once and says how each ended: its result, or its error code.
     */
    static List<String> race(ExecutorService pool, Function<LocalGabyService, String> call, LocalGabyService... on)
            throws Exception {
        CountDownLatch ready = new CountDownLatch(on.length);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<String>> futures = new ArrayList<>();
        for (LocalGabyService s : on) {
            futures.add(pool.submit(() -> {
                ready.countDown();
                go.await();
                try {
                    return call.apply(s);
                } catch (GabyException e) {
                    return e.code().name();
                }
            }));
        }
        ready.await();
        go.countDown();
        List<String> out = new ArrayList<>();
        for (Future<String> f : futures) {
            out.add(f.get());
        }
        return out;
    }
}
