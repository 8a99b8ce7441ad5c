package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A timed-out or cancelled statement must be gone from the server, not just abandoned by the client (a
 * peer's client-side timeout left queries running for hours). Checked in SHOW PROCESSLIST's table right after
 * gabysql answers.
 */
class MariaDbTimeoutTest {
    private static String url;
    private static MariaDbProbe probe;
    private static LocalGabyService service;

    @BeforeAll
    static void setUp() {
        url = TestDatabases.newMariaDbDatabase();
        String db = MariaDbProbe.databaseOf(url);
        probe = new MariaDbProbe(TestDatabases.mariaDbAdminUrlFor(db), db);
        TestDatabases.run(url, "CREATE TABLE t (id INT PRIMARY KEY)", "INSERT INTO t VALUES (1), (2), (3)");
        DatabaseConfig config = DatabaseConfig.of("m", url)
                .statementTimeout(Duration.ofSeconds(1))
                .build();
        service =
                new LocalGabyService(new Catalog(List.of(config)), Settings.DEFAULT.withApproval(ApprovalPolicy.AGENT));
    }

    @AfterAll
    static void tearDown() {
        service.close();
    }

    private static String marker() {
        return "gaby_" + UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void aTimedOutSleepIsGoneFromTheProcessListRightAfterTheTimeout() {
        String marker = marker();
        long start = System.nanoTime();
        assertThatThrownBy(() -> service.query(
                        CallContext.of("test"), QueryRequest.of("m", "SELECT SLEEP(30), '" + marker + "'")))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.TIMEOUT));
        assertThat(probe.running(marker)).as("still running on the server").isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    }

    /**
     * A CPU-bound query past the timeout stops on the server. (BENCHMARK() itself is refused by the guard; the
     * Sequence engine's seq_1_to_N table gives the same endless work to a plain SELECT.)
     */
    @Test
    void aCpuBoundQueryPastTheTimeoutIsStoppedOnTheServer() {
        String marker = marker();
        long start = System.nanoTime();
        try {
            service.query(
                    CallContext.of("test"),
                    QueryRequest.of(
                            "m",
                            "SELECT SUM(LENGTH(SHA2(CONCAT(seq, '" + marker + "'), 512))) FROM seq_1_to_5000000000"));
        } catch (GabyException e) {
            assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
        assertThat(probe.running(marker)).isEmpty();
    }

    @Test
    void aClientCancellationKillsTheStatementOnTheServer() throws Exception {
        String marker = marker();
        Cancellation cancellation = new Cancellation();
        CallContext ctx = CallContext.of("test").withCancellation(cancellation);
        try (LocalGabyService patient = serviceWithTimeout(Duration.ofSeconds(60))) {
            CompletableFuture<Throwable> call = CompletableFuture.supplyAsync(() -> {
                try {
                    patient.query(ctx, QueryRequest.of("m", "SELECT SLEEP(30), '" + marker + "'"));
                    return null;
                } catch (RuntimeException e) {
                    return e;
                }
            });
            for (int i = 0; i < 200 && probe.running(marker).isEmpty(); i++) {
                Thread.sleep(20);
            }
            assertThat(probe.running(marker)).hasSize(1);
            cancellation.cancel();
            Throwable e = call.get(5, TimeUnit.SECONDS);
            assertThat(e).isInstanceOf(GabyException.class);
            assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.CANCELLED);
            assertThat(probe.running(marker)).isEmpty();
        }
    }

    @Test
    void theServerSideLimitIsSetForEveryCall() {
        assertThat(service.query(CallContext.of("test"), QueryRequest.of("m", "SELECT @@max_statement_time"))
                        .rows()
                        .get(0)
                        .get(0)
                        .toString())
                .startsWith("1.0");
    }

    private static LocalGabyService serviceWithTimeout(Duration timeout) {
        DatabaseConfig base =
                DatabaseConfig.of("m", url).statementTimeout(timeout).build();
        return new LocalGabyService(new Catalog(List.of(base)), Settings.DEFAULT.withApproval(ApprovalPolicy.AGENT));
    }
}
