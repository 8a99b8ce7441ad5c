package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The concurrency cap: N slow requests are served, the N+1th gets 503 at once, never a hang. */
class CapacityTest {
    static final int CAP = 3;

    record Timed(Reply reply, long millis) {}

    @Test
    void theRequestBeyondTheCapGets503AtOnceAndTheOthersFinish() throws Exception {
        try (TestServer server = TestServer.start(
                TestServer.list(TestServer.postgres()),
                Mode.READONLY,
                ServerOptions.defaults().withMaxConcurrent(CAP))) {
            URI base = server.uri();
            warmUp(base);
            List<Timed> results = fire(base, CAP + 1, Http.sql("pg", "SELECT pg_sleep(3)"));

            List<Timed> refused =
                    results.stream().filter(t -> t.reply.status() == 503).toList();
            List<Timed> served =
                    results.stream().filter(t -> t.reply.status() == 200).toList();
            assertThat(refused).hasSize(1);
            assertThat(served).hasSize(CAP);
            Timed r = refused.get(0);
            // "at once": answered while the others still sleep, i.e. it never waited for a permit (an ordering,
            // not a speed: speed is for the benchmarks)
            assertThat(r.reply.header("Retry-After")).isEqualTo("1");
            assertThat(r.reply.errorCode()).isEqualTo("OVER_CAPACITY");
            assertThat(served)
                    .allSatisfy(t ->
                            assertThat(t.millis).isGreaterThanOrEqualTo(2_900).isGreaterThan(r.millis + 1_000));

            // every permit comes back; a reply can reach the client just before its permit is released
            TestServer.waitUntil(() -> server.server.inFlight() == 0);
            assertThat(Http.post(base, "/sql", Http.sql("pg", "SELECT 1")).status())
                    .isEqualTo(200);
        }
    }

    @Test
    void healthAnswersWhileTheServerIsFull() throws Exception {
        try (TestServer server = TestServer.start(
                TestServer.list(TestServer.postgres()),
                Mode.READONLY,
                ServerOptions.defaults().withMaxConcurrent(1))) {
            ExecutorService pool = Executors.newSingleThreadExecutor();
            Future<Reply> slow =
                    pool.submit(() -> Http.post(server.uri(), "/sql", Http.sql("pg", "SELECT pg_sleep(1.5)")));
            TestServer.waitUntil(() -> server.server.inFlight() == 1);
            assertThat(Http.post(server.uri(), "/sql", Http.sql("pg", "SELECT 1"))
                            .status())
                    .isEqualTo(503);
            assertThat(Http.get(server.uri(), "/health").status()).isEqualTo(200);
            assertThat(slow.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
            pool.shutdown();
        }
    }

    /** Opens the pool's connections and loads the classes, so that the timings measure the cap only. */
    static void warmUp(URI base) throws Exception {
        for (Timed t : fire(base, CAP, Http.sql("pg", "SELECT 1"))) {
            assertThat(t.reply.status()).isEqualTo(200);
        }
    }

    static List<Timed> fire(URI base, int n, String body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Timed>> futures = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            futures.add(pool.submit(() -> {
                go.await();
                long start = System.nanoTime();
                Reply reply = Http.post(base, "/sql", body);
                return new Timed(reply, (System.nanoTime() - start) / 1_000_000);
            }));
        }
        go.countDown();
        List<Timed> out = new ArrayList<>();
        for (Future<Timed> f : futures) {
            out.add(f.get(30, TimeUnit.SECONDS));
        }
        pool.shutdown();
        return out;
    }
}
