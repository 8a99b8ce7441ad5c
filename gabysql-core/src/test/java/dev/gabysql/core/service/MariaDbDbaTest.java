package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
 * The DBA reports on a real MariaDB (docs/dba.md#mariadb): a table without a primary key, a redundant index, an
 * AUTO_INCREMENT near its end and a lock wait between two connections each show up with their fix, as the server's
 * admin sees them; a user without PROCESS gets a report that says what it could not see.
 */
final class MariaDbDbaTest extends DbaContractTest {
    private String database;
    private String ownerUrl;

    @Override
    protected String createFixture() {
        ownerUrl = TestDatabases.newMariaDbDatabase();
        database = ownerUrl.substring(ownerUrl.lastIndexOf('/') + 1, ownerUrl.indexOf('?'));
        TestDatabases.run(
                ownerUrl,
                "CREATE TABLE events (payload VARCHAR(100)) ENGINE=InnoDB",
                "INSERT INTO events VALUES ('a'), ('b')",
                "CREATE TABLE orders (id INT PRIMARY KEY AUTO_INCREMENT, customer_id INT NOT NULL,"
                        + " status VARCHAR(10) NOT NULL, KEY by_customer (customer_id),"
                        + " KEY by_customer_status (customer_id, status)) ENGINE=InnoDB",
                "INSERT INTO orders (customer_id, status) SELECT seq % 500, IF(seq % 3 = 0, 'paid', 'open')"
                        + " FROM seq_1_to_5000",
                "CREATE TABLE counters (id TINYINT PRIMARY KEY AUTO_INCREMENT, label VARCHAR(10))"
                        + " ENGINE=InnoDB AUTO_INCREMENT=120",
                "ANALYZE TABLE orders");
        return TestDatabases.mariaDbAdminUrlFor(database); // the server's admin sees every thread and lock wait
    }

    @Override
    protected String slowQuery(int seconds) {
        return "SELECT SLEEP(" + seconds + ")";
    }

    @Override
    protected String aWrite() {
        return "INSERT INTO events VALUES ('sneaky')";
    }

    @Override
    protected boolean writeLeftNoTrace() {
        return "0".equals(TestDatabases.firstRow(ownerUrl, "SELECT COUNT(*) FROM events WHERE payload = 'sneaky'"));
    }

    @Test
    void healthFindsTheTableWithoutKeyTheRedundantIndexAndTheAutoIncrementNearItsEnd() {
        JsonNode r = health(service, "health").json();
        String q = "`" + database + "`";
        JsonNode noKey = finding(r, "no_primary_key", q + ".`events`");
        assertThat(noKey.path("fix_note").asText()).contains("ADD PRIMARY KEY");
        JsonNode redundant = finding(r, "redundant_indexes", q + ".`orders` index by_customer");
        assertThat(redundant.path("fix").asText()).isEqualTo("ALTER TABLE " + q + ".`orders` DROP INDEX `by_customer`");
        assertThat(redundant.path("facts").path("kept").asText()).isEqualTo("by_customer_status");
        assertThat(redundant.path("fix_note").asText()).startsWith("admin mode");
        JsonNode counter = finding(r, "auto_increment", q + ".`counters`.`id`");
        assertThat(counter.path("severity").asText()).isEqualTo("critical");
        assertThat(counter.path("fix").asText())
                .isEqualTo("ALTER TABLE " + q + ".`counters` MODIFY `id` BIGINT NOT NULL AUTO_INCREMENT");
        assertThat(r.path("findings").get(0).path("severity").asText()).isEqualTo("critical");
    }

    @Test
    void aLockWaitShowsInHealthAndAsTheRootOfTheActivityTree() throws Exception {
        try (Connection holder = DriverManager.getConnection(ownerUrl);
                Connection waiter = DriverManager.getConnection(ownerUrl)) {
            holder.setAutoCommit(false);
            waiter.setAutoCommit(false);
            try (Statement st = holder.createStatement()) {
                st.execute("UPDATE orders SET status = 'held' WHERE id = 1");
            }
            long holderId = threadId(holder);
            long waiterId = threadId(waiter);
            CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
                try (Statement st = waiter.createStatement()) {
                    st.execute("UPDATE orders SET status = 'waits' WHERE id = 1");
                    waiter.rollback();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitLockWait(waiterId);
            JsonNode health = health(service, "health").json();
            JsonNode blocker = finding(health, "lock_waits", "thread " + holderId);
            assertThat(blocker.path("fix").asText()).isEqualTo("KILL " + holderId);
            assertThat(blocker.path("facts").path("blocked_threads").asText()).isEqualTo(String.valueOf(waiterId));

            JsonNode activity = health(service, "activity").json();
            List<String> order = new ArrayList<>();
            activity.path("findings").forEach(f -> order.add(f.path("object").asText()));
            assertThat(order).containsSubsequence("thread " + holderId, "thread " + waiterId);
            JsonNode waiterRow = finding(activity, "threads", "thread " + waiterId);
            assertThat(waiterRow.path("facts").path("depth").asInt()).isEqualTo(1);
            assertThat(waiterRow.path("facts").path("query").asText()).contains("SET status = 'waits'");
            assertThat(finding(activity, "threads", "thread " + holderId)
                            .path("fix")
                            .asText())
                    .isEqualTo("KILL " + holderId);
            holder.rollback();
            waiting.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aUserWithoutProcessGetsAReportThatSaysWhatItCouldNotSee() {
        try (LocalGabyService owner = service(ownerUrl, null)) {
            JsonNode health = health(owner, "health").json();
            assertThat(check(health, "lock_waits").path("status").asText()).isEqualTo("skipped");
            assertThat(check(health, "lock_waits").path("note").asText()).contains("PROCESS");
            assertThat(check(health, "long_running").path("note").asText()).contains("PROCESS");
            assertThat(finding(health, "no_primary_key", "`" + database + "`.`events`"))
                    .isNotNull();
            JsonNode activity = health(owner, "activity").json();
            assertThat(check(activity, "threads").path("note").asText()).contains("PROCESS");
        }
    }

    @Test
    void topQueriesNeedPerformanceSchemaAndSaySoWhenItIsOff() {
        JsonNode top = health(service, "top_queries").json();
        JsonNode digests = check(top, "statement_digests");
        if ("1".equals(TestDatabases.firstRow(ownerUrl, "SELECT @@performance_schema"))) {
            assertThat(digests.path("status").asText()).isIn("ok", "found");
        } else {
            assertThat(digests.path("status").asText()).isEqualTo("skipped");
            assertThat(digests.path("note").asText()).contains("performance_schema=ON");
        }
    }

    @Test
    void indexAdviceIsAGuessLabelledAsOne() {
        JsonNode advice = service.adviseIndexes(CTX, DB, "SELECT * FROM orders o WHERE o.status = 'paid'")
                .json()
                .path("advice");
        assertThat(advice.path("proven").asBoolean()).isFalse();
        assertThat(advice.path("method").asText()).isEqualTo("guess from EXPLAIN");
        assertThat(advice.path("candidates").get(0).path("create").asText())
                .isEqualTo("CREATE INDEX `ix_orders_status` ON `" + database + "`.`orders` (`status`)");
        assertThat(advice.path("notes").get(0).asText()).contains("cannot plan with an index that does not exist");
    }

    private static long threadId(Connection c) throws Exception {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT CONNECTION_ID()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void awaitLockWait(long thread) throws Exception {
        for (int i = 0; i < 100; i++) {
            if ("1"
                    .equals(TestDatabases.firstRow(
                            url,
                            "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'"
                                    + " AND trx_mysql_thread_id = " + thread))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("thread " + thread + " never waited for the lock");
    }
}
