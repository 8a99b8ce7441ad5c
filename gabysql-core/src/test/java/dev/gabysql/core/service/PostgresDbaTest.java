package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.testing.StatsPostgres;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The DBA reports on a real PostgreSQL with pg_stat_statements loaded and hypopg installed (docs/dba.md): each
 * fixture shows up in the right report with the right fix; the reports run read-only in the engine, under the
 * statement timeout, cancellable; a role without pg_read_all_stats gets a partial report that says so.
 */
final class PostgresDbaTest extends DbaContractTest {
    /** A role of this test's own (roles are the server's, shared by every database on it). */
    private String watcherRole;

    @Override
    protected String createFixture() {
        String url = StatsPostgres.newDatabase("pg_stat_statements", "hypopg");
        watcherRole = "watcher_" + url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
        TestDatabases.run(
                url,
                "CREATE TABLE bloated (id int PRIMARY KEY, payload text) WITH (autovacuum_enabled = off)",
                "INSERT INTO bloated SELECT g, repeat('x', 200) FROM generate_series(1, 50000) g",
                "DELETE FROM bloated WHERE id % 10 <> 0",
                "ANALYZE bloated",
                "CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL, status text NOT NULL)",
                "INSERT INTO orders SELECT g, g % 500, CASE WHEN g % 3 = 0 THEN 'paid' ELSE 'open' END"
                        + " FROM generate_series(1, 20000) g",
                "CREATE INDEX orders_status ON orders (status)",
                "CREATE INDEX orders_status_again ON orders (status)",
                "ANALYZE orders",
                "CREATE SEQUENCE near_max MAXVALUE 100",
                "SELECT setval('near_max', 95)",
                "CREATE TABLE tickets (id serial PRIMARY KEY, title text)",
                "SELECT setval('tickets_id_seq', 2000000000)",
                "CREATE ROLE " + watcherRole + " LOGIN",
                "GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + watcherRole);
        TestDatabases.run(url, "SELECT pg_stat_statements_reset()"); // the fixture's own statements out of the way
        for (int i = 0; i < 3; i++) {
            TestDatabases.run(url, "SELECT pg_sleep(0.3), count(*) FROM orders o JOIN bloated b ON b.id = o.id");
        }
        return url;
    }

    @Override
    protected String slowQuery(int seconds) {
        return "SELECT pg_sleep(" + seconds + ")";
    }

    @Override
    protected String aWrite() {
        return "CREATE TABLE sneaky (a int)";
    }

    @Override
    protected boolean writeLeftNoTrace() {
        return "t".equals(TestDatabases.firstRow(url, "SELECT to_regclass('public.sneaky') IS NULL"));
    }

    @Test
    void healthFindsTheBloatedTableTheUselessIndexesAndTheSequencesNearTheirEnd() {
        JsonNode r = health(service, "health").json();
        assertThat(finding(r, "dead_tuples", "public.bloated").path("fix").asText())
                .isEqualTo("VACUUM (ANALYZE) public.bloated");
        assertThat(finding(r, "dead_tuples", "public.bloated").path("fix_note").asText())
                .startsWith("admin mode, no preview")
                .contains("ALTER TABLE public.bloated RESET (autovacuum_enabled)");
        assertThat(finding(r, "dead_tuples", "public.bloated").path("summary").asText())
                .contains("autovacuum is off for it");
        assertThat(finding(r, "bloat", "public.bloated").path("fix").asText()).isEqualTo("VACUUM FULL public.bloated");
        assertThat(finding(r, "duplicate_indexes", "public.orders_status_again")
                        .path("fix")
                        .asText())
                .isEqualTo("DROP INDEX public.orders_status_again");
        assertThat(finding(r, "duplicate_indexes", "public.orders_status_again")
                        .path("fix_note")
                        .asText())
                .startsWith("admin mode, previewed before it commits");
        assertThat(finding(r, "unused_indexes", "public.orders_status")
                        .path("fix")
                        .asText())
                .isEqualTo("DROP INDEX public.orders_status");
        JsonNode seq = finding(r, "sequences", "public.near_max");
        assertThat(seq.path("severity").asText()).isEqualTo("critical");
        assertThat(seq.path("fix").asText()).isEqualTo("ALTER SEQUENCE public.near_max NO MAXVALUE");
        assertThat(finding(r, "sequences", "public.tickets_id_seq").path("fix").asText())
                .isEqualTo("ALTER TABLE public.tickets ALTER COLUMN id TYPE bigint");
        assertThat(r.path("findings").get(0).path("severity").asText()).isEqualTo("critical"); // the worst first
        for (JsonNode c : r.path("checks")) {
            assertThat(c.path("status").asText()).as(c.toString()).isIn("ok", "found");
        }
    }

    @Test
    void aSessionHoldingALockShowsInHealthAndAsTheRootOfTheActivityTree() throws Exception {
        withLockWait((holderPid, waiterPid) -> {
            JsonNode health = health(service, "health").json();
            JsonNode blocker = finding(health, "blocked_locks", "pid " + holderPid);
            assertThat(blocker.path("fix").asText()).isEqualTo("SELECT pg_terminate_backend(" + holderPid + ")");
            assertThat(blocker.path("facts").path("blocked_pids").asText()).isEqualTo(String.valueOf(waiterPid));

            JsonNode activity = health(service, "activity").json();
            List<String> order = new ArrayList<>();
            activity.path("findings").forEach(f -> order.add(f.path("object").asText()));
            assertThat(order).containsSubsequence("pid " + holderPid, "pid " + waiterPid);
            JsonNode waiterRow = finding(activity, "sessions", "pid " + waiterPid);
            assertThat(waiterRow.path("facts").path("depth").asInt()).isEqualTo(1);
            assertThat(waiterRow.path("facts").path("blocked_by").get(0).asLong())
                    .isEqualTo(holderPid);
            assertThat(waiterRow.path("facts").path("query").asText()).contains("SET status = 'waits'");
        });
    }

    /** Runs {@code check} while one session of the table's owner holds a row lock another of its sessions waits on. */
    private void withLockWait(LockCheck check) throws Exception {
        try (Connection holder = DriverManager.getConnection(url);
                Connection waiter = DriverManager.getConnection(url)) {
            holder.setAutoCommit(false);
            try (Statement st = holder.createStatement()) {
                st.execute("UPDATE orders SET status = 'held' WHERE id = 1");
            }
            long holderPid = pid(holder);
            long waiterPid = pid(waiter);
            CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
                try (Statement st = waiter.createStatement()) {
                    st.execute("UPDATE orders SET status = 'waits' WHERE id = 1");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try {
                awaitLockWait(waiterPid);
                check.run(holderPid, waiterPid);
            } finally {
                holder.rollback();
                waiting.get(10, TimeUnit.SECONDS);
            }
        }
    }

    private interface LockCheck {
        void run(long holderPid, long waiterPid) throws Exception;
    }

    @Test
    void topQueriesRankTheSlowStatementFirstByTotalTime() {
        Rendered r = health(service, "top_queries");
        JsonNode first = r.json().path("findings").get(0);
        assertThat(first.path("facts").path("query").asText()).startsWith("SELECT pg_sleep($1), count(*)");
        assertThat(first.path("facts").path("calls").asLong()).isEqualTo(3);
        assertThat(first.path("facts").path("total_ms").asDouble()).isGreaterThanOrEqualTo(900);
        assertThat(r.text()).contains("top queries of `dba`");
        Rendered byCalls = service.health(CTX, new HealthRequest(DB, "top_queries", "calls", 5, null, null));
        assertThat(byCalls.json().path("findings").size()).isLessThanOrEqualTo(5);
    }

    @Test
    void hypotheticalIndexesProveTheIndexThatEndsTheSequentialScan() {
        Rendered r = service.adviseIndexes(CTX, DB, "SELECT * FROM orders WHERE customer_id = 42");
        JsonNode advice = r.json().path("advice");
        assertThat(advice.path("method").asText()).isEqualTo("hypopg");
        assertThat(advice.path("proven").asBoolean()).isTrue();
        JsonNode best = advice.path("candidates").get(0);
        assertThat(best.path("create").asText()).isEqualTo("CREATE INDEX ON public.orders (customer_id)");
        assertThat(best.path("cost_after").asDouble())
                .isLessThan(advice.path("cost_before").asDouble() / 2);
        assertThat(best.path("used_by").asText()).contains("Index Scan");
        assertThat(r.text()).contains("Seq Scan on orders").contains("CREATE INDEX ON public.orders (customer_id)");
        // nothing was built, and the next session sees no hypothetical index
        assertThat(service.adviseIndexes(CTX, DB, "SELECT * FROM orders WHERE id = 7")
                        .json()
                        .path("advice")
                        .path("candidates"))
                .isEmpty();
        assertThat(TestDatabases.firstRow(url, "SELECT count(*) FROM pg_indexes WHERE tablename = 'orders'"))
                .isEqualTo("3");
    }

    /** An index scan that drops most of what it reads: a better index is proposed, and proven, all the same. */
    @Test
    void anIndexScanWithAFilterLeftOverGetsTheIndexThatTakesTheFilterToo() {
        JsonNode advice = service.adviseIndexes(
                        CTX, DB, "SELECT * FROM orders WHERE status = 'paid' AND customer_id = 42")
                .json()
                .path("advice");
        assertThat(advice.path("scans").get(0).asText()).contains("filter").doesNotStartWith("Seq Scan");
        assertThat(advice.path("candidates").get(0).path("columns").toString()).contains("customer_id");
        assertThat(advice.path("candidates").get(0).path("cost_after").asDouble())
                .isLessThan(advice.path("cost_before").asDouble());
    }

    @Test
    void theReportsSessionIsAReadOnlyTransaction() {
        Object readOnly = service.inReportSession(
                CTX, DB, q -> q.rows("SHOW transaction_read_only").rows().get(0).get(0));
        assertThat(readOnly).isEqualTo("on");
        assertThatThrownBy(() -> service.inReportSession(CTX, DB, q -> q.rows("CREATE TABLE sneaky (a int)")))
                .isInstanceOfSatisfying(GabyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.READ_ONLY);
                    assertThat(e.sqlState()).isEqualTo("25006");
                });
        assertThat(TestDatabases.firstRow(url, "SELECT to_regclass('public.sneaky') IS NULL"))
                .isEqualTo("t");
    }

