package dev.gabysql.core.curated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Curated tools (docs/configuration.md#curated-tools) against a real database per dialect: a value of the wrong type
 * runs nothing, an injection in a parameter is bound as a value and the table survives, a write tool previews and
 * waits for a person, then commits once; a statement its mode does not allow, or that its declaration does not
 * match, stops the start. Each case checks the database (and the audit log) afterwards.
 */
abstract class CuratedToolsContractTest {
    static final String DB = "shop";
    final CallContext agent = CallContext.of("mcp").withClient("agent");
    final CallContext person = CallContext.of("cli").withClient("alice");

    @TempDir
    Path tmp;

    String url;
    LocalGabyService service;
    CuratedTools tools;

    /** A JDBC URL of a database holding {@code curated_items} (id, name, qty) with ids 1..50, qty = id. */
    abstract String newShop();

    @BeforeEach
    void open() {
        url = newShop();
        service = service(Mode.READWRITE);
        tools = CuratedTools.prepare(List.of(byQty(), byName(), restock(), rename()), service);
    }

    @AfterEach
    void close() {
        service.close();
    }

    LocalGabyService service(Mode mode) {
        return new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of(DB, url).build())),
                new Settings(mode, Limits.DEFAULT, Duration.ofSeconds(30), tmp.resolve("audit.jsonl"))
                        .withApprovals(new Settings.Approvals(
                                ApprovalPolicy.HUMAN, tmp.resolve("approvals"), Duration.ofHours(1))));
    }

    static CuratedTool byQty() {
        return read(
                "items_by_qty",
                "SELECT id, name FROM curated_items -- :not_a_param\n"
                        + "WHERE qty >= :min_qty AND name <> ':nor_this' ORDER BY id",
                integer("min_qty", true, 0L, 1000L));
    }

    static CuratedTool byName() {
        return read(
                "item_by_name",
                "SELECT id, qty FROM curated_items WHERE name = :name",
                new CuratedParam("name", ParamType.STRING, null, true, List.of(), null, null, 100, null));
    }

    static CuratedTool restock() {
        return write(
                "restock",
                "UPDATE curated_items SET qty = qty + :amount WHERE id = :id",
                integer("amount", true, 1L, 100L),
                integer("id", true, null, null));
    }

    static CuratedTool rename() {
        return write(
                "rename_item",
                "UPDATE curated_items SET name = :name WHERE id = :id",
                new CuratedParam("name", ParamType.STRING, null, true, List.of(), null, null, null, null),
                integer("id", true, null, null));
    }

    static CuratedParam integer(String name, boolean required, Long min, Long max) {
        return new CuratedParam(
                name,
                ParamType.INTEGER,
                null,
                required,
                List.of(),
                min == null ? null : BigDecimal.valueOf(min),
                max == null ? null : BigDecimal.valueOf(max),
                null,
                null);
    }

    static CuratedTool read(String name, String sql, CuratedParam... params) {
        return new CuratedTool(name, "test", DB, CuratedTool.Access.READ, sql, List.of(params), "tools[0]");
    }

    static CuratedTool write(String name, String sql, CuratedParam... params) {
        return new CuratedTool(name, "test", DB, CuratedTool.Access.WRITE, sql, List.of(params), "tools[2]");
    }

    String row(String sql) {
        return TestDatabases.firstRow(url, sql);
    }

    String audit() throws Exception {
        Path log = tmp.resolve("audit.jsonl");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Test
    void aReadToolBindsItsParametersAndLeavesTextInStringsAndCommentsAlone() {
        PreparedTool t = tools.get("items_by_qty");
        assertThat(t.sql()).contains("qty >= ?", "-- :not_a_param", "':nor_this'");
        QueryResult r = t.read(service, agent, t.bind(Map.of("min_qty", 48)));
        assertThat(r.rowCount()).isEqualTo(3);
    }

    @Test
    void aStringWhereAnIntegerIsDeclaredRunsNothing() throws Exception {
        PreparedTool read = tools.get("items_by_qty");
        GabyException e = catchThrowableOfType(
                () -> read.read(service, agent, read.bind(Map.of("min_qty", "48"))), GabyException.class);
        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage())
                .isEqualTo("Parameter `min_qty` of tool `items_by_qty` must be an integer, got the string \"48\"."
                        + " Nothing was run.");
        PreparedTool write = tools.get("restock");
        for (Map<String, Object> bad : List.of(
                Map.<String, Object>of("amount", "5", "id", 1),
                Map.<String, Object>of("amount", 5.5, "id", 1),
                Map.<String, Object>of("amount", 500, "id", 1),
                Map.<String, Object>of("amount", 5),
                Map.<String, Object>of("amount", 5, "id", 1, "extra", 1))) {
            GabyException w =
                    catchThrowableOfType(() -> write.write(service, agent, write.bind(bad), null), GabyException.class);
            assertThat(w.code()).as(bad.toString()).isEqualTo(ErrorCode.BAD_REQUEST);
        }
        assertThat(audit()).doesNotContain("curated_items");
        assertThat(row("SELECT qty FROM curated_items WHERE id = 1")).isEqualTo("1");
        assertThat(new java.io.File(tmp.resolve("approvals").toString()).list()).isNullOrEmpty();
    }

    @Test
    void anInjectionInAParameterIsBoundAsAValue() {
        PreparedTool t = tools.get("item_by_name");
        for (String attack : List.of(
                "' OR 1=1 --",
                "x'; DROP TABLE curated_items; --",
                "item 1' OR 'a'='a",
                "1; DROP TABLE curated_items")) {
            assertThat(t.read(service, agent, t.bind(Map.of("name", attack))).rowCount())
                    .as(attack)
                    .isZero();
        }
        assertThat(t.read(service, agent, t.bind(Map.of("name", "item 7"))).rowCount())
                .isEqualTo(1);
        assertThat(row("SELECT count(*) FROM curated_items")).isEqualTo("50");
    }

    @Test
    void aWriteToolPreviewsWaitsForAPersonAndCommitsOnce() {
        PreparedTool t = tools.get("rename_item");
        String attack = "'; DROP TABLE curated_items; --";
        ExecuteResult preview = t.write(service, agent, t.bind(Map.of("name", attack, "id", 3)), null);
        assertThat(preview.status()).isEqualTo("awaiting_approval");
        assertThat(preview.affectedRows()).isEqualTo(1);
        assertThat(preview.confirmToken()).isNull();
        assertThat(row("SELECT name FROM curated_items WHERE id = 3")).isEqualTo("item 3");

        ExecuteResult pending = service.execute(agent, t.statusRequest(preview.approvalId()));
        assertThat(pending.status()).isEqualTo("pending");
        assertThat(service.pendingWrites(person)).extracting(PendingWrite::sql).containsExactly(t.sql());

        PendingWrite decided = service.decide(person, preview.approvalId(), true);
        assertThat(decided.state()).isEqualTo(PendingWrite.State.COMMITTED);
        assertThat(row("SELECT name FROM curated_items WHERE id = 3")).isEqualTo(attack);
        assertThat(row("SELECT count(*) FROM curated_items")).isEqualTo("50");
        GabyException again =
                catchThrowableOfType(() -> service.decide(person, preview.approvalId(), true), GabyException.class);
        assertThat(again.code()).isEqualTo(ErrorCode.APPROVAL_CLOSED);
    }

    @Test
    void aWriteToolCommitsOnlyItsOwnStatementOnce() {
        PreparedTool t = tools.get("restock");
        ExecuteResult preview = t.write(service, agent, t.bind(Map.of("amount", 10, "id", 2)), null);
        assertThat(preview.status()).isEqualTo("awaiting_approval");
        assertThat(row("SELECT qty FROM curated_items WHERE id = 2")).isEqualTo("2");
        service.decide(person, preview.approvalId(), true);
        assertThat(row("SELECT qty FROM curated_items WHERE id = 2")).isEqualTo("12");
        assertThat(row("SELECT sum(qty) FROM curated_items")).isEqualTo(String.valueOf(1275 + 10));
    }

    @Test
    void aCallerCappedToReadonlyCannotRunAWriteTool() {
        PreparedTool t = tools.get("restock");
        GabyException e = catchThrowableOfType(
                () -> t.write(service, agent.withCallerCap(Mode.READONLY), t.bind(Map.of("amount", 1, "id", 1)), null),
                GabyException.class);
        assertThat(e.code()).isEqualTo(ErrorCode.READ_ONLY);
        assertThat(row("SELECT qty FROM curated_items WHERE id = 1")).isEqualTo("1");
    }

    @Test
    void aWriteToolOnAReadonlyServerStopsTheStart() {
        try (LocalGabyService readonly = service(Mode.READONLY)) {
            GabyException e = catchThrowableOfType(
                    () -> CuratedTools.prepare(List.of(byQty(), restock()), readonly), GabyException.class);
            assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
            assertThat(e.getMessage())
                    .isEqualTo("Curated tool `tools[2]` (`restock`): its statement (UPDATE) needs mode readwrite, but"
                            + " database `shop` is used readonly here (the server's mode, capped by the database's"
                            + " max_mode).");
        }
    }

    @Test
    void aStatementThatDoesNotMatchItsDeclarationStopsTheStart() {
        assertStartRefused(
                read("sneaky", "DELETE FROM curated_items WHERE id = :id", integer("id", true, null, null)),
                "it is declared access = \"read\", but the guard reads its statement (DELETE) as a write");
        assertStartRefused(
                write("reads", "SELECT * FROM curated_items WHERE id = :id", integer("id", true, null, null)),
                "it is declared access = \"write\", but its statement (SELECT) only reads.");
        assertStartRefused(read("undeclared", "SELECT * FROM curated_items WHERE id = :id"), "uses `:id`");
        assertStartRefused(
                read("unused", "SELECT * FROM curated_items", integer("id", true, null, null)), "`id` is not used");
        assertStartRefused(read("positional", "SELECT * FROM curated_items WHERE id = ?"), "named parameters only");
        assertStartRefused(read("two", "SELECT 1; DELETE FROM curated_items", new CuratedParam[0]), "tools[0]");
        assertStartRefused(
                write("everything", "DELETE FROM curated_items", new CuratedParam[0]),
                "changes every row of its table (no WHERE)");
        assertStartRefused(
                new CuratedTool("nodb", "d", "nowhere", CuratedTool.Access.READ, "SELECT 1", List.of(), "tools[5]"),
                "`tools[5]` (`nodb`)");
    }

    void assertStartRefused(CuratedTool tool, String expected) {
        GabyException e = catchThrowableOfType(() -> CuratedTools.prepare(List.of(tool), service), GabyException.class);
        assertThat(e).as(tool.name()).isNotNull();
        assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
        assertThat(e.getMessage()).contains(expected);
    }

    /** A writable copy of arguments, for the cases that change one. */
    static Map<String, Object> args(Object... pairs) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }
}
