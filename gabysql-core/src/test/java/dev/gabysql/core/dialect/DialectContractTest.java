package dev.gabysql.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every dialect must do through {@link LocalGabyService}: catalog listing, the meta-commands, reads with
 * parameters, row caps, timeouts, refusal of writes in readonly. A dialect's test is a short subclass giving a fresh
 * database, its fixture (tables {@code items(id, name)} with ids 1..3 and {@code orders(id, item_id → items)}) and
 * a statement that runs for about five seconds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DialectContractTest {
    /** Refusals of the guard, the mode or the engine's read-only layer: anything else is not a refusal. */
    public static final Set<ErrorCode> REFUSALS = Set.of(
            ErrorCode.MULTIPLE_STATEMENTS,
            ErrorCode.UNCLASSIFIABLE,
            ErrorCode.READ_ONLY,
            ErrorCode.FORBIDDEN_BY_MODE,
            ErrorCode.TRANSACTION_CONTROL,
            ErrorCode.SESSION_CHANGE,
            ErrorCode.SIDE_EFFECT);

    protected String url;
    protected LocalGabyService service;
    protected final CallContext ctx = CallContext.of("test");

    /** A JDBC URL of a new, empty database. */
    protected abstract String newDatabaseUrl();

    /** Statements creating the fixture described on the class. */
    protected abstract List<String> fixtureSql();

    /** A read that runs for about five seconds. */
    protected abstract String slowQuery();

    protected abstract String dialectId();

    @BeforeAll
    void createDatabase() {
        url = newDatabaseUrl();
        TestDatabases.run(url, fixtureSql().toArray(String[]::new));
        service = serviceWithTimeout(Duration.ofSeconds(30));
    }

    @AfterAll
    void closeService() {
        if (service != null) {
            service.close();
        }
    }

    protected LocalGabyService serviceWithTimeout(Duration timeout) {
        DatabaseConfig db = DatabaseConfig.of("db", url)
                .description("contract fixture")
                .statementTimeout(timeout)
                .build();
        return new LocalGabyService(new Catalog(List.of(db)), Settings.DEFAULT.withApproval(ApprovalPolicy.AGENT));
    }

    protected QueryResult query(String sql) {
        return service.query(ctx, QueryRequest.of("db", sql));
    }

    @Test
    void listsTheDatabaseWithItsDialectAndReadonlyMode() {
        DatabaseInfo info = service.listDatabases(ctx).get(0);
        assertThat(info.dialect()).isEqualTo(dialectId());
        assertThat(info.mode()).isEqualTo(Mode.READONLY);
        assertThat(info.url()).doesNotContain("password=s").doesNotContainPattern("password=[^*&]");
    }

    @Test
    void showTablesListsTheFixture() {
        List<List<Object>> rows = query("SHOW TABLES").rows();
        assertThat(rows).extracting(r -> String.valueOf(r.get(1)).toLowerCase()).contains("items", "orders");
    }

    @Test
    void describeShowsColumnsAndPrimaryKey() {
        QueryResult r = query("DESCRIBE items");
        assertThat(r.rows())
                .extracting(row -> String.valueOf(row.get(0)).toLowerCase())
                .containsExactly("id", "name");
        assertThat(r.rows().get(0).get(4)).isEqualTo(true);
        assertThat(r.rows().get(1).get(4)).isEqualTo(false);
    }

    @Test
    void integrityCheckSaysWhatItChecked() {
        QueryResult r = query("INTEGRITY CHECK");
        assertThat(r.rows()).hasSize(1);
        assertThat(r.rows().get(0).get(1)).isEqualTo("ok");
        assertThat(String.valueOf(r.rows().get(0).get(3))).isNotBlank();
    }

    @Test
    void readsWithBoundParameters() {
        QueryResult r =
                service.query(ctx, new QueryRequest("db", "SELECT name FROM items WHERE id = ?", List.of(2), null));
        assertThat(r.rows()).containsExactly(List.of("two"));
        assertThat(r.truncated()).isFalse();
    }

    @Test
    void rowCapTruncatesAndSaysSo() {
        QueryResult r = service.query(ctx, new QueryRequest("db", "SELECT id FROM items ORDER BY id", List.of(), 2));
        assertThat(r.rows()).hasSize(2);
        assertThat(r.truncated()).isTrue();
        assertThat(r.note()).contains("row cap");
    }

    /**
     * More rows than a first fetch (fetches are sized by the rows read): every row up to the cap arrives.
     * MariaDB's driver ended such a result after 33 rows, untruncated, when its fetch size grew mid-result.
     */
    @Test
    void aResultLongerThanItsFirstFetchArrivesWholeUpToTheCap() {
        String rows = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < %d) SELECT x FROM n";
        QueryResult capped = service.query(ctx, new QueryRequest("db", String.format(rows, 600), List.of(), 500));
        assertThat(capped.rows()).hasSize(500);
        assertThat(capped.truncated()).isTrue();
        QueryResult whole = service.query(ctx, new QueryRequest("db", String.format(rows, 120), List.of(), 500));
        assertThat(whole.rows()).hasSize(120);
        assertThat(((Number) whole.rows().get(119).get(0)).intValue()).isEqualTo(120);
        assertThat(whole.truncated()).isFalse();
    }

    @Test
    void aSlowStatementTimesOutAfterOneSecond() {
        try (LocalGabyService quick = serviceWithTimeout(Duration.ofSeconds(1))) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> quick.query(ctx, QueryRequest.of("db", slowQuery())))
                    .isInstanceOf(GabyException.class)
                    .extracting(e -> ((GabyException) e).code())
                    .isEqualTo(ErrorCode.TIMEOUT);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(3_500));
            assertThat(quick.query(ctx, QueryRequest.of("db", "SELECT COUNT(*) FROM items"))
                            .rows())
                    .hasSize(1); // the database is usable right after
        }
    }

    @Test
    void writesAreRefusedInReadonlyAndNothingChanges() {
        assertThatThrownBy(() -> query("INSERT INTO items (id, name) VALUES (9, 'nine')"))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> assertThat(REFUSALS).contains(((GabyException) e).code()));
        assertThat(query("SELECT COUNT(*) FROM items").rows().get(0).get(0)).isEqualTo(3L);
    }

    @Test
    void describeDatabaseShowsTablesAndForeignKeys() {
        String text = service.describeDatabase(ctx, DescribeRequest.of("db", "full"))
                .text()
                .toLowerCase();
        assertThat(text).contains("items", "orders", "item_id");
    }
}
