package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded load on loopback: 50 clients × 200 requests mixing reads (SQLite and PostgreSQL), write previews and
 * refusals. Every answer is the one expected for its kind (or a 503 from the cap); afterwards nothing is in
 * flight, no pool thread is left busy, no database session is left open in a transaction, and the previews
 * changed nothing.
 */
class LoadTest {
    static final int CLIENTS = 50;
    static final int REQUESTS = 200;

    @TempDir
    Path dir;

    @Test
    void fiftyClientsTimesTwoHundredRequests() throws Exception {
        DatabaseConfig pg = TestServer.postgres();
        try (TestServer server =
                TestServer.start(TestServer.list(TestServer.shop(dir), pg), Mode.READWRITE, ServerOptions.defaults())) {
            URI base = server.uri();
            String checksum = "SELECT count(*) * 1000 + sum(price) FROM items";
            long before = WritesOverHttpTest.count(pg.url(), "SELECT (" + checksum + ")::bigint");
            Http.get(base, "/databases");
            int idleBusy = server.server.busyThreads();

            Map<String, AtomicInteger> unexpected = new ConcurrentHashMap<>();
            AtomicInteger overCapacity = new AtomicInteger();
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                done.add(clients.submit(() -> {
                    for (int i = 0; i < REQUESTS; i++) {
                        Step step = Step.pick(client, i);
                        Reply r = step.send(base, client, i);
                        if (r.status() == 503) {
                            overCapacity.incrementAndGet();
                        } else if (r.status() != step.expectedStatus) {
                            unexpected
                                    .computeIfAbsent(
                                            step + " " + r.status() + " " + r.errorCode(), k -> new AtomicInteger())
                                    .incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(5, TimeUnit.MINUTES);
            }
            clients.shutdown();

            assertThat(unexpected).isEmpty();
            assertThat(overCapacity.get()).isZero(); // 50 clients stay under the default cap of 64
            assertThat(server.server.inFlight()).isZero();
            TestServer.waitUntil(() -> server.server.busyThreads() <= idleBusy);
            assertThat(WritesOverHttpTest.count(
                            pg.url(),
                            "SELECT count(*) FROM pg_stat_activity WHERE datname ="
                                    + " current_database() AND state LIKE 'idle in transaction%'"))
                    .isZero();
            assertThat(WritesOverHttpTest.count(
                            pg.url(),
                            "SELECT count(*) FROM pg_stat_activity WHERE datname ="
                                    + " current_database() AND pid <> pg_backend_pid()"))
                    .isLessThanOrEqualTo(8);
            assertThat(WritesOverHttpTest.count(pg.url(), "SELECT (" + checksum + ")::bigint"))
                    .isEqualTo(before);
        }
    }

    /** The kinds of request in the mix, with the status each must get. */
    enum Step {
        READ_PG(200),
        READ_SQLITE(200),
        PREVIEW(200),
        REFUSED_WRITE(403),
        UNKNOWN_DB(404);

        final int expectedStatus;

        Step(int expectedStatus) {
            this.expectedStatus = expectedStatus;
        }

        static Step pick(int client, int i) {
            int n = (client * 7 + i) % 10;
            return n < 4 ? READ_PG : n < 6 ? READ_SQLITE : n < 8 ? PREVIEW : n < 9 ? REFUSED_WRITE : UNKNOWN_DB;
        }

        Reply send(URI base, int client, int i) {
            int id = 1 + (client * REQUESTS + i) % 50;
            switch (this) {
                case READ_PG:
                    return Http.post(
                            base, "/sql", Http.sql("pg", "SELECT id, name, price FROM items WHERE id = " + id));
                case READ_SQLITE:
                    return Http.post(base, "/sql", Http.sql("shop", "SELECT * FROM orders WHERE id = " + (id % 3 + 1)));
                case PREVIEW:
                    return Http.post(
                            base,
                            "/sql",
                            WritesOverHttpTest.write(
                                    "pg", "UPDATE items SET price = price + 1 WHERE id = " + id, null));
                case REFUSED_WRITE:
                    return Http.post(base, "/sql", Http.sql("pg", "DELETE FROM items WHERE id = " + id));
                default:
                    return Http.post(base, "/sql", Http.sql("nope", "SELECT 1"));
            }
        }
    }
}
