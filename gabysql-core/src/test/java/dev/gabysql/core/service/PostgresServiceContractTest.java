package dev.gabysql.core.service;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.testing.TestDatabases;

class PostgresServiceContractTest extends ServiceContractTest {
    @Override
    protected String createFixture() {
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, Fixtures.postgres());
        return url;
    }

    @Override
    protected String slowQuery(int seconds) {
        return "SELECT pg_sleep(" + seconds + ")";
    }

    @Override
    protected AutoCloseable lockItems(String url) throws Exception {
        java.sql.Connection c = java.sql.DriverManager.getConnection(url);
        c.setAutoCommit(false);
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("LOCK TABLE items IN ACCESS EXCLUSIVE MODE");
        }
        return () -> {
            c.rollback();
            c.close();
        };
    }

    /**
     * A call waiting for one of the pool's four connections (all busy) is cancelled at once, as CANCELLED, rather
     * than waiting out the pool's five seconds and answering OVER_CAPACITY (an MCP cancellation, a client that hung
     * up, Ctrl-C). The busy calls go on to their end.
     */
    @org.junit.jupiter.api.Test
    void aCallWaitingForAConnectionIsCancelledAtOnce() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(5);
        try {
            java.util.List<java.util.concurrent.Future<QueryResult>> busy = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++) {
                busy.add(pool.submit(() -> query("SELECT pg_sleep(3)")));
            }
            Thread.sleep(500); // the four hold the pool's connections
            Cancellation cancellation = new Cancellation();
            java.util.concurrent.Future<QueryResult> waiting = pool.submit(
                    () -> service.query(ctx.withCancellation(cancellation), QueryRequest.of(DB, "SELECT 1")));
            Thread.sleep(300);
            long start = System.nanoTime();
            cancellation.cancel();
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> waiting.get(10, java.util.concurrent.TimeUnit.SECONDS))
                    .hasCauseInstanceOf(dev.gabysql.core.error.GabyException.class)
                    .cause()
                    .satisfies(e -> org.assertj.core.api.Assertions.assertThat(
                                    ((dev.gabysql.core.error.GabyException) e).code())
                            .isEqualTo(dev.gabysql.core.error.ErrorCode.CANCELLED));
            org.assertj.core.api.Assertions.assertThat(java.time.Duration.ofNanos(System.nanoTime() - start))
                    .as("ended by the cancellation, not by the pool's timeout")
                    .isLessThan(java.time.Duration.ofSeconds(2));
            for (java.util.concurrent.Future<QueryResult> f : busy) {
                org.assertj.core.api.Assertions.assertThat(
                                f.get(10, java.util.concurrent.TimeUnit.SECONDS).rowCount())
                        .isEqualTo(1);
            }
            org.assertj.core.api.Assertions.assertThat(count("items")).isEqualTo(50);
        } finally {
            pool.shutdownNow();
        }
    }

    @Override
    protected String dialectId() {
        return "postgresql";
    }
}
