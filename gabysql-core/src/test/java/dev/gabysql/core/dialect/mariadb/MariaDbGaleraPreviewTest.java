package dev.gabysql.core.dialect.mariadb;

import static dev.gabysql.core.testing.TestDatabases.firstRow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a preview does differently on a Galera node (docs/deploy.md#galera-cluster), on the local MariaDB with the
 * Galera switch set by hand: the cluster itself is started by bench/scenarios/galera.sh, which checks the same on
 * three real nodes. The local server is no Galera node, and the statements gabysql adds on one are valid MariaDB.
 */
class MariaDbGaleraPreviewTest {
    private String url;

    @BeforeEach
    void setUp() {
        url = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(
                url,
                "CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20)) ENGINE=InnoDB",
                "INSERT INTO items (name) VALUES ('a')",
                "CREATE TABLE notes (id INT PRIMARY KEY) ENGINE=MyISAM");
    }

    /** The ALTER TABLE that would lower the counter is DDL, which Galera replicates to every node: never run. */
    @Test
    void onAGaleraNodeThePreviewRunsNoAlterTableAndSaysTheCounterWasLeft() throws SQLException {
        String definedAt = firstRow(
                url,
                "SELECT CREATE_TIME FROM information_schema.TABLES WHERE TABLE_NAME = 'items'"
                        + " AND TABLE_SCHEMA = DATABASE()");
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(false);
            List<MariaDbReach.Table> tables =
                    MariaDbReach.walk(c, List.of("items"), false, true).tables();
            AutoIncrementRestorer counters = new AutoIncrementRestorer(tables, true);
            try (Statement st = c.createStatement()) {
                st.execute("INSERT INTO items (name) VALUES ('preview')");
            }
            counters.afterStatement(c);
            c.rollback();
            assertThat(counters.restoreAfterRollback(c))
                    .singleElement()
                    .asString()
                    .contains("AUTO_INCREMENT of items left at 3", "Galera", "a gap");
        }
        // the counter is where the rolled-back insert left it, and the definition was not touched by an ALTER
        assertThat(firstRow(
                        url,
                        "SELECT AUTO_INCREMENT, CREATE_TIME FROM information_schema.TABLES"
                                + " WHERE TABLE_NAME = 'items' AND TABLE_SCHEMA = DATABASE()"))
                .isEqualTo("3|" + definedAt);
        assertThat(firstRow(url, "SELECT COUNT(*) FROM items")).isEqualTo("1");
    }

    /** Off Galera the same rehearsal still puts the counter back (the ordinary path, for contrast). */
    @Test
    void offGaleraTheCounterIsPutBack() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(false);
            AutoIncrementRestorer counters = new AutoIncrementRestorer(
                    MariaDbReach.walk(c, List.of("items"), false, false).tables(), false);
            try (Statement st = c.createStatement()) {
                st.execute("INSERT INTO items (name) VALUES ('preview')");
            }
            counters.afterStatement(c);
            c.rollback();
            assertThat(counters.restoreAfterRollback(c))
                    .singleElement()
                    .asString()
                    .contains("restored to 2");
        }
        assertThat(firstRow(
                        url,
                        "SELECT AUTO_INCREMENT FROM information_schema.TABLES"
                                + " WHERE TABLE_NAME = 'items' AND TABLE_SCHEMA = DATABASE()"))
                .isEqualTo("2");
    }

    @Test
    void aWriteToANonInnoDbTableOnAGaleraNodeIsSaidToStayOnThatNode() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            assertThat(MariaDbReach.walk(c, List.of("notes"), false, true)
                            .reach()
                            .noPreview())
                    .singleElement()
                    .asString()
                    .contains("table notes", "MyISAM", "Galera replicates InnoDB tables only", "stays on this node");
            assertThat(MariaDbReach.walk(c, List.of("notes"), false, false)
                            .reach()
                            .noPreview())
                    .singleElement()
                    .asString()
                    .contains("MyISAM")
                    .doesNotContain("Galera");
        }
    }

    @Test
    void thePlainServerIsNoGaleraNodeAndAcceptsTheGaleraSessionSetup() throws SQLException {
        MariaDbServer node = new MariaDbServer("10.11.19-MariaDB", "", true);
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            assertThat(MariaDbServer.isGaleraNode(c)).isFalse();
            st.execute(node.sessionSetup(
                    true, dev.gabysql.core.exec.Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(5))));
            assertThat(firstRow(c, "SELECT @@SESSION.wsrep_sync_wait & 1, @@SESSION.autocommit"))
                    .isEqualTo("1|0");
        }
    }
}