    @Test
    void aRoleWithoutPgReadAllStatsGetsAPartialReportThatSaysSo() throws Exception {
        try (LocalGabyService watcher = service(StatsPostgres.as(url, watcherRole), null)) {
            withLockWait((holderPid, waiterPid) -> {
                // who blocks whom is seen; what the other role's sessions run is not
                JsonNode activity = health(watcher, "activity").json();
                assertThat(check(activity, "sessions").path("note").asText()).contains("pg_read_all_stats");
                JsonNode holder = finding(activity, "sessions", "pid " + holderPid);
                assertThat(holder.path("summary").asText()).contains("state hidden", "blocks pid " + waiterPid);
                assertThat(holder.path("facts").has("query")).isFalse();
                assertThat(finding(health(watcher, "health").json(), "blocked_locks", "pid " + holderPid)
                                .path("summary")
                                .asText())
                        .contains("hidden");
            });
            JsonNode top = health(watcher, "top_queries").json();
            assertThat(check(top, "pg_stat_statements").path("note").asText()).contains("pg_read_all_stats");
            for (JsonNode f : top.path("findings")) {
                if (!watcherRole.equals(f.path("facts").path("user").asText())) {
                    assertThat(f.path("facts").has("query")).as(f.toString()).isFalse();
                    assertThat(f.path("summary").asText()).contains("text hidden");
                }
            }
            JsonNode health = health(watcher, "health").json();
            assertThat(check(health, "long_running").path("note").asText()).contains("pg_read_all_stats");
            assertThat(finding(health, "dead_tuples", "public.bloated")).isNotNull(); // the rest is all there
        }
    }

