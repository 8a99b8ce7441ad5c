package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Write traps on MariaDB (issue 21): tables no rollback undoes (MyISAM, MEMORY, CSV, Aria), a trigger writing one of
 * them, AUTO_INCREMENT and sequences, maintenance, KILL, global settings and DDL (which commits implicitly).
 * gabysql connects as the fixture's own user, who holds every privilege on its database and none elsewhere.
 */
class MariaDbWriteTrapTest extends WriteTrapTest {
    private static final Pattern RESTORED =
            Pattern.compile("AUTO_INCREMENT of (\\S+) restored to \\d+ \\(by ALTER TABLE");

    /**
     * MariaDB lowers AUTO_INCREMENT only by ALTER TABLE, which stamps the table's definition time and renews its
     * statistics; the preview's note says so for each table it restored, and only those lines of those tables may
     * differ. The counter itself must be back.
     */
    @Override
    protected String explained(String state, ExecuteResult answer) {
        if (answer == null) {
            return state;
        }
        StringBuilder out = new StringBuilder();
        for (String line : state.split("\n", -1)) {
            out.append(maskRestored(line, answer.notes())).append('\n');
        }
        return out.toString();
    }

    private static String maskRestored(String line, List<String> notes) {
        for (String note : notes) {
            Matcher m = RESTORED.matcher(note);
            if (!m.find()) {
                continue;
            }
            String table = m.group(1);
            if (line.startsWith("table: " + table + " ")) {
                return line.replaceAll("created=\\S+ \\S+", "created=(renewed by the restore)");
            }
            if (line.startsWith("innodb table statistics: " + table + " ")
                    || line.startsWith("innodb index statistics: " + table + " ")) {
                return line.substring(0, line.indexOf(table) + table.length()) + " (renewed by the restore)";
            }
        }
        return line;
    }

    @Override
    protected String createFixture(Path dir) {
        String u = TestDatabases.newMariaDbDatabase();
        String admin = TestDatabases.mariaDbAdminUrlFor(database(u));
        boolean aria = "YES"
                        .equals(TestDatabasesScalar.scalar(
                                admin, "SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = 'Aria'"))
                || "DEFAULT"
                        .equals(TestDatabasesScalar.scalar(
                                admin, "SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = 'Aria'"));
        TestDatabases.run(u, TrapFixtures.mariadb(aria));
        stampStatistics(admin);
        return u;
    }

