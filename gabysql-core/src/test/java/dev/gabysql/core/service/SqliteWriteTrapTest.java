package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Write traps on SQLite (issue 21), foreign keys enforced as gabysql's connections enforce them
 * ({@code SqliteConnectionSource}): maintenance, AUTOINCREMENT's {@code sqlite_sequence}, a cascade three levels
 * deep under an audit trigger.
 */
class SqliteWriteTrapTest extends WriteTrapTest {
    @Override
    protected String createFixture(Path dir) {
        return "jdbc:sqlite:" + TestDatabases.sqliteFile(dir, "shop", TrapFixtures.sqlite());
    }

    @Override
    protected boolean shareFixture() {
        return false;
    }

    @Override
    protected Duration settle() {
        return Duration.ZERO;
    }

    @Override
    protected String state() {
        return SqliteState.read(url, tmp);
    }

    @ParameterizedTest
    @MethodSource({"maintenance", "counters", "cascades"})
    void nothingChangesAfterAPreview(String sql) {
        attack(sql);
    }

    @ParameterizedTest
    @MethodSource({"dev.gabysql.core.service.PreviewAdversarialTest#common"})
    void theCommonAttacksLeaveTheWholeStateAlone(String sql) {
        attack(sql);
    }

    /** SQLite keeps AUTOINCREMENT's counter in a table, so the rollback undoes it: this pins that it does. */
    @Test
    void sqliteSequenceRollsBackWithThePreview() {
        ExecuteResult items = attack("INSERT INTO items (name, qty) VALUES ('x', 1), ('y', 2)");
        assertThat(items.status()).isEqualTo("previewed");
        assertThat(items.affectedRows()).isEqualTo(2);
        assertThat(attack("INSERT INTO audit (what) VALUES ('first')").status()).isEqualTo("previewed");
        assertThat(TestDatabasesScalar.scalar(url, "SELECT group_concat(name || '=' || seq) FROM sqlite_sequence"))
                .isEqualTo("items=50");
    }

    // needs the blast radius API (issue 21 item 3)
    @Test
    void aCascadingDeletesPreviewNamesEveryTableAndWhatItCannotCount() {
        ExecuteResult answer = attack("DELETE FROM customers WHERE id = 2");
        assertThat(answer).isNotNull();
        assertThat(answer.affectedRows()).isEqualTo(1);
        assertThat(notesOf(answer))
                .contains("customers -1")
                .contains("orders")
                .contains("order_items")
                .contains("shipments")
                .contains("audit")
                .contains("not counted");
    }

    /** The state's own test: each witness leaves, outside gabysql, what a trap could; the state must show it. */
    @ParameterizedTest
    @MethodSource("witnesses")
    void theStateSeesWhatATrapWouldLeave(String witness) {
        stateSees(witness);
    }

    static Stream<String> witnesses() {
        return Stream.of(
                "autocommit: VACUUM",
                "autocommit: ANALYZE",
                "autocommit: CREATE TABLE evil (a)",
                "autocommit: INSERT INTO audit (what) VALUES ('x')",
                "autocommit: DELETE FROM customers WHERE id = 2",
                "autocommit: PRAGMA user_version = 3");
    }

    static Stream<String> maintenance() {
        return Stream.of(
                "ANALYZE",
                "ANALYZE items",
                "ANALYZE main",
                "VACUUM",
                "VACUUM main",
                "VACUUM INTO 'copy.db'",
                "REINDEX",
                "REINDEX items",
                "PRAGMA optimize",
                "PRAGMA incremental_vacuum",
                "PRAGMA wal_checkpoint(TRUNCATE)",
                "PRAGMA journal_mode = WAL",
                "PRAGMA auto_vacuum = FULL",
                "PRAGMA page_size = 512",
                "PRAGMA application_id = 7",
                "SELECT * FROM pragma_optimize()",
                "SELECT * FROM pragma_incremental_vacuum(5)");
    }

    static Stream<String> counters() {
        return Stream.of(
                "INSERT INTO items (name, qty) VALUES ('x', 1)",
                "INSERT INTO items (id, name, qty) VALUES (1000, 'far', 1)",
                "INSERT INTO audit (what) VALUES ('x')",
                "INSERT INTO tickets (note) VALUES ('t')",
                "INSERT INTO items (name, qty) SELECT name, qty FROM items RETURNING id",
                "WITH d AS (SELECT 1) INSERT INTO audit (what) SELECT 'cte' FROM d",
                "UPDATE sqlite_sequence SET seq = 1000 WHERE name = 'items'",
                "INSERT INTO sqlite_sequence VALUES ('tickets', 99)",
                "DELETE FROM sqlite_sequence WHERE name = 'items'");
    }

    static Stream<String> cascades() {
        return Stream.of(
                "DELETE FROM customers WHERE id = 2",
                "DELETE FROM customers WHERE id IN (1, 3)",
                "DELETE FROM orders WHERE customer_id = 4",
                "UPDATE customers SET id = 50 WHERE id = 5",
                "UPDATE customers SET name = 'renamed' WHERE id = 5");
    }
}
