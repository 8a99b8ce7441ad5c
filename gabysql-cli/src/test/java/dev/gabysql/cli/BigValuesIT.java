package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result of large values stays small in memory (issue 7: bounded on big results): 600 rows of a 256 KiB text
 * are answered, cut, by a process whose heap is 64 MiB. A read keeps 2,000 characters of each value, but the
 * drivers hold a whole fetch before its first row is read: fetched 501 rows at a time, such a result was 128 MiB
 * of text (PostgreSQL ran out of memory, MariaDB's driver took the process down).
 */
class BigValuesIT {
    private static final int VALUE_CHARS = 262_144;

    @TempDir
    Path dir;

    @Test
    void postgresLargeValuesAreAnsweredWithinASmallHeap() throws Exception {
        String url = TestDatabases.newPostgresDatabase();
        assertAnsweredCut(url, "SELECT g, repeat('x', " + VALUE_CHARS + ") AS v FROM generate_series(1, 600) g");
    }

    @Test
    void mariaDbLargeValuesAreAnsweredWithinASmallHeap() throws Exception {
        String url = TestDatabases.newMariaDbDatabase();
        assertAnsweredCut(url, "WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < 600)"
                + " SELECT g, repeat('x', " + VALUE_CHARS + ") AS v FROM n");
    }

    private void assertAnsweredCut(String url, String sql) throws Exception {
        List<String> cmd = new ArrayList<>(GabysqlProcess.java(dir, "sql", "--db", "big=" + url,
                "--audit-log", "none", "--format", "json", "-c", sql));
        cmd.add(1, "-Xmx64m");
        GabysqlProcess.Result r = GabysqlProcess.run(dir, Map.of(), null, cmd);
        assertThat(r.exit()).as("stderr: %s", r.err()).isZero();
        assertThat(r.err()).doesNotContainIgnoringCase("memory").doesNotContain("\tat ");
        assertThat(r.out()).contains("…[+" + (VALUE_CHARS - 2_000) + " chars]").contains("\"truncated\":true");
    }
}
