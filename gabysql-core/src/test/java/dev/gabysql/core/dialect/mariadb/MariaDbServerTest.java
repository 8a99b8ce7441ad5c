package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.exec.Limits;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The MariaDB/MySQL differences, from version strings as the servers report them. */
class MariaDbServerTest {
    private static final MariaDbServer MARIADB_10 = new MariaDbServer("10.11.19-MariaDB-0+deb12u1", "Debian 12");
    private static final MariaDbServer MARIADB_11 = new MariaDbServer("11.4.2-MariaDB", "MariaDB Server");
    private static final MariaDbServer MYSQL_8 = new MariaDbServer("8.0.36", "MySQL Community Server - GPL");
    private static final MariaDbServer MYSQL_57 = new MariaDbServer("5.7.19-log", "MySQL Community Server (GPL)");

    @Test
    void detectsTheProductFromVersionOrComment() {
        assertThat(MARIADB_10.isMariaDb()).isTrue();
        assertThat(new MariaDbServer("10.6.1", "mariadb.org binary distribution").isMariaDb())
                .isTrue();
        assertThat(MYSQL_8.isMariaDb()).isFalse();
        assertThat(MYSQL_8.describe()).startsWith("MySQL 8.0.36");
    }

    @Test
    void mariaDbLimitsEveryStatementWithMaxStatementTime() {
        assertThat(MARIADB_10.sessionSetup(true, limits(Duration.ofMillis(1500))))
                .isEqualTo("SET SESSION tx_read_only = 1, SESSION max_statement_time = 1.500,"
                        + " SESSION innodb_lock_wait_timeout = 1, SESSION lock_wait_timeout = 1,"
                        + " SESSION autocommit = 0");
        assertThat(MARIADB_11.sessionSetup(false, limits(Duration.ofSeconds(30))))
                .startsWith("SET SESSION transaction_read_only = 0, SESSION max_statement_time = 30.000,")
                .contains("innodb_lock_wait_timeout = 10");
    }

    @Test
    void mySqlLimitsSelectsWithMaxExecutionTime() {
        assertThat(MYSQL_8.sessionSetup(true, limits(Duration.ofSeconds(2))))
                .startsWith("SET SESSION transaction_read_only = 1, SESSION max_execution_time = 2000,");
        assertThat(MYSQL_57.sessionSetup(true, limits(Duration.ofSeconds(2))))
                .startsWith("SET SESSION tx_read_only = 1,");
        assertThat(MYSQL_8.consequences()).contains("SELECTs only", "fresh connection");
    }

    @Test
    void onlyMariaDbConnectionsCanBeResetByTheDriver() {
        assertThat(MARIADB_10.canResetConnections()).isTrue();
        assertThat(new MariaDbServer("10.2.21-MariaDB", "").canResetConnections())
                .isFalse();
        assertThat(new MariaDbServer("10.2.22-MariaDB", "").canResetConnections())
                .isTrue();
        assertThat(new MariaDbServer("10.3.12-MariaDB", "").canResetConnections())
                .isFalse();
        assertThat(MYSQL_8.canResetConnections()).isFalse();
    }

    @Test
    void catalogDifferences() {
        assertThat(MARIADB_10.checkConstraintsHaveTableName()).isTrue();
        assertThat(MYSQL_8.hasCheckConstraints()).isTrue();
        assertThat(MYSQL_57.hasCheckConstraints()).isFalse();
        assertThat(MYSQL_8.hasIndexExpressions()).isTrue();
        assertThat(MARIADB_10.hasIndexExpressions()).isFalse();
        assertThat(MARIADB_10.quotesColumnDefaults()).isTrue();
        assertThat(MYSQL_8.quotesColumnDefaults()).isFalse();
    }

    @Test
    void aGaleraNodeReadsCausallyAndSaysWhatItChanges() {
        MariaDbServer node = new MariaDbServer("10.11.19-MariaDB-0+deb12u1", "Debian 12", true);
        assertThat(node.sessionSetup(true, limits(Duration.ofSeconds(30))))
                .endsWith(", SESSION autocommit = 0, SESSION wsrep_sync_wait = @@GLOBAL.wsrep_sync_wait | 1");
        assertThat(MARIADB_10.sessionSetup(true, limits(Duration.ofSeconds(30))))
                .doesNotContain("wsrep");
        assertThat(node.describe()).endsWith("a Galera cluster node");
        assertThat(node.consequences()).contains("wsrep_sync_wait", "AUTO_INCREMENT");
        assertThat(node.clusterSafeguards()).startsWith("a Galera cluster node").contains("InnoDB", "replayed");
        assertThat(MARIADB_10.clusterSafeguards()).isNull();
    }

    private static Limits limits(Duration statementTimeout) {
        return Limits.DEFAULT.withStatementTimeout(statementTimeout);
    }
}
