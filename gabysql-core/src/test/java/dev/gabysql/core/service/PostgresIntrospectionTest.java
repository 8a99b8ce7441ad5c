package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.introspect.Fixtures;
import dev.gabysql.core.testing.TestDatabases;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostgresIntrospectionTest extends IntrospectionContract {
    private static String url;

    @Override
    synchronized DatabaseConfig shop() {
        if (url == null) {
            url = TestDatabases.newPostgresDatabase();
            TestDatabases.run(url, String.join(";\n", Fixtures.POSTGRES_SHOP));
        }
        return DatabaseConfig.of(DB, url).build();
    }

    @Test
    void fullDetailHasEnumsFunctionSourcesAndSequences() {
        String text = describe("full").text();
        assertThat(text)
                .contains(
                        "enum order_status: pending | paid | shipped",
                        "function order_total(p_order integer) -> bigint sql",
                        "sum(quantity)",
                        "procedure archive_orders(IN p_before timestamp with time zone) plpgsql",
                        "EXECUTE public.touch_note()",
                        "sequence invoice_seq start 1000 increment 10",
                        "id integer pk identity always",
                        "name text! collate \"C\"",
                        "-- Login, unique",
                        "audit.events.order_id",
                        "price_with_tax numeric generated as (price * 1.2)");
    }

    @Test
    void namesInOtherSchemasAreQualified() {
        String text = describe("names").text();
        assertThat(text).contains("audit.events ~0", "\norders ~3").doesNotContain("public.orders");
    }

    @Test
    void aNameInTwoSchemasMustBeQualified() {
        assertThatThrownBy(() -> service.describeTable(ctx, DB, "notes", false))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.BAD_REQUEST))
                .hasMessageContaining("audit.notes");
        assertThat(service.describeTable(ctx, DB, "audit.notes", false).text()).startsWith("audit.notes (table");
    }

    @Test
    void anUnknownSchemaIsABadRequestListingTheSchemas() {
        assertThatThrownBy(() ->
                        service.describeDatabase(ctx, new DescribeRequest(DB, "names", "sales", List.of(), null, null)))
                .isInstanceOf(GabyException.class)
                .satisfies(e -> assertThat(((GabyException) e).hint()).contains("audit", "public"));
    }

    @Test
    void explainShowsPostgresTextPlanLines() {
        Rendered r = service.explain(ctx, DB, "SELECT * FROM orders WHERE id = 1");
        assertThat(r.text()).containsPattern("(Seq|Index|Bitmap).*Scan");
    }

    @Test
    void describeTableShowsEnumLabelsOfEnumColumns() {
        assertThat(service.describeTable(ctx, DB, "orders", false).text())
                .contains("status order_status! ='pending' {pending|paid|shipped}");
    }

    @Test
    void searchFindsFunctionsAndEnums() {
        assertThat(service.search(ctx, DB, "order", null).text())
                .contains("function order_total(p_order integer)", "enum order_status");
        assertThat(service.search(ctx, DB, "touch", "function").text())
                .contains("function touch_note() -> trigger")
                .doesNotContain("trigger orders_touch");
    }
}
