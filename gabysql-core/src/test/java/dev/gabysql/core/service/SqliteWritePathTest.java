package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SqliteWritePathTest extends WritePathContractTest {
    @Override
    protected String createFixture(Path dir) {
        return "jdbc:sqlite:" + TestDatabases.sqliteFile(dir, "shop", Fixtures.sqlite());
    }

    /**
     * SQLite has one writer at a time: a write waiting for it while another one's preview runs stops waiting when it
     * is cancelled, answered CANCELLED at once, and the running preview goes on.
     */
    @Test
    void aWriteWaitingForTheWriterIsCancelledAtOnce() throws Exception {
        String slow = "UPDATE items SET qty = qty + (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n"
                + " WHERE i < 20000000) SELECT count(*) FROM n) WHERE id = 1";
        CompletableFuture<ExecuteResult> running = CompletableFuture.supplyAsync(() -> exec(slow, null));
        Thread.sleep(200); // the slow preview holds the writer
        Cancellation cancellation = new Cancellation();
        CompletableFuture<ExecuteResult> waiting = CompletableFuture.supplyAsync(() -> rw().execute(
                        ctx.withCancellation(cancellation),
                        new ExecuteRequest(DB, "UPDATE items SET qty = 0 WHERE id = 2", List.of(), null, false)));
        Thread.sleep(200);
        long start = System.nanoTime();
        cancellation.cancel();
        assertThatThrownBy(() -> waiting.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(500));
        assertThat(running.isDone()).as("the slow preview still runs").isFalse();
        assertThat(running.get(30, TimeUnit.SECONDS).status()).isEqualTo("previewed");
        assertThat(zeroQty()).isZero();
    }
}
