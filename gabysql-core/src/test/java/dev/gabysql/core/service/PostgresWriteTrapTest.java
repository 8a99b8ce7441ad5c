package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Write traps on PostgreSQL as a superuser, the worst case (issue 21). */
class PostgresWriteTrapTest extends WriteTrapTest {
    private static volatile boolean dblink;

    @Override
    protected String createFixture(Path dir) {
        String u = TestDatabases.newPostgresDatabase();
        TestDatabases.run(u, TrapFixtures.postgres());
        try {
            TestDatabases.run(u, "CREATE EXTENSION dblink");
            dblink = true;
        } catch (IllegalStateException notInstalled) {
            dblink = false;
        }
        settleStatistics(u);
        return u;
    }

    /**
     * Turns autovacuum off for the fixture's tables (it would analyze them during a case), then vacuums and
     * analyzes everything once, so that every counter the state compares is set and a trap moving it shows.
     */
    private static void settleStatistics(String u) {
        try (Connection c = DriverManager.getConnection(u);
                Statement st = c.createStatement()) {
            for (String table :
                    StateLines.column(c, "SELECT format('%I.%I', schemaname, relname) FROM pg_stat_user_tables")) {
                st.execute("ALTER TABLE " + table + " SET (autovacuum_enabled = off)");
            }
            st.execute("VACUUM ANALYZE");
            for (int i = 0; i < 100; i++) {
                if (StateLines.column(c, "SELECT relname FROM pg_stat_user_tables WHERE analyze_count = 0")
                        .isEmpty()) {
                    return;
                }
                Thread.sleep(50);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new IllegalStateException("the fixture's statistics never showed its ANALYZE");
    }

    @Override
    protected Victims openVictims() {
        Victims v =
                new Victims(url + "&ApplicationName=gaby-victim", "SELECT pg_backend_pid()", "SELECT pg_sleep(600)");
        try (Statement st = v.idle().createStatement()) {
            st.execute("LISTEN gaby_trap");
            st.execute("LISTEN evil");
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return v.awaitSleeping("SELECT count(*) FROM pg_stat_activity WHERE pid = {BUSY} AND state = 'active'"
                + " AND query LIKE 'SELECT pg_sleep%'");
    }

    @Override
    protected String state() {
        return PostgresState.read(url, victims, tmp);
    }

    @ParameterizedTest
    @MethodSource({"nonTransactionalFunctions", "hiddenCalls", "counters", "maintenance", "cascades"})
    void nothingChangesAfterAPreview(String sql) {
        attack(sql);
    }

    @ParameterizedTest
    @MethodSource({"dblinkWrites"})
    void aForeignWriteIsNeverPreviewed(String sql) {
        Assumptions.assumeTrue(dblink, "the server has no dblink extension");
        attack(sql);
    }

    @ParameterizedTest
    @MethodSource({"dev.gabysql.core.service.PreviewAdversarialTest#common"})
    void theCommonAttacksLeaveTheWholeStateAlone(String sql) {
        attack(sql);
    }

    /**
     * The ordinary case: a DELETE whose trigger writes an audit row into a table with a {@code serial} key
     * (never used) could not be previewed at all ("setval: value 0 is out of bounds").
     */
    @Test
    void aDeleteWhoseTriggerUsesAFreshSerialCanBePreviewed() {
        ExecuteResult answer = attack("DELETE FROM customers WHERE id = 2");
        assertThat(answer).isNotNull();
        assertThat(answer.status()).isEqualTo("previewed");
        assertThat(answer.affectedRows()).isEqualTo(1);
    }

    // needs the blast radius API (issue 21 item 3)
    @Test
    void aCascadingDeletesPreviewCountsEveryTable() {
        ExecuteResult answer = attack("DELETE FROM customers WHERE id = 2");
        assertThat(answer).isNotNull();
        int orders = TrapFixtures.ORDERS_PER_CUSTOMER;
        int items = orders * TrapFixtures.ITEMS_PER_ORDER;
        assertThat(notesOf(answer))
                .contains("customers -1")
                .contains("orders -" + orders + " (cascade)")
                .contains("order_items -" + items + " (cascade)")
                .contains("shipments -" + items + " (cascade)")
                .contains("audit +1 (trigger)");
    }

    /** The state's own test: each witness leaves, outside gabysql, what a trap could; the state must show it. */
    @ParameterizedTest
    @MethodSource("witnesses")
    void theStateSeesWhatATrapWouldLeave(String witness) {
        stateSees(witness);
    }

    static Stream<String> witnesses() {
        return Stream.of(
                "SELECT pg_stat_reset()",
                "SELECT pg_stat_reset_single_table_counters('items'::regclass)",
                "SELECT pg_stat_reset_shared('bgwriter')",
                "SELECT pg_terminate_backend({VICTIM})",
                "SELECT pg_cancel_backend({BUSY})",
                "SELECT pg_reload_conf()",
                "SELECT nextval('fresh_seq')",
                "SELECT setval('used_seq', 3, false)",
                "INSERT INTO fresh_tagged (label) VALUES ('x')",
                "INSERT INTO tickets (note) VALUES ('t')",
                "ANALYZE items",
                "autocommit: VACUUM items",
                "autocommit: NOTIFY gaby_trap",
                "autocommit: DELETE FROM customers WHERE id = 2",
                "autocommit: SELECT lo_unlink(424242)");
    }

    static Stream<String> nonTransactionalFunctions() {
        return Stream.of(
                "SELECT pg_terminate_backend({VICTIM})",
                "SELECT pg_terminate_backend({BUSY})",
                "SELECT pg_terminate_backend({VICTIM}, 1000)",
                "SELECT pg_cancel_backend({BUSY})",
                "SELECT pg_stat_reset()",
                "SELECT pg_stat_reset_shared('bgwriter')",
                "SELECT pg_stat_reset_shared('archiver')",
                "SELECT pg_stat_reset_shared('wal')",
                "SELECT pg_stat_reset_slru(NULL)",
                "SELECT pg_stat_reset_single_table_counters('items'::regclass)",
                "SELECT pg_reload_conf()",
                "SELECT pg_rotate_logfile()",
                "SELECT lo_create(4243)",
                "SELECT lo_from_bytea(0, 'x')",
                "SELECT lo_import('/etc/hostname')",
                "SELECT lo_unlink(424242)",
                "SELECT lo_put(424242, 0, 'y')",
                "SELECT lo_export(424242, '/tmp/gaby_lo_export')",
                "COPY (SELECT 1) TO '/tmp/gaby_copy.txt'",
                "SELECT txid_current()",
                "SELECT pg_current_xact_id()",
                "SELECT pg_notify('gaby_trap', 'x')",
                "NOTIFY gaby_trap, 'y'",
                "SELECT pg_advisory_lock(7)",
                "SELECT pg_try_advisory_lock(8)",
                "SELECT pg_switch_wal()",
                "SELECT pg_create_restore_point('gaby')",
                "SELECT pg_log_backend_memory_contexts({VICTIM})");
    }

    /** The same functions, out of the guard's plain sight: wrapped, quoted, qualified, or inside user functions. */
    static Stream<String> hiddenCalls() {
        return Stream.of(
                "SELECT CASE WHEN true THEN pg_stat_reset() END",
                "SELECT (SELECT pg_stat_reset())",
                "SELECT 1 WHERE EXISTS (SELECT pg_terminate_backend({VICTIM}))",
                "WITH x AS (SELECT pg_terminate_backend({VICTIM})) SELECT * FROM x",
                "WITH x AS MATERIALIZED (SELECT pg_reload_conf()) SELECT 1 FROM x",
                "SELECT pg_terminate_backend({VICTIM})::text",
                "SELECT CAST(pg_reload_conf() AS text)",
                "SELECT \"pg_catalog\".\"pg_stat_reset\"()",
                "SELECT pg_catalog.pg_stat_reset()",
                "SELECT PG_STAT_RESET()",
                "SELECT \"pg_stat_reset\"()",
                "SELECT * FROM pg_stat_reset()",
                "SELECT pg_stat_reset() FROM generate_series(1, 1)",
                "VALUES (pg_stat_reset())",
                "SELECT 1 FROM items WHERE pg_stat_reset() IS NULL LIMIT 1",
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'gaby-victim'",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = {VICTIM}",
                "UPDATE items SET qty = qty WHERE id = 1 AND pg_stat_reset() IS NULL",
                "UPDATE items SET name = pg_reload_conf()::text WHERE id = 1",
                "INSERT INTO items (name, qty) SELECT pg_terminate_backend({VICTIM})::text, 1",
                "DELETE FROM items WHERE id = 1 RETURNING pg_stat_reset()",
                "DELETE FROM items WHERE id = 1 AND pg_cancel_backend({BUSY})",
                "SELECT tidy()",
                "SELECT hush()",
                "SELECT public.tidy()",
                "CALL tidy_up()",
                "DO $$BEGIN PERFORM pg_stat_reset(); END$$",
                "EXPLAIN ANALYZE SELECT pg_stat_reset()",
                "EXPLAIN (ANALYZE) SELECT hush()",
                "INSERT INTO alarms VALUES (2, 'rings')",
                "UPDATE alarms SET note = 'x' WHERE id = 1",
                "DELETE FROM alarms WHERE id = 1",
                "INSERT INTO watchdog VALUES (1)",
                "INSERT INTO tickets (note) VALUES ('t')",
                "PREPARE p AS SELECT pg_stat_reset()",
                "EXECUTE p");
    }

    /** Sequences never called and used, identity and serial columns behind them. */
    static Stream<String> counters() {
        return Stream.of(
                "SELECT nextval('fresh_seq')",
                "SELECT setval('fresh_seq', 10)",
                "SELECT setval('fresh_seq', 1, false)",
                "SELECT setval('fresh_seq', 1, true)",
                "SELECT nextval('used_seq')",
                "SELECT setval('used_seq', 100)",
                "SELECT setval('used_seq', 3, false)",
                "SELECT setval('used_seq', 3, true)",
                "SELECT currval('used_seq')",
                "SELECT nextval('fresh' || '_seq')",
                "SELECT nextval(CAST('fresh_seq' AS regclass))",
                "SELECT nextval('public.\"used_seq\"')",
                "SELECT \"pg_catalog\".\"nextval\"('fresh_seq')",
                "SELECT nextval('ticket_seq') FROM generate_series(1, 5)",
                "INSERT INTO items (name, qty) VALUES ('x', 1)",
                "INSERT INTO items (name, qty) SELECT name, qty FROM items",
                "INSERT INTO tagged (label) VALUES ('c')",
                "INSERT INTO tagged (label) SELECT 'many' FROM generate_series(1, 100)",
                "INSERT INTO fresh_tagged (label) VALUES ('first')",
                "INSERT INTO fresh_tagged (id, label) VALUES (7, 'given')",
                "INSERT INTO audit (what) VALUES ('x')",
                "INSERT INTO items (name, qty) VALUES ('seq', nextval('fresh_seq'))",
                "UPDATE items SET qty = nextval('used_seq') WHERE id = 1",
                "EXPLAIN ANALYZE INSERT INTO fresh_tagged (label) VALUES ('e')",
                "WITH n AS (SELECT nextval('fresh_seq') AS v) INSERT INTO items (name, qty) SELECT 'w', v FROM n");
    }

    static Stream<String> maintenance() {
        return Stream.of(
                "ANALYZE",
                "ANALYZE items",
                "ANALYZE VERBOSE items",
                "ANALYZE items (qty)",
                "VACUUM",
                "VACUUM items",
                "VACUUM ANALYZE items",
                "VACUUM (ANALYZE) items",
                "VACUUM FULL items",
                "CLUSTER items USING items_pkey",
                "REINDEX TABLE items",
                "REINDEX TABLE CONCURRENTLY items",
                "CHECKPOINT",
                "DISCARD ALL",
                "LOAD 'auto_explain'");
    }

    static Stream<String> cascades() {
        return Stream.of(
                "DELETE FROM customers WHERE id = 2",
                "DELETE FROM customers WHERE id IN (1, 3)",
                "DELETE FROM orders WHERE customer_id = 4",
                "UPDATE customers SET name = 'renamed' WHERE id = 5",
                "TRUNCATE customers CASCADE",
                "WITH d AS (DELETE FROM customers WHERE id = 1 RETURNING id) SELECT count(*) FROM d");
    }

    static Stream<String> dblinkWrites() {
        String self = "'host=127.0.0.1 port=' || current_setting('port') || ' dbname=' || current_database()"
                + " || ' user=' || current_user";
        return List.of(
                "SELECT dblink_exec(" + self + ", 'DELETE FROM items WHERE id = 1')",
                "SELECT dblink_exec(" + self + ", 'SELECT pg_stat_reset()')",
                "SELECT * FROM dblink(" + self + ", 'SELECT nextval(''fresh_seq'')') AS t(v bigint)",
                "SELECT dblink_connect('gaby', " + self + ")")
                .stream();
    }
}
