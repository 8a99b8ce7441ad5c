package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.introspect.SchemaModel.Column;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaPresenterTest {
    private static final SchemaModel SHOP = ModelFixtures.shop();

    private static Rendered describe(SchemaModel m, DetailLevel level) {
        return SchemaPresenter.describe(m, level, SchemaFilter.ALL, null, 200_000);
    }

    @Test
    void namesAreOneLinePerTableWithEstimates() {
        Rendered r = describe(SHOP, DetailLevel.NAMES);
        assertThat(r.text())
                .isEqualTo("shop (postgresql) schema public: 2 tables, 1 view, 1 routine, 1 enum\n"
                        + "(~N = estimated rows)\ncustomers ~1000\norders ~5000\nopen_orders (view)");
        assertThat(r.json().get("tables").toString())
                .isEqualTo("[[\"customers\",1000],[\"orders\",5000],[\"open_orders\",null,\"view\"]]");
    }

    @Test
    void summaryHasColumnsTypesKeysAndReferencesOnly() {
        String text = describe(SHOP, DetailLevel.SUMMARY).text();
        assertThat(text)
                .contains(
                        "enum order_status: pending | paid",
                        "customers ~1000 rows\n  id integer pk\n" + "  email text! unique",
                        "  customer_id integer! ->customers.id on delete cascade",
                        "function order_total(p integer) -> numeric");
        assertThat(text)
                .doesNotContain("serial", "'pending'", "orders_open", "<-", "RETURN 1", "People", "200kB", "as SELECT");
    }

    @Test
    void fullHasEverything() {
        String text = describe(SHOP, DetailLevel.FULL).text();
        assertThat(text)
                .contains(
                        "customers ~1000 rows 200kB -- People",
                        "  id integer pk serial",
                        "  email text! unique -- Login",
                        "  index customers_email_lower (lower(email))",
                        "  <- orders.customer_id on delete cascade",
                        "  status order_status! ='pending'",
                        "  id integer pk identity always",
                        "  check (status <> 'x')",
                        "  index orders_open (status) where status = 'pending'",
                        "  trigger orders_audit AFTER UPDATE OF status EXECUTE public.audit()",
                        "  as SELECT id FROM orders WHERE note IS NULL",
                        "function order_total(p integer) -> numeric plpgsql\n    BEGIN\n      RETURN 1;\n    END;");
        assertThat(text).doesNotContain("customers_pkey", "nextval");
    }

    @Test
    void jsonColumnsArePositionalWithDefaultsLeftOut() {
        JsonNode json = describe(SHOP, DetailLevel.FULL).json();
        JsonNode orders = json.get("tables").get(1);
        assertThat(orders.get("columns").toString())
                .isEqualTo("[[\"id\",\"integer\",true,null,\"always\"],"
                        + "[\"customer_id\",\"integer\",true],[\"status\",\"order_status\",true,\"'pending'\"],"
                        + "[\"note\",\"text\"]]");
        assertThat(orders.get("foreignKeys").toString())
                .isEqualTo("[[[\"customer_id\"],\"customers\",[\"id\"],\"cascade\"]]");
        assertThat(json.get("tables").get(0).get("referencedBy").toString())
                .isEqualTo("[[\"orders\",[\"customer_id\"],[\"id\"],\"cascade\"]]");
        assertThat(json.get("formats").get("column").asText()).startsWith("[name, type, notNull");
        assertThat(json.toString()).doesNotContain("\"nullable\"", "\"kind\":\"table\"", "\"schema\":\"public\",\"n");
    }

    @Test
    void summaryJsonLeavesOutFullDetails() {
        JsonNode json = describe(SHOP, DetailLevel.SUMMARY).json();
        assertThat(json.toString()).doesNotContain("indexes", "triggers", "referencedBy", "'pending'", "source");
        assertThat(json.get("routines").get(0).get("name").asText()).isEqualTo("order_total");
    }

    @Test
    void smallEnoughSchemasComeInOnePage() {
        Rendered r = describe(ModelFixtures.wide(50), DetailLevel.FULL);
        assertThat(r.json().has("next_cursor")).isFalse();
        assertThat(r.json().get("tables")).hasSize(50);
    }

    @Test
    void pagesCoverEveryTableOnceAndStayWithinTheBudget() {
        SchemaModel wide = ModelFixtures.wide(120);
        int budget = 4_000;
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            Rendered r = SchemaPresenter.describe(wide, DetailLevel.SUMMARY, SchemaFilter.ALL, cursor, budget);
            r.json().get("tables").forEach(t -> seen.add(t.get("name").asText()));
            String body = r.text().contains("\n\n(Shown")
                    ? r.text().substring(0, r.text().indexOf("\n\n(Shown"))
                    : r.text();
            assertThat(body.length()).isLessThanOrEqualTo(budget);
            cursor = r.json().has("next_cursor") ? r.json().get("next_cursor").asText() : null;
            if (cursor != null) {
                assertThat(r.text()).contains("Continue with cursor \"" + cursor + "\"", "tables=[", "pattern=");
                assertThat(r.json().get("truncated").asBoolean()).isTrue();
            }
            pages++;
        } while (cursor != null && pages < 100);
        assertThat(pages).isGreaterThan(3);
        assertThat(seen).hasSize(120).doesNotHaveDuplicates();
    }

    @Test
    void aCursorFromAnotherRequestIsRefused() {
        SchemaModel wide = ModelFixtures.wide(120);
        String cursor = SchemaPresenter.describe(wide, DetailLevel.SUMMARY, SchemaFilter.ALL, null, 4_000)
                .json()
                .get("next_cursor")
                .asText();
        SchemaFilter other = new SchemaFilter(null, List.of(), "entity", false);
        assertThatThrownBy(() -> SchemaPresenter.describe(wide, DetailLevel.SUMMARY, other, cursor, 4_000))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.BAD_REQUEST));
        assertThatThrownBy(() -> SchemaPresenter.describe(wide, DetailLevel.SUMMARY, SchemaFilter.ALL, "%%%", 4_000))
                .isInstanceOf(GabyException.class);
    }

    @Test
    void theBundleIsTheWholeSchemaAsJson() {
        Rendered r = SchemaPresenter.bundle(ModelFixtures.wide(300));
        assertThat(r.text()).startsWith("{").isEqualTo(r.json().toString());
        assertThat(r.json().get("tables")).hasSize(300);
    }

    @Test
    void oddNamesAreQuotedSoTheyCanBePastedIntoSql() {
        SchemaModelBuilder b = new SchemaModelBuilder("postgresql");
        b.table("public", "Order Lines", "table").column(new Column("x\ny", "text", true, null));
        String text = describe(b.build(), DetailLevel.FULL).text();
        assertThat(text).contains("\"Order Lines\"", "\"x\\u000ay\" text");
    }

    @Test
    void anUnknownDetailLevelIsRefused() {
        assertThat(DetailLevel.parse(null, DetailLevel.SUMMARY)).isEqualTo(DetailLevel.SUMMARY);
        assertThat(DetailLevel.parse("FULL", DetailLevel.SUMMARY)).isEqualTo(DetailLevel.FULL);
        assertThatThrownBy(() -> DetailLevel.parse("verbose", DetailLevel.SUMMARY))
                .hasMessageContaining("verbose");
    }
}
