package dev.gabysql.core.dialect.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.QueryRunner;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite read sessions keep their statements between calls, and a kept statement answers exactly what a new one
 * would: after the schema changed, with other parameters, after a failure or a timeout.
 */
class StatementCacheTest {
    @TempDir
    Path dir;

    ConnectionSource source;

    @BeforeEach
    void open() {
        Path file = TestDatabases.sqliteFile(
                dir, "cache", "CREATE TABLE t (a INTEGER, b TEXT)", "INSERT INTO t VALUES (1, 'one'), (2, 'two')");
        source = new SqliteDialect().connect(DatabaseConfig.sqlite("cache", file), Limits.DEFAULT);
    }

    @AfterEach
    void close() {
        source.close();
    }

    @Test
    void aReadSessionHandsBackTheStatementItKeptForTheSameText() throws Exception {
        PreparedStatement first;
        try (Session s = source.open(Mode.READONLY, Limits.DEFAULT)) {
            first = s.prepare("SELECT a FROM t");
            s.release("SELECT a FROM t", first, true);
        }
        try (Session s = source.open(Mode.READONLY, Limits.DEFAULT)) {
            PreparedStatement again = s.prepare("SELECT a FROM t");
            assertThat(again).isSameAs(first);
            s.release("SELECT a FROM t", again, false); // a failed run: closed, not kept
            assertThat(again.isClosed()).isTrue();
            assertThat(s.prepare("SELECT a FROM t")).isNotSameAs(first);
        }
        try (Session writer = source.open(Mode.READWRITE, Limits.DEFAULT)) {
            PreparedStatement w = writer.prepare("SELECT a FROM t");
            writer.release("SELECT a FROM t", w, true);
            assertThat(w.isClosed()).as("the writer keeps nothing").isTrue();
        }
    }

    @Test
    void aKeptSelectStarFollowsTheSchema() throws Exception {
        assertThat(columns(query("SELECT * FROM t"))).containsExactly("a", "b");
        write("ALTER TABLE t ADD COLUMN c REAL DEFAULT 2.5");
        QueryResult after = query("SELECT * FROM t");
        assertThat(columns(after)).containsExactly("a", "b", "c");
        assertThat(after.columns().get(2).type()).isEqualTo("REAL");
        assertThat(after.rows().get(0)).containsExactly(1L, "one", 2.5);
        write("DROP TABLE t");
        assertThatThrownBy(() -> query("SELECT * FROM t"))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.SQL_ERROR));
        write("CREATE TABLE t (z TEXT)", "INSERT INTO t VALUES ('zed')");
        QueryResult recreated = query("SELECT * FROM t");
        assertThat(columns(recreated)).containsExactly("z");
        assertThat(recreated.rows()).containsExactly(List.of("zed"));
    }

    @Test
    void parametersOfOneCallNeverReachTheNext() {
        assertThat(query("SELECT ?1 AS x, ?2 AS y", 1L, 2L).rows()).containsExactly(List.of(1L, 2L));
        assertThat(query("SELECT ?1 AS x, ?2 AS y", 5L).rows()).containsExactly(Arrays.asList(5L, null));
        assertThat(query("SELECT ?1 AS x, ?2 AS y").rows()).containsExactly(Arrays.asList(null, null));
    }

    @Test
    void aStatementThatTimedOutIsNotKeptAndTheNextCallRunsWhole() {
        String endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";
        Limits quick = Limits.DEFAULT.withStatementTimeout(Duration.ofMillis(150));
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> query(quick, endless))
                    .isInstanceOf(GabyException.class)
                    .satisfies(e -> assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.TIMEOUT));
        }
        String counted = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 200000)"
                + " SELECT count(*) FROM c";
        for (int i = 0; i < 3; i++) {
            assertThat(query(counted).rows()).containsExactly(List.of(200_000L));
        }
    }

    private QueryResult query(String sql, Object... params) {
        return query(Limits.DEFAULT, sql, params);
    }

    private QueryResult query(Limits limits, String sql, Object... params) {
        try (Session s = source.open(Mode.READONLY, limits)) {
            return QueryRunner.query("Query", s, sql, Arrays.asList(params), limits, null);
        }
    }

    private void write(String... sql) throws Exception {
        try (Session s = source.open(Mode.READWRITE, Limits.DEFAULT);
                Statement st = s.connection().createStatement()) {
            for (String each : sql) {
                st.execute(each);
            }
            s.commit();
        }
    }

    private static List<String> columns(QueryResult r) {
        return r.columns().stream().map(QueryResult.Column::name).toList();
    }
}
