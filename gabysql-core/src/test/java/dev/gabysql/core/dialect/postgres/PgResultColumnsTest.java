package dev.gabysql.core.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.ResultColumns;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * PostgreSQL's reading of a result's columns gives what ResultSetMetaData gives, but for the serial aliases, and
 * without the catalog query pgJDBC runs for them.
 */
class PgResultColumnsTest {
    /** What pgJDBC's getColumnTypeName calls a column a sequence fills, and the type it is. */
    private static final Map<String, String> SERIAL_ALIASES =
            Map.of("serial", "int4", "bigserial", "int8", "smallserial", "int2");

    private static String url;
    private ConnectionSource source;

    @BeforeAll
    static void createTables() {
        url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(
                url,
                "CREATE TYPE mood AS ENUM ('ok', 'sad')",
                "CREATE DOMAIN posint AS integer CHECK (VALUE > 0)",
                "CREATE SCHEMA \"Other\"",
                "CREATE TABLE t (a serial PRIMARY KEY, b bigserial, c smallserial, d varchar(20), e numeric(10,2),"
                        + " f timestamptz, g text[], h jsonb, i mood, j posint, k boolean, l bytea, m uuid,"
                        + " n int GENERATED ALWAYS AS IDENTITY, o double precision)",
                "CREATE TABLE \"Other\".\"Mixed Case\" (\"Id\" bigint, \"Some Name\" char(3))",
                "INSERT INTO t (d, e, f, g, h, i, j, k, l, m, o) VALUES ('x', 1.5, now(), '{a}', '{}', 'ok', 1,"
                        + " true, '\\x00', gen_random_uuid(), 2.5)",
                "INSERT INTO \"Other\".\"Mixed Case\" VALUES (1, 'abc')",
                "CREATE VIEW v AS SELECT a AS id, upper(d) AS shout, e FROM t");
    }

    @BeforeEach
    void open() {
        source = new PostgresDialect().connect(DatabaseConfig.of("p", url).build(), Limits.DEFAULT);
    }

    @AfterEach
    void close() {
        source.close();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM t",
                "SELECT a AS \"Alias\", b x, t.* FROM t",
                "SELECT count(*), 1, 'lit', NULL, 2.5, now(), ARRAY[1, 2], a::text AS c2, i::text, j + 1 FROM t GROUP BY a",
                "SELECT * FROM v",
                "SELECT t1.a, t2.a FROM t t1 JOIN t t2 USING (a)",
                "SELECT * FROM t WHERE false",
                "SELECT t FROM t",
                "SELECT * FROM \"Other\".\"Mixed Case\"",
                "SELECT relname, relacl, reltuples FROM pg_class LIMIT 1",
                "WITH w(n) AS (SELECT a FROM t) SELECT n FROM w"
            })
    void readsWhatTheDriversMetadataSaysButTheSerialAliases(String sql) throws SQLException {
        try (Session session = source.open(Mode.READONLY, Limits.DEFAULT)) {
            assertThat(session.resultColumns()).isSameAs(PgResultColumns.INSTANCE);
            List<QueryResult.Column> jdbc = columns(session.connection(), sql, ResultColumns.JDBC);
            List<QueryResult.Column> expected = jdbc.stream()
                    .map(c -> new QueryResult.Column(c.name(), SERIAL_ALIASES.getOrDefault(c.type(), c.type())))
                    .toList();
            assertThat(columns(session.connection(), sql, PgResultColumns.INSTANCE))
                    .isEqualTo(expected);
            assertThat(jdbc).isNotEmpty();
        }
    }

    @Test
    void namesTheTypeOfAColumnASequenceFills() throws SQLException {
        try (Session session = source.open(Mode.READONLY, Limits.DEFAULT)) {
            assertThat(columns(session.connection(), "SELECT a, b, c, n, i, j FROM t", PgResultColumns.INSTANCE))
                    .extracting(QueryResult.Column::type)
                    .containsExactly("int4", "int8", "int2", "int4", "mood", "int4");
        }
    }

    /**
     * The driver's way scans pg_attribute the first time a connection sees a table's columns; ours does not: the
     * backend's own count of the scans in the transaction says so.
     */
    @Test
    void readsTheTypesWithoutACatalogQuery() throws SQLException {
        assertThat(catalogScansWhileReading(ResultColumns.JDBC)).isPositive();
        assertThat(catalogScansWhileReading(PgResultColumns.INSTANCE)).isZero();
    }

    /** On a connection that has not read these columns before (a new pool each time). */
    private long catalogScansWhileReading(ResultColumns reader) throws SQLException {
        String sql = "SELECT * FROM \"Other\".\"Mixed Case\"";
        ConnectionSource fresh =
                new PostgresDialect().connect(DatabaseConfig.of("fresh", url).build(), Limits.DEFAULT);
        try (Session session = fresh.open(Mode.READONLY, Limits.DEFAULT)) {
            Connection c = session.connection();
            columns(c, sql, rs -> List.of()); // the backend's own caches warm: only a query of pgJDBC's can scan
            attributeScans(c);
            long before = attributeScans(c);
            columns(c, sql, reader);
            return attributeScans(c) - before;
        } finally {
            fresh.close();
        }
    }

    private static long attributeScans(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0)"
                        + " FROM pg_stat_xact_sys_tables WHERE relname = 'pg_attribute'");
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<QueryResult.Column> columns(Connection c, String sql, ResultColumns reader)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            return reader.read(rs);
        }
    }
}
