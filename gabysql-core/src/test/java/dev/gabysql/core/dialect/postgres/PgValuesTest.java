package dev.gabysql.core.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.QueryRunner;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.testing.TestDatabases;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A PostgreSQL result's values are what the server writes ({@code psql}'s spelling) but where JSON holds the same
 * value, and they stay so on a connection that has run the same statement many times (pgJDBC prepares it on the
 * server from its fifth run, and would then take binary results and format them itself).
 */
class PgValuesTest {
    /** Values whose text the server writes differently from pgJDBC's objects, or that those objects change
     * (each is compared with its own cast to text, which is the same text but for char(n)'s padding). */
    private static final List<String> TEXT_VALUES = List.of(
            "'2023-01-02 18:00:00+00'::timestamptz",
            "'2023-01-02 18:00:00.123456+05:30'::timestamptz",
            "'infinity'::timestamptz",
            "'2024-03-01 10:00:00.5'::timestamp",
            "'0044-03-15 BC'::date",
            "'10:11:12.25'::time",
            "'10:11:12.5+02'::timetz",
            "interval '1 day 2 hours 3.5 seconds'",
            "ARRAY['x,y', 'z', 'say \"hi\"', NULL]",
            "ARRAY[[1, 2], [3, 4]]",
            "'<a>b</a>'::xml",
            "12.5::money",
            "point(1, 2.5)",
            "'10.0.0.1/8'::inet",
            "ROW(1, 'a b')",
            "int4range(1, 5)",
            "'{\"b\": [1, 2], \"a\": null}'::jsonb",
            "'00000000-0000-0000-0000-000000000001'::uuid",
            "'sad'::mood",
            "'x'::\"char\"");

    private static String url;
    private static ConnectionSource source;

    @BeforeAll
    static void open() {
        url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(
                url, "CREATE TYPE mood AS ENUM ('ok', 'sad')", "CREATE DOMAIN posint AS integer CHECK (VALUE > 0)");
        source = new PostgresDialect().connect(DatabaseConfig.of("p", url).build(), Limits.DEFAULT);
    }

    @AfterAll
    static void close() {
        source.close();
    }

    @Test
    void readsTheServersTextAgainAndAgain() {
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < TEXT_VALUES.size(); i++) {
            String v = TEXT_VALUES.get(i);
            sql.append(i == 0 ? "" : ", ")
                    .append(v)
                    .append(" AS v")
                    .append(i)
                    .append(", (")
                    .append(v)
                    .append(")::text AS t")
                    .append(i);
        }
        try (Session s = source.open(Mode.READONLY, Limits.DEFAULT)) {
            for (int run = 1; run <= 7; run++) {
                List<Object> row = onlyRow(s, sql.toString());
                List<Object> values = new ArrayList<>();
                List<Object> texts = new ArrayList<>();
                for (int i = 0; i < row.size(); i += 2) {
                    values.add(row.get(i));
                    texts.add(row.get(i + 1));
                }
                assertThat(values).as("run %d", run).isEqualTo(texts);
            }
        }
    }

    @Test
    void keepsNumbersBooleansAndBytesAsJsonHasThem() {
        String sql = "SELECT true, 7::int2, 42::posint, 9000000000::int8, 1.50::numeric, 1.1::float4, 2.5::float8,"
                + " 'NaN'::float8, '\\x0102'::bytea, NULL::timestamptz, 16384::oid, 'ab'::char(4)";
        try (Session s = source.open(Mode.READONLY, Limits.DEFAULT)) {
            for (int run = 1; run <= 7; run++) {
                assertThat(onlyRow(s, sql))
                        .as("run %d", run)
                        .containsExactly(
                                true,
                                7L,
                                42L,
                                9_000_000_000L,
                                new BigDecimal("1.50"),
                                1.1,
                                2.5,
                                "NaN",
                                "\\x0102",
                                null,
                                16384L,
                                "ab  ");
            }
        }
    }

    @Test
    void cutsLongTextAtTheValueCap() {
        Limits d = Limits.DEFAULT;
        Limits limits = new Limits(d.statementTimeout(), d.maxRows(), 10, d.maxResultChars());
        try (Session s = source.open(Mode.READONLY, limits)) {
            QueryResult r =
                    QueryRunner.query("q", s, "SELECT ARRAY(SELECT generate_series(1, 100))", List.of(), limits, null);
            assertThat((String) r.rows().get(0).get(0)).startsWith("{1,2,3,4,5").contains("…[+");
        }
    }

    private static List<Object> onlyRow(Session s, String sql) {
        QueryResult r = QueryRunner.query("q", s, sql, List.of(), Limits.DEFAULT, null);
        assertThat(r.rows()).hasSize(1);
        return r.rows().get(0);
    }
}
