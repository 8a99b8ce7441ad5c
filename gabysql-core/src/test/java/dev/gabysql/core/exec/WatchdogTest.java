package dev.gabysql.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watchdog cancels a real statement that outlives its timeout, and only that one. */
class WatchdogTest {
    private static final String ENDLESS =
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)" + " SELECT count(*) FROM c";

    @TempDir
    Path dir;

    @Test
    void aStatementPastItsTimeoutIsCancelled() throws Exception {
        Path file = TestDatabases.sqliteFile(dir, "w", "CREATE TABLE t (x)");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                PreparedStatement endless = c.prepareStatement(ENDLESS)) {
            long start = System.nanoTime();
            Watchdog.Armed armed = Watchdog.arm(endless, Duration.ofMillis(200));
            try (armed) {
                assertThatThrownBy(endless::executeQuery).isInstanceOf(SQLException.class);
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertThat(armed.fired()).isTrue();
            assertThat(ms).isGreaterThanOrEqualTo(200);
        }
    }

    @Test
    void statementsThatEndInTimeAreNeverCancelled() throws Exception {
        Path file = TestDatabases.sqliteFile(dir, "w", "CREATE TABLE t (x)");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            List<Watchdog.Armed> all = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                try (PreparedStatement ps = c.prepareStatement("SELECT " + i)) {
                    Watchdog.Armed armed = Watchdog.arm(ps, Duration.ofMillis(i % 2 == 0 ? 30_000 : 100));
                    all.add(armed);
                    try (armed) {
                        assertThat(ps.executeQuery().getInt(1)).isEqualTo(i);
                    }
                }
            }
            Thread.sleep(100 + 2 * Watchdog.PERIOD_NANOS / 1_000_000); // past every deadline
            assertThat(all).noneMatch(Watchdog.Armed::fired);
        }
    }
}
