package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.Rendered;
import org.junit.jupiter.api.Test;

class SchemaSearchTest {
    private static final SchemaModel SHOP = ModelFixtures.shop();

    @Test
    void findsEveryKindWithWhereItLives() {
        Rendered r = SchemaSearch.search(SHOP, "order", null);
        assertThat(r.text())
                .contains(
                        "table orders ~5000 rows",
                        "view open_orders",
                        "index orders_open on orders (status)",
                        "trigger orders_audit on orders AFTER UPDATE OF status",
                        "function order_total(p integer) -> numeric",
                        "enum order_status pending|paid");
        assertThat(r.json().get("matches").get(0).toString())
                .isEqualTo("[\"table\",\"orders\",\"public\",null," + "\"~5000 rows\"]");
    }

    @Test
    void aKindNarrowsTheSearchAndAcceptsPlurals() {
        assertThat(SchemaSearch.search(SHOP, "*id", "columns").text())
                .contains("column customers.id", "column orders.customer_id")
                .doesNotContain("table ");
        assertThat(SchemaSearch.search(SHOP, "total", "procedure").text()).contains("function order_total");
        assertThat(SchemaSearch.search(SHOP, "order", "indexes").text())
                .contains("index orders_open")
                .doesNotContain("column");
    }

    @Test
    void anUnknownKindListsTheKnownOnes() {
        assertThatThrownBy(() -> SchemaSearch.search(SHOP, "x", "planet"))
                .hasMessageContaining("planet")
                .satisfies(e -> assertThat(((dev.gabysql.core.error.GabyException) e).hint())
                        .contains("column"));
    }

    @Test
    void tooManyMatchesAreCutWithAHint() {
        Rendered r = SchemaSearch.search(ModelFixtures.wide(40), "col", "column");
        assertThat(r.json().get("matches")).hasSize(SchemaSearch.MAX_HITS);
        assertThat(r.json().get("truncated").asBoolean()).isTrue();
        assertThat(r.text()).contains("320 matches", "Narrow the pattern");
    }

    @Test
    void noMatchSaysHowToLookElse() {
        assertThat(SchemaSearch.search(SHOP, "zebra", null).text())
                .startsWith("0 matches")
                .contains("SHOW TABLES");
    }
}
