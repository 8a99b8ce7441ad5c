package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.testing.TestDatabases;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The read-side contract every dialect must meet, run against a real engine by one short subclass per dialect:
 * catalog, meta-commands, reads, caps, timeouts, refusals of writes (with the data checked afterwards) and bad
 * input that leaves the service serving.
 */
abstract class ServiceContractTest {
    static final String DB = "shop";
    protected LocalGabyService service;
    protected final CallContext ctx = CallContext.of("test");

    /** A JDBC URL of a fresh database holding the fixture (items: 50 rows, big: 2,000 rows). */
    protected abstract String createFixture();

    /** A read that runs for about {@code seconds} seconds. */
    protected abstract String slowQuery(int seconds);

    protected abstract String dialectId();

    /**
     * Another session, on its own connection, holding a lock that keeps reads of {@code items} waiting (a schema
     * change or a write under way) until the returned handle is closed.
     */
    protected abstract AutoCloseable lockItems(String url) throws Exception;

    @BeforeEach
    void open() {
        service = serviceFor(Mode.READONLY, Duration.ofSeconds(30));
    }

    @AfterEach
    void close() {
        service.close();
    }

    LocalGabyService serviceFor(Mode mode, Duration timeout) {
        return serviceFor(mode, new Limits(timeout, 100, 50, 200_000));
    }

    LocalGabyService serviceFor(Mode mode, Limits limits) {
        String url = fixtureUrl();
        return new LocalGabyService(
                new Catalog(List.of(
                        DatabaseConfig.of(DB, url).description("test shop").build())),
                new Settings(mode, limits, Duration.ofSeconds(30), null).withApproval(ApprovalPolicy.AGENT));
    }

    private String fixtureUrl;

    String fixtureUrl() {
        if (fixtureUrl == null) {
            fixtureUrl = createFixture();
        }
        return fixtureUrl;
    }

    QueryResult query(String sql) {
        return service.query(ctx, QueryRequest.of(DB, sql));
    }

    long count(String table) {
        return ((Number) query("SELECT count(*) FROM " + table).rows().get(0).get(0)).longValue();
    }

    @Test
    void listsTheDatabaseWithItsDialectAndMode() {
        List<DatabaseInfo> dbs = service.listDatabases(ctx);
        assertThat(dbs).singleElement().satisfies(d -> {
            assertThat(d.name()).isEqualTo(DB);
            assertThat(d.dialect()).isEqualTo(dialectId());
            assertThat(d.mode()).isEqualTo(Mode.READONLY);
            assertThat(d.description()).isEqualTo("test shop");
        });
    }

    @Test
    void describesATableFromTheCachedSchemaAndOneCreatedSinceFromAFreshRead() {
        assertThat(service.schema(ctx, DB).text()).contains("items"); // the whole schema, now cached
        assertThat(service.describeTable(ctx, DB, "items", false).text()).contains("items", "name", "qty");

        TestDatabases.run(fixtureUrl(), "CREATE TABLE late_arrival (id INTEGER PRIMARY KEY, remark VARCHAR(20))");

        assertThat(service.describeTable(ctx, DB, "late_arrival", false).text()).contains("late_arrival", "remark");
        assertThat(query("DESCRIBE late_arrival").rows())
                .extracting(r -> r.get(0))
                .containsExactly("id", "remark");
    }

    @Test
    void answersMetaCommands() {
        assertThat(query("SHOW DATABASES").rows()).extracting(r -> r.get(0)).containsExactly(DB);
        assertThat(query("show tables;").rows()).extracting(r -> r.get(1)).contains("items", "big");
        assertThat(query("DESCRIBE items").rows()).extracting(r -> r.get(0)).containsExactly("id", "name", "qty");
        QueryResult check = query("INTEGRITY CHECK");
        assertThat(check.rows())
                .singleElement()
                .satisfies(r -> assertThat(r.get(1)).isEqualTo("ok"));
    }

    @Test
    void readsRowsWithParameters() {
        QueryResult r =
                service.query(ctx, new QueryRequest(DB, "SELECT id, name FROM items WHERE id = ?", List.of(7), null));
        assertThat(r.columns()).extracting(QueryResult.Column::name).containsExactly("id", "name");
        assertThat(r.rows()).containsExactly(List.of(7L, "item 7"));
        assertThat(r.truncated()).isFalse();
    }

