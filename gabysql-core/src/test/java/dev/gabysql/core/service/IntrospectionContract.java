package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.introspect.Fixtures;
import dev.gabysql.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The introspection tools end to end through {@link LocalGabyService} on a real database per dialect holding
 * {@link Fixtures}' shop: detail levels, describe_table, search, explain, diagram, the schema bundle, paging and
 * the errors a caller can provoke.
 */
abstract class IntrospectionContract {
    static final String DB = "shop";
    final CallContext ctx = CallContext.of("test");
    LocalGabyService service;

    /** The catalog entry of a database with the shop fixture. */
    abstract DatabaseConfig shop();

    @BeforeEach
    void start() {
        service = serviceWith(Limits.DEFAULT);
    }

    @AfterEach
    void stop() {
        service.close();
    }

    LocalGabyService serviceWith(Limits limits) {
        return new LocalGabyService(new Catalog(List.of(shop())), Settings.DEFAULT.withLimits(limits));
    }

    Rendered describe(String detail) {
        return service.describeDatabase(ctx, DescribeRequest.of(DB, detail));
    }

    @Test
    void namesListTablesAndViewsWithEstimatesOnly() {
        Rendered r = describe("names");
        assertThat(r.text()).contains("customers ~4", "customer_totals (view)").doesNotContain("email");
        assertThat(r.json().get("tables").toString()).contains("[\"customers\",4]");
    }

    @Test
    void summaryShowsColumnsKeysAndReferencesButNotDefaultsOrIndexes() {
        Rendered r = describe("summary");
        assertThat(r.text().toLowerCase(Locale.ROOT))
                .contains("customer_id integer! ->customers.id on delete cascade", "email text! unique")
                .doesNotContain("'pending'", "orders_open_idx", "<- ");
        assertThat(r.json().toString()).doesNotContain("\"nullable\"", "\"name\":\"customer_id\"");
    }

    @Test
    void fullShowsEveryObjectKind() {
        Rendered r = describe("full");
        assertThat(r.text().toLowerCase(Locale.ROOT))
                .contains(
                        "='pending'",
                        "index orders_open_idx",
                        "where",
                        "<- ",
                        "order_items.order_id",
                        "trigger orders_touch before",
                        "as select",
                        "unique (vendor, sku)",
                        "check (");
        JsonNode orders = table(r.json(), "orders");
        assertThat(orders.get("referencedBy")).isNotEmpty();
        assertThat(orders.get("triggers").get(0).get("name").asText()).isEqualTo("orders_touch");
        assertThat(r.json().toString()).doesNotContain("\"nullable\"", "\"no action\"");
    }

