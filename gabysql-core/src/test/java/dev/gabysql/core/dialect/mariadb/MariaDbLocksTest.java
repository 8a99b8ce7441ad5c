package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A read kept waiting by another session's table lock ends at the lock wait (half the statement timeout) as LOCKED,
 * with a hint to retry, rather than as a timeout or an SQL error; once the lock is gone it reads.
 */
class MariaDbLocksTest {

    @Test
    void aReadKeptWaitingByATableLockIsLocked() throws Exception {
        String url = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(url, "CREATE TABLE t (id INT PRIMARY KEY)", "INSERT INTO t VALUES (1), (2), (3)");
        DatabaseConfig config = DatabaseConfig.of("m", url)
                .statementTimeout(Duration.ofSeconds(4))
                .build();
        try (LocalGabyService service = new LocalGabyService(
                new Catalog(List.of(config)), Settings.DEFAULT.withApproval(ApprovalPolicy.AGENT))) {
            try (Connection other = DriverManager.getConnection(url);
                    Statement st = other.createStatement()) {
                st.execute("LOCK TABLES t WRITE");
                long start = System.nanoTime();
                assertThatThrownBy(() ->
                                service.query(CallContext.of("test"), QueryRequest.of("m", "SELECT count(*) FROM t")))
                        .isInstanceOfSatisfying(GabyException.class, e -> {
                            assertThat(e.code()).isEqualTo(ErrorCode.LOCKED);
                            assertThat(e.getMessage()).contains("another session holds a lock");
                        });
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(3_800));
                st.execute("UNLOCK TABLES");
            }
            assertThat(service.query(CallContext.of("test"), QueryRequest.of("m", "SELECT count(*) FROM t"))
                            .rows()
                            .get(0)
                            .get(0))
                    .isEqualTo(3L);
        }
    }
}