    /**
     * Analyzes every table once, then dates the persistent statistics to a fixed past time: an ANALYZE or OPTIMIZE
     * that a preview lets through rewrites them with the current time, which the state then shows even within the
     * same second.
     */
    private static void stampStatistics(String admin) {
        String tables;
        try (Connection c = DriverManager.getConnection(admin)) {
            tables = String.join(
                    ", ",
                    StateLines.column(
                            c,
                            "SELECT CONCAT('`', TABLE_NAME, '`') FROM information_schema.TABLES"
                                    + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'"));
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        TestDatabases.run(
                admin,
                "ANALYZE TABLE " + tables,
                "UPDATE mysql.innodb_table_stats SET last_update = '2001-01-01 00:00:00'"
                        + " WHERE database_name = DATABASE()",
                "UPDATE mysql.innodb_index_stats SET last_update = '2001-01-01 00:00:00'"
                        + " WHERE database_name = DATABASE()");
    }

    /** The database name in {@code jdbc:mariadb://host:port/NAME?…}. */
    static String database(String url) {
        int slash = url.indexOf('/', url.indexOf("//") + 2);
        int q = url.indexOf('?', slash);
        return url.substring(slash + 1, q < 0 ? url.length() : q);
    }

    private static String user(String url) {
        int at = url.indexOf("user=") + "user=".length();
        int end = url.indexOf('&', at);
        return url.substring(at, end < 0 ? url.length() : end);
    }

    @Override
    protected Victims openVictims() {
        return new Victims(url, "SELECT CONNECTION_ID()", "SELECT SLEEP(600)")
                .awaitSleeping("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = {BUSY}"
                        + " AND INFO LIKE 'SELECT SLEEP%'");
    }

    @Override
    protected String state() {
        return MariaDbState.read(TestDatabases.mariaDbAdminUrlFor(database(url)), user(url), victims, tmp);
    }

    @ParameterizedTest
    @MethodSource({"nonTransactionalTables", "counters", "functions", "maintenance", "server", "ddl", "cascades"})
    void nothingChangesAfterAPreview(String sql) {
        attack(sql);
    }

    @ParameterizedTest
    @MethodSource({"dev.gabysql.core.service.PreviewAdversarialTest#common"})
    void theCommonAttacksLeaveTheWholeStateAlone(String sql) {
        attack(sql);
    }

    // needs the blast radius API (issue 21 item 3)
    @Test
    void aCascadingDeletesPreviewNamesEveryTableAndWhatItCannotCount() {
        ExecuteResult answer = attack("DELETE FROM customers WHERE id = 2");
        assertThat(answer).isNotNull();
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
                "INSERT INTO notes_myisam (note) VALUES ('kept')",
                "INSERT INTO cache_memory VALUES (3, 'three')",
                "INSERT INTO export_csv VALUES (2, 'two')",
                "INSERT INTO watched VALUES (1, 'w')",
                "SELECT note_it()",
                "INSERT INTO items (name, qty) VALUES ('x', 1)",
                "SELECT NEXTVAL(fresh_seq)",
                "ANALYZE TABLE items",
                "CHECK TABLE notes_myisam",
                "KILL QUERY {BUSY}",
                "KILL {VICTIM}",
                "autocommit: DELETE FROM customers WHERE id = 2");
    }

    static Stream<String> nonTransactionalTables() {
        return Stream.of(
                "INSERT INTO notes_myisam (note) VALUES ('kept for good')",
                "UPDATE notes_myisam SET note = 'changed' WHERE id = 1",
                "DELETE FROM notes_myisam WHERE id = 2",
                "REPLACE INTO notes_myisam (id, note) VALUES (1, 'replaced')",
                "INSERT INTO notes_myisam (id, note) VALUES (1, 'x') ON DUPLICATE KEY UPDATE note = 'dup'",
                "INSERT IGNORE INTO notes_myisam (note) VALUES ('ignored')",
                "INSERT INTO `notes_myisam` (note) VALUES ('quoted')",
                "INSERT INTO notes_myisam (note) SELECT name FROM items WHERE id < 3",
                "INSERT INTO cache_memory VALUES (3, 'three')",
                "UPDATE cache_memory SET v = 'x' WHERE id = 1",
                "DELETE FROM cache_memory WHERE id = 1",
                "INSERT INTO export_csv VALUES (2, 'two')",
                "INSERT INTO log_aria (v) VALUES ('two')",
                "DELETE FROM log_aria WHERE id = 1",
                "INSERT INTO watched VALUES (1, 'w')",
                "INSERT INTO notes_v (note) VALUES ('through a view')",
                "UPDATE notes_v SET note = 'view' WHERE id = 1",
                "UPDATE items i JOIN notes_myisam n ON n.id = i.id SET i.qty = 0, n.note = 'joined' WHERE i.id = 1",
                "DELETE i, n FROM items i JOIN notes_myisam n ON n.id = i.id WHERE i.id = 2",
                "DELETE n FROM notes_myisam n WHERE n.id = 1",
                "WITH x AS (SELECT 1 AS a) UPDATE notes_myisam SET note = 'cte' WHERE id = 1",
                "ANALYZE DELETE FROM notes_myisam WHERE id = 1",
                "ANALYZE INSERT INTO notes_myisam (note) VALUES ('analyze runs it')",
                "ANALYZE UPDATE items SET qty = 0 WHERE id = 1",
                "LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE notes_myisam (note)");
    }

    static Stream<String> counters() {
        return Stream.of(
                "INSERT INTO items (name, qty) VALUES ('x', 1)",
                "INSERT INTO items (name, qty) SELECT name, qty FROM items",
                "INSERT INTO items (id, name, qty) VALUES (1000, 'far', 1)",
                "INSERT INTO audit (what) VALUES ('x')",
                "REPLACE INTO items (name, qty) VALUES ('r', 1)",
                "INSERT INTO tickets (note) VALUES ('t')",
                "INSERT INTO tickets (id, note) VALUES (NEXTVAL(fresh_seq), 'given')",
                "SELECT NEXTVAL(fresh_seq)",
                "SELECT NEXT VALUE FOR used_seq",
                "SELECT nextval(`used_seq`)",
                "SELECT SETVAL(used_seq, 100)",
                "SELECT SETVAL(fresh_seq, 5)",
                "SELECT LASTVAL(used_seq)",
                "DO NEXTVAL(used_seq)",
                "SELECT 1 FROM items WHERE id = 1 AND NEXTVAL(fresh_seq) > 0",
                "UPDATE items SET qty = NEXTVAL(used_seq) WHERE id = 1");
    }

    static Stream<String> functions() {
        return Stream.of(
                "SELECT note_it()",
                "SELECT (SELECT note_it())",
                "INSERT INTO items (name, qty) VALUES ('fn', note_it())",
                "UPDATE items SET qty = note_it() WHERE id = 1",
                "CALL add_note()",
                "SELECT GET_LOCK('gaby', 0)",
                "DO GET_LOCK('x', 0)",
                "SELECT SLEEP(0)",
                "SELECT BENCHMARK(10, note_it())");
    }

    static Stream<String> maintenance() {
        return Stream.of(
                "ANALYZE TABLE items",
                "ANALYZE TABLE notes_myisam",
                "ANALYZE TABLE items PERSISTENT FOR ALL",
                "ANALYZE NO_WRITE_TO_BINLOG TABLE items",
                "OPTIMIZE TABLE items",
                "OPTIMIZE TABLE notes_myisam",
                "REPAIR TABLE notes_myisam",
                "REPAIR TABLE notes_myisam USE_FRM",
                "CHECK TABLE notes_myisam",
                "CHECK TABLE items",
                "CHECKSUM TABLE items",
                "FLUSH TABLES",
                "FLUSH TABLES items",
                "FLUSH STATUS",
                "FLUSH PRIVILEGES");
    }

    static Stream<String> server() {
        return Stream.of(
                "KILL {VICTIM}",
                "KILL CONNECTION {VICTIM}",
                "KILL QUERY {BUSY}",
                "KILL {BUSY}",
                "KILL HARD QUERY {BUSY}",
                "SET GLOBAL max_connections = 1",
                "SET GLOBAL general_log = ON",
                "SET @@GLOBAL.max_connections = 2",
                "SET PASSWORD = PASSWORD('x')",
                "CREATE USER evil IDENTIFIED BY 'x'",
                "GRANT ALL ON *.* TO CURRENT_USER",
                "INSTALL SONAME 'ha_blackhole'",
                "XA START 'x'",
                "LOCK TABLES items WRITE",
                "HANDLER items OPEN",
                "SELECT * FROM items INTO OUTFILE '/tmp/gaby_outfile'");
    }

    static Stream<String> ddl() {
        return Stream.of(
                "ALTER TABLE items AUTO_INCREMENT = 1000",
                "ALTER TABLE notes_myisam ENGINE = InnoDB",
                "ALTER TABLE items ENGINE = MyISAM",
                "TRUNCATE TABLE notes_myisam",
                "TRUNCATE TABLE items",
                "DROP TABLE notes_myisam",
                "DROP VIEW notes_v",
                "CREATE TABLE evil ENGINE=MyISAM AS SELECT 1 AS a",
                "CREATE TEMPORARY TABLE evil_tmp (a INT)",
                "ALTER SEQUENCE used_seq RESTART 1000",
                "DROP SEQUENCE fresh_seq",
                "CREATE SEQUENCE evil_seq",
                "CREATE EVENT evil ON SCHEDULE EVERY 1 SECOND DO DELETE FROM items",
                "DROP TRIGGER watched_log",
                "CREATE OR REPLACE TRIGGER evil AFTER INSERT ON items FOR EACH ROW DELETE FROM big");
    }

    static Stream<String> cascades() {
        return Stream.of(
                "DELETE FROM customers WHERE id = 2",
                "DELETE FROM customers WHERE id IN (1, 3)",
                "DELETE FROM orders WHERE customer_id = 4",
                "UPDATE customers SET name = 'renamed' WHERE id = 5");
    }
}