    static JsonNode table(JsonNode json, String name) {
        for (JsonNode t : json.get("tables")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no table " + name);
    }

    @Test
    void anUnknownDetailLevelIsABadRequest() {
        assertThatThrownBy(() -> describe("everything"))
                .isInstanceOf(GabyException.class)
                .extracting(e -> ((GabyException) e).code())
                .isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void filtersNarrowTheDescription() {
        Rendered r =
                service.describeDatabase(ctx, new DescribeRequest(DB, "summary", null, List.of("orders"), null, null));
        assertThat(r.json().get("tables")).hasSize(1);
        Rendered p = service.describeDatabase(ctx, new DescribeRequest(DB, "names", null, List.of(), "order*", null));
        assertThat(p.text()).contains("orders", "order_items").doesNotContain("customers");
    }

    @Test
    void anUnknownTableInTheFilterIsUnknownTableWithSuggestions() {
        assertThatThrownBy(() -> service.describeDatabase(
                        ctx, new DescribeRequest(DB, "full", null, List.of("order"), null, null)))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> {
                    GabyException g = (GabyException) e;
                    assertThat(g.code()).isEqualTo(ErrorCode.UNKNOWN_TABLE);
                    assertThat(g.hint()).contains("orders");
                });
    }

    @Test
    void describeTableShowsEverythingAboutOneTable() {
        Rendered r = service.describeTable(ctx, DB, "orders", true);
        assertThat(r.text())
                .contains(
                        "columns:",
                        "constraints:",
                        "indexes:",
                        "referenced by:",
                        "triggers:",
                        "order_items(order_id)",
                        "orders_open_idx",
                        "sample (3 rows):",
                        "paid");
        assertThat(r.json().get("sample").get("rows")).hasSize(3);
        assertThat(r.json().get("triggers").get(0).get("body").asText()).contains("new");
    }

    @Test
    void describeTableWithoutSampleReadsNoRows() {
        Rendered r = service.describeTable(ctx, DB, "orders", false);
        assertThat(r.text()).doesNotContain("sample");
        assertThat(r.json().has("sample")).isFalse();
    }

    @Test
    void describeTableOfAnUnknownTableSaysSoAndSuggests() {
        assertThatThrownBy(() -> service.describeTable(ctx, DB, "customer", false))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> {
                    assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.UNKNOWN_TABLE);
                    assertThat(((GabyException) e).hint()).contains("customers");
                });
    }

    @Test
    void describeTableTreatsAHostileNameAsAName() {
        Rendered r = service.describeTable(ctx, DB, Fixtures.HOSTILE, true);
        assertThat(r.text().toLowerCase(Locale.ROOT)).contains("\"weird \"\"col\"\"\" text");
        assertThat(r.json().get("sample").get("rows")).isEmpty(); // the sample read quoted the name
        assertThat(service.describeTable(ctx, DB, "y", false).text()).contains("y (table");
    }

    @Test
    void searchFindsTablesColumnsAndIndexesWithWhereTheyLive() {
        Rendered r = service.search(ctx, DB, "order", null);
        assertThat(r.text()).contains("table orders", "column order_items.order_id", "index orders_open_idx on orders");
        Rendered columns = service.search(ctx, DB, "*_id", "columns");
        assertThat(columns.text()).contains("column orders.customer_id").doesNotContain("table ");
        assertThat(columns.json().get("matches").get(0).get(0).asText()).isEqualTo("column");
    }

    @Test
    void searchRefusesAnUnknownKindAndAnEmptyPattern() {
        assertThatThrownBy(() -> service.search(ctx, DB, "order", "galaxy"))
                .isInstanceOf(GabyException.class)
                .hasMessageContaining("galaxy");
        assertThatThrownBy(() -> service.search(ctx, DB, " ", null)).isInstanceOf(GabyException.class);
    }

    @Test
    void explainShowsThePlanOfARead() {
        Rendered r = service.explain(
                ctx,
                DB,
                "SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id"
                        + " WHERE c.email = 'a@example.com'");
        assertThat(r.text()).isNotBlank();
        assertThat(r.json().get("plan")).isNotEmpty();
    }

    @Test
    void explainRefusesWritesAndExplainAnalyze() {
        assertThatThrownBy(() -> service.explain(ctx, DB, "DELETE FROM orders"))
                .isInstanceOf(GabyException.class)
                .extracting(e -> ((GabyException) e).code())
                .isEqualTo(ErrorCode.READ_ONLY);
        assertThatThrownBy(() -> service.explain(ctx, DB, "EXPLAIN ANALYZE SELECT 1"))
                .isInstanceOf(GabyException.class);
        assertThat(service.query(ctx, QueryRequest.of(DB, "SELECT count(*) FROM orders"))
                        .rows()
                        .get(0)
                        .get(0))
                .isEqualTo(3L);
    }

    @Test
    void theDiagramIsAnErDiagramOfTablesAndKeys() {
        Rendered r = service.diagram(ctx, DB);
        assertThat(r.text()).startsWith("erDiagram\n").contains("\"order_items\" }o--|| \"orders\" : \"order_id\"");
    }

    @Test
    void theSchemaBundleIsJsonOfEverything() throws Exception {
        Rendered r = service.schema(ctx, DB);
        JsonNode parsed = Json.MAPPER.readTree(r.text());
        assertThat(parsed.get("detail").asText()).isEqualTo("full");
        assertThat(parsed.has("truncated")).isFalse();
        assertThat(table(parsed, "orders").get("columns")).hasSize(5);
    }

    @Test
    void aLargeDescriptionComesInPagesWithACursorAndAHint() {
        service.close();
        service = serviceWith(new Limits(Limits.DEFAULT.statementTimeout(), 500, 2_000, 900));
        Rendered first = describe("full");
        assertThat(first.json().get("truncated").asBoolean()).isTrue();
        assertThat(first.text()).contains("Continue with cursor", "narrow: detail=summary or names");
        List<String> seen = new ArrayList<>();
        Rendered page = first;
        for (int i = 0; i < 50; i++) {
            page.json()
                    .path("tables")
                    .forEach(t ->
                            seen.add(t.path("schema").asText("") + t.get("name").asText()));
            if (!page.json().has("next_cursor")) {
                break;
            }
            page = service.describeDatabase(
                    ctx,
                    new DescribeRequest(
                            DB,
                            "full",
                            null,
                            List.of(),
                            null,
                            page.json().get("next_cursor").asText()));
        }
        assertThat(page.json().has("next_cursor")).isFalse();
        assertThat(seen).doesNotHaveDuplicates().contains("customers", "orders", "y", Fixtures.HOSTILE);
    }

    @Test
    void aCursorOnlyContinuesTheRequestItCameFrom() {
        service.close();
        service = serviceWith(new Limits(Limits.DEFAULT.statementTimeout(), 500, 2_000, 900));
        String cursor = describe("full").json().get("next_cursor").asText();
        assertThatThrownBy(() -> service.describeDatabase(
                        ctx, new DescribeRequest(DB, "summary", null, List.of(), null, cursor)))
                .isInstanceOf(GabyException.class)
                .hasMessageContaining("cursor");
        assertThatThrownBy(() -> service.describeDatabase(
                        ctx, new DescribeRequest(DB, "full", null, List.of(), null, "not-a-cursor")))
                .isInstanceOf(GabyException.class);
    }

    @Test
    void metaCommandsStillWork() {
        QueryResult tables = service.query(ctx, QueryRequest.of(DB, "SHOW TABLES"));
        assertThat(tables.rows()).extracting(row -> row.get(1)).contains("orders", "customer_totals");
        QueryResult describe = service.query(ctx, QueryRequest.of(DB, "DESCRIBE orders"));
        assertThat(describe.rows()).extracting(row -> row.get(0)).contains("id", "customer_id", "status");
    }
}