    @Test
    void findingsArePagedWithACursorBoundToTheirReport() {
        Rendered first = service.health(CTX, new HealthRequest(DB, "health", null, 2, null, null));
        assertThat(first.json().path("findings").size()).isEqualTo(2);
        String cursor = first.json().path("next_cursor").asText();
        assertThat(first.text()).contains("Continue with cursor \"" + cursor + "\"");
        Rendered second = service.health(CTX, new HealthRequest(DB, "health", null, 2, cursor, null));
        assertThat(second.text()).contains("3. [");
        assertThatThrownBy(() -> service.health(CTX, new HealthRequest(DB, "activity", null, 2, cursor, null)))
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST));
    }

    @Test
    void withoutTheExtensionsTheReportsSaySoAndTheAdviceIsLabelledAGuess() {
        String plain = TestDatabases.newPostgresDatabase();
        TestDatabases.run(
                plain,
                "CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL)",
                "INSERT INTO orders SELECT g, g % 500 FROM generate_series(1, 20000) g",
                "ANALYZE orders");
        try (LocalGabyService s = service(plain, null)) {
            JsonNode top = health(s, "top_queries").json();
            assertThat(check(top, "pg_stat_statements").path("status").asText()).isEqualTo("skipped");
            assertThat(check(top, "pg_stat_statements").path("note").asText())
                    .contains("CREATE EXTENSION pg_stat_statements");
            JsonNode advice = s.adviseIndexes(CTX, DB, "SELECT * FROM orders WHERE customer_id = 42")
                    .json()
                    .path("advice");
            assertThat(advice.path("proven").asBoolean()).isFalse();
            assertThat(advice.path("method").asText()).isEqualTo("guess from EXPLAIN");
            assertThat(advice.path("notes").get(0).asText()).contains("CREATE EXTENSION hypopg");
            assertThat(advice.path("candidates").get(0).path("create").asText())
                    .isEqualTo("CREATE INDEX ON public.orders (customer_id)");
        }
    }

    private static long pid(Connection c) throws Exception {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void awaitLockWait(long pid) throws Exception {
        for (int i = 0; i < 100; i++) {
            if ("t"
                    .equals(TestDatabases.firstRow(
                            url,
                            "SELECT count(*) = 1 FROM pg_stat_activity WHERE pid = " + pid
                                    + " AND wait_event_type = 'Lock'"))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("pid " + pid + " never waited for the lock");
    }
}
