package dev.gabysql.core.dialect.mariadb;

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
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** MariaDB's dates and times read as the server writes them; other values as the driver's objects. */
class MariaDbValuesTest {
    private static final String COLUMNS = "tm, big, neg, dt, dt0, ts, d, zd, y";

    private static ConnectionSource source;

    @BeforeAll
    static void open() {
        String url = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(
                url,
                "SET SESSION sql_mode = ''",
                "CREATE TABLE t (tm TIME(1), big TIME, neg TIME, dt DATETIME(3), dt0 DATETIME, ts TIMESTAMP NULL,"
                        + " d DATE, zd DATE, y YEAR, n DECIMAL(4,2), f FLOAT, i BIGINT, s VARCHAR(9))",
                "INSERT INTO t VALUES ('10:11:12.5', '838:59:59', '-01:00:00', '2023-01-02 18:00:00.12',"
                        + " '2023-01-02 18:00:00', '2023-01-02 18:00:00', '2023-01-02', '0000-00-00', 2026, 1.50, 1.1,"
                        + " 9000000000, 'x')");
        source = new MariaDbDialect().connect(DatabaseConfig.of("m", url).build(), Limits.DEFAULT);
    }

    @AfterAll
    static void close() {
        source.close();
    }

    @Test
    void readsDatesAndTimesAsTheServerWritesThem() {
        StringBuilder asText = new StringBuilder("SELECT ");
        for (String c : COLUMNS.split(", ")) {
            asText.append(asText.length() > 7 ? ", " : "")
                    .append(
                            c.equals("dt")
                                    ? "DATE_FORMAT(dt, '%Y-%m-%d %H:%i:%s.%f')" // Connector/J writes a fraction's six
                                    // digits
                                    : "CAST(" + c + " AS CHAR)");
        }
        try (Session s = source.open(Mode.READONLY, Limits.DEFAULT)) {
            List<Object> values = onlyRow(s, "SELECT " + COLUMNS + " FROM t");
            assertThat(values).isEqualTo(onlyRow(s, asText + " FROM t"));
            assertThat(values).contains("838:59:59", "-01:00:00", "0000-00-00");
        }
    }

    @Test
    void keepsOtherValuesAsTheDriversObjects() {
        try (Session s = source.open(Mode.READONLY, Limits.DEFAULT)) {
            assertThat(onlyRow(s, "SELECT n, f, i, s FROM t"))
                    .containsExactly(new BigDecimal("1.50"), 1.1, 9_000_000_000L, "x");
        }
    }

    /** An unsigned BIGINT arrives as a BigInteger: a number like every other integer, not its text. */
    @Test
    void unsignedBigIntegersAreNumbers() {
        try (Session s = source.open(Mode.READONLY, Limits.DEFAULT)) {
            assertThat(onlyRow(s, "SELECT CAST(18446744073709551615 AS UNSIGNED), CAST(5 AS UNSIGNED)"))
                    .containsExactly(new BigDecimal("18446744073709551615"), 5L);
        }
    }

    private static List<Object> onlyRow(Session s, String sql) {
        QueryResult r = QueryRunner.query("q", s, sql, List.of(), Limits.DEFAULT, null);
        assertThat(r.rows()).hasSize(1);
        return r.rows().get(0);
    }
}