    /** More rows than a first fetch (later fetches are sized by the rows read): every row arrives. */
    @Test
    void aResultLongerThanItsFirstFetchArrivesWholeUpToTheCap() {
        String rows = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < %d) SELECT x FROM n";
        QueryResult capped = query(String.format(rows, 600)); // this database's cap: 100 rows
        assertThat(capped.rows()).hasSize(100);
        assertThat(capped.truncated()).isTrue();
        QueryResult whole = query(String.format(rows, 90));
        assertThat(whole.rows()).hasSize(90);
        assertThat(((Number) whole.rows().get(89).get(0)).intValue()).isEqualTo(90);
        assertThat(whole.truncated()).isFalse();
    }

    @Test
    void capsRowsAndSaysSo() {
        QueryResult r = query("SELECT * FROM big");
        assertThat(r.rowCount()).isEqualTo(100);
        assertThat(r.truncated()).isTrue();
        assertThat(r.note()).contains("row cap");
        QueryResult fewer = service.query(ctx, new QueryRequest(DB, "SELECT * FROM big", null, 5));
        assertThat(fewer.rowCount()).isEqualTo(5);
        assertThat(fewer.truncated()).isTrue();
    }

    @Test
    void cutsLongValuesWithAMarker() {
        QueryResult r = query("SELECT payload FROM big WHERE id = 1");
        String v = (String) r.rows().get(0).get(0);
        assertThat(v).startsWith("x".repeat(50)).contains("…[+150 chars]");
    }

    /** Rows stop at the result's character budget, with {@code truncated} and a hint. */
    @Test
    void cutsRowsAtTheCharacterBudgetAndSaysSo() {
        try (LocalGabyService small = serviceFor(Mode.READONLY, new Limits(Duration.ofSeconds(30), 100, 50, 2_000))) {
            QueryResult r = small.query(ctx, QueryRequest.of(DB, "SELECT id, payload FROM big ORDER BY id"));
            assertThat(r.rowCount()).isBetween(20, 30); // about 75 characters a row
            assertThat(r.truncated()).isTrue();
            assertThat(r.note()).contains("2000 characters", "LIMIT");
            assertThat(rendered(r)).isLessThanOrEqualTo(2_000);
        }
    }

    /**
     * A row wider than the whole budget (the first row is always shown) has its values cut shorter, so that the
     * answer still fits: 200 values of 200 characters against a budget of 10,000.
     */
    @Test
    void aRowWiderThanTheBudgetHasItsValuesCutToFit() {
        try (LocalGabyService small = serviceFor(Mode.READONLY, new Limits(Duration.ofSeconds(30), 100, 50, 10_000))) {
            StringBuilder sql = new StringBuilder("SELECT id");
            for (int i = 1; i < 200; i++) {
                sql.append(", payload AS p").append(i);
            }
            QueryResult r = small.query(ctx, QueryRequest.of(DB, sql + " FROM big WHERE id <= 3 ORDER BY id"));
            assertThat(r.columns()).hasSize(200);
            assertThat(r.rows()).hasSizeGreaterThanOrEqualTo(1);
            assertThat((String) r.rows().get(0).get(199)).matches("x{10,49}…\\[\\+\\d+ chars]");
            assertThat(rendered(r)).isLessThanOrEqualTo(10_000);
        }
    }

    /** About the characters a result takes once written: its column names and values, each quoted or not. */
    static int rendered(QueryResult r) {
        int chars = 0;
        for (QueryResult.Column c : r.columns()) {
            chars += c.name().length() + 3;
        }
        for (List<Object> row : r.rows()) {
            for (Object v : row) {
                chars += String.valueOf(v).length() + 3;
            }
        }
        return chars;
    }

    @Test
    void cutsOffAStatementThatOutlivesItsTimeout() {
        try (LocalGabyService quick = serviceFor(Mode.READONLY, Duration.ofSeconds(1))) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> quick.query(ctx, QueryRequest.of(DB, slowQuery(20))))
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(quick.query(ctx, QueryRequest.of(DB, "SELECT count(*) FROM items"))
                            .rows()
                            .get(0)
                            .get(0))
                    .isEqualTo(50L);
        }
    }

    /**
     * A read kept waiting by another session's lock is LOCKED ("retry once it has ended"), not SQL_ERROR ("fix the
     * SQL") nor TIMEOUT ("narrow the query"): the lock wait ends at half the statement timeout. Then it reads again.
     */
    @Test
    void aReadKeptWaitingByAnotherSessionsLockIsLocked() throws Exception {
        try (LocalGabyService quick = serviceFor(Mode.READONLY, Duration.ofSeconds(4))) {
            try (AutoCloseable lock = lockItems(fixtureUrl())) {
                long start = System.nanoTime();
                assertThatThrownBy(() -> quick.query(ctx, QueryRequest.of(DB, "SELECT count(*) FROM items")))
                        .isInstanceOfSatisfying(GabyException.class, e -> {
                            assertThat(e.code()).isEqualTo(ErrorCode.LOCKED);
                            assertThat(e.hint()).contains("retry");
                        });
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("the lock wait: half the timeout")
                        .isLessThan(Duration.ofMillis(3_500));
            }
            assertThat(quick.query(ctx, QueryRequest.of(DB, "SELECT count(*) FROM items"))
                            .rows()
                            .get(0)
                            .get(0))
                    .isEqualTo(50L);
        }
    }

    @Test
    void refusesWritesOfEveryKindAndChangesNothing() {
        List<String> writes = List.of(
                "INSERT INTO items (id, name, qty) VALUES (999, 'x', 1)",
                "UPDATE items SET qty = 0",
                "DELETE FROM items WHERE id = 1",
                "DROP TABLE items",
                "CREATE TABLE evil (a int)",
                "ALTER TABLE items ADD COLUMN b int",
                "CREATE INDEX ix ON items(qty)");
        for (String sql : writes) {
            assertThatThrownBy(() -> query(sql)).as(sql).isInstanceOf(GabyException.class);
        }
        assertThat(count("items")).isEqualTo(50);
        assertThat(query("SELECT sum(qty) FROM items").rows().get(0).get(0)).isEqualTo(sumQty());
        assertThat(query("SHOW TABLES").rows()).extracting(r -> r.get(1)).doesNotContain("evil");
    }

    /** {@code sum(qty)} of the fixture, typed as the engine's SUM of an integer column answers it. */
    protected Object sumQty() {
        return 50L * 51 / 2;
    }

    @Test
    void badInputGetsAClearErrorAndTheServiceKeepsServing() {
        expect(() -> service.query(ctx, QueryRequest.of("nope", "SELECT 1")), ErrorCode.UNKNOWN_DATABASE);
        expect(() -> service.query(ctx, QueryRequest.of("../x", "SELECT 1")), ErrorCode.INVALID_DATABASE_NAME);
        expect(() -> service.query(ctx, QueryRequest.of("/etc/passwd", "SELECT 1")), ErrorCode.INVALID_DATABASE_NAME);
        expect(
                () -> service.query(ctx, QueryRequest.of("jdbc:sqlite:/tmp/x.db", "SELECT 1")),
                ErrorCode.INVALID_DATABASE_NAME);
        expect(() -> query("   "), ErrorCode.EMPTY_SQL);
        assertThatThrownBy(() -> query("SELECT 1; SELECT 2")).isInstanceOf(GabyException.class);
        expect(() -> query("SELEC nonsense FROM"), null);
        expect(() -> query("SELECT * FROM no_such_table"), ErrorCode.SQL_ERROR);
        assertThat(count("items")).isEqualTo(50);
    }

    @Test
    void unknownDatabaseErrorListsTheKnownOnes() {
        assertThatThrownBy(() -> service.query(ctx, QueryRequest.of("nope", "SELECT 1")))
                .hasMessageContaining("Known databases: " + DB);
    }

    static void expect(Runnable call, ErrorCode code) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(GabyException.class, e -> {
            if (code != null) {
                assertThat(e.code()).isEqualTo(code);
            }
            assertThat(e.getMessage()).doesNotContain("\tat ").doesNotContain("Exception:");
            assertThat(e.hint()).isNotBlank();
        });
    }
}
