package dev.gabysql.core.dialect.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.ResultColumns;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SQLite's own reading of a result's columns gives what ResultSetMetaData gives, whatever the columns are. */
class SqliteResultColumnsTest {
    @TempDir
    Path dir;

    ConnectionSource source;
    Session session;

    @BeforeEach
    void open() {
        Path file = TestDatabases.sqliteFile(
                dir,
                "types",
                "CREATE TABLE t (a INTEGER PRIMARY KEY, b varchar (20), c NUMERIC(10,2), d text, e, f DOUBLE PRECISION,"
                        + " g unsigned big int, \"h h\" Decimal( 5 ), i BLOB, j datetime, k \"quoted type\","
                        + " l INT (3, 4), m strange  type(5))",
                "INSERT INTO t VALUES (1, 'x', 1.5, 'y', 2, 2.5, 3, 4, x'00', '2024-01-01', 'q', 5, 6)",
                "CREATE VIEW v AS SELECT a AS id, upper(d) AS shout, c FROM t");
        source = new SqliteDialect().connect(DatabaseConfig.sqlite("types", file), Limits.DEFAULT);
        session = source.open(Mode.READONLY, Limits.DEFAULT);
    }

    @AfterEach
    void close() {
        session.close();
        source.close();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM t",
                "SELECT a AS \"Alias\", b x, \"h h\", t.* FROM t",
                "SELECT count(*), 1, 'lit', NULL, 2.5, x'ff', CAST(a AS REAL), CAST(d AS TEXT) AS c2 FROM t",
                "SELECT * FROM v",
                "SELECT a, a FROM t t1 JOIN t t2 USING (a)",
                "SELECT * FROM t WHERE 0",
                "SELECT (SELECT b FROM t), max(c) FROM t",
                "WITH w(n) AS (SELECT a FROM t) SELECT n FROM w",
                "PRAGMA table_info(t)"
            })
    void readsWhatTheDriversMetadataSays(String sql) throws SQLException {
        assertThat(session.resultColumns()).isSameAs(SqliteResultColumns.INSTANCE);
        List<QueryResult.Column> jdbc;
        try (PreparedStatement ps = session.connection().prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            jdbc = ResultColumns.JDBC.read(rs);
        }
        try (PreparedStatement ps = session.connection().prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            assertThat(SqliteResultColumns.INSTANCE.read(rs)).isEqualTo(jdbc);
        }
        assertThat(jdbc).isNotEmpty();
    }
}
