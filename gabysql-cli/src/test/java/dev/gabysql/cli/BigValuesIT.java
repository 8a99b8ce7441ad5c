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
 * A result of large values stays small in memory (docs/design.md#limits-and-cancellation): 600 rows of a 256 KiB text
 * are answered, cut, by a process whose heap is 64 MiB. A read keeps 2,000 characters of each value, but the
 * drivers hold a whole fetch before its first row is read: fetched 501 rows at a time, such a result was 128 MiB
 * of text (PostgreSQL ran out of memory, MariaDB's driver took the process down). One value larger than the heap is
 * refused with a hint that works.
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
        assertAnsweredCut(
                url,
                "WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < 600)"
                        + " SELECT g, repeat('x', " + VALUE_CHARS + ") AS v FROM n");
    }

    /**
     * One value larger than the heap: the drivers read values whole, so it cannot be read, but the answer says so
     * (VALUE_TOO_LARGE, with a hint to read a part of it) instead of "a bug in gabysql" (an OutOfMemoryError) or
     * "fix the SQL" (the driver's own out-of-memory error); and what the hint suggests then works.
     */
    @Test
    void aValueLargerThanTheHeapIsTooLargeWithAHintThatWorks() throws Exception {
        String pg = TestDatabases.newPostgresDatabase();
        TestDatabases.run(pg, "CREATE TABLE big AS SELECT 1 AS id, repeat('x', 100000000) AS t");
        Path sqlite = dir.resolve("big.db");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + sqlite);
                java.sql.Statement st = c.createStatement()) {
            st.execute("CREATE TABLE big (id INTEGER, t TEXT, b BLOB)");
            st.execute("INSERT INTO big VALUES (1, printf('%.*c', 100000000, 'y'), zeroblob(100000000))");
        }
        for (String url : List.of(pg, sqlite.toString())) {
            for (String column : url.equals(pg) ? List.of("t") : List.of("t", "b")) {
                GabysqlProcess.Result r = run(url, "SELECT id, " + column + " FROM big");
                assertThat(r.exit()).as("%s %s: %s", url, column, r.out()).isEqualTo(1);
                assertThat(r.err())
                        .contains("VALUE_TOO_LARGE", "substr(col, 1, 2000)")
                        .doesNotContain("\tat ");
            }
            GabysqlProcess.Result part = run(url, "SELECT id, length(t) AS n, substr(t, 1, 3) AS head FROM big");
            assertThat(part.exit()).as(part.err()).isZero();
            assertThat(part.out()).contains("100000000");
        }
    }

    private void assertAnsweredCut(String url, String sql) throws Exception {
        GabysqlProcess.Result r = run(url, sql);
        assertThat(r.exit()).as("stderr: %s", r.err()).isZero();
        assertThat(r.err()).doesNotContainIgnoringCase("memory").doesNotContain("\tat ");
        assertThat(r.out()).contains("…[+" + (VALUE_CHARS - 2_000) + " chars]").contains("\"truncated\":true");
    }

    /** {@code gabysql sql -c SQL} on {@code url}, JSON out, in a process with a 64 MiB heap. */
    private GabysqlProcess.Result run(String url, String sql) throws Exception {
        List<String> cmd = new ArrayList<>(GabysqlProcess.java(
                dir, "sql", "--db", "big=" + url, "--audit-log", "none", "--format", "json", "-c", sql));
        cmd.add(1, "-Xmx64m");
        return GabysqlProcess.run(dir, Map.of(), null, cmd);
    }
}
