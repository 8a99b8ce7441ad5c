package dev.gabysql.core.introspect;

import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.EnumType;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Routine;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import java.util.List;

/**
 * Models built in memory for the presentation tests (renderers take a model, not a connection; the readers
 * that build models from real databases have their own contract tests).
 */
final class ModelFixtures {
    private ModelFixtures() {}

    static SchemaModel shop() {
        SchemaModelBuilder b = new SchemaModelBuilder("postgresql");
        b.schema("public");
        b.enumType(new EnumType("public", "order_status", List.of("pending", "paid")));
        b.table("public", "customers", "table")
                .rowEstimate(1000L)
                .sizeBytes(204_800L)
                .comment("People")
                .column(new Column(
                        "id", "integer", false, "nextval('customers_id_seq'::regclass)", "serial", null, null, null))
                .column(new Column("email", "text", false, null, null, null, null, "Login"))
                .primaryKey(List.of("id"))
                .constraint(new Constraint("customers_email_key", "unique", List.of("email"), null))
                .index(new Index("customers_pkey", true, List.of("id"), null, null, "primary key", null))
                .index(new Index("customers_email_lower", false, List.of("lower(email)"), null, null, null, null));
        b.table("public", "orders", "table")
                .rowEstimate(5000L)
                .column(new Column("id", "integer", false, null, "always", null, null, null))
                .column(new Column("customer_id", "integer", false, null))
                .column(new Column("status", "order_status", false, "'pending'"))
                .column(new Column("note", "text", true, null))
                .primaryKey(List.of("id"))
                .constraint(new Constraint("orders_status_check", "check", List.of("status"), "(status <> 'x')"))
                .index(new Index("orders_open", false, List.of("status"), null, "status = 'pending'", null, null))
                .trigger(new Trigger(
                        "orders_audit",
                        "AFTER",
                        List.of("UPDATE OF status"),
                        "ROW",
                        null,
                        "public.audit",
                        "BEGIN RETURN NEW; END;",
                        "CREATE TRIGGER …",
                        true));
        b.table("public", "open_orders", "view")
                .definition("SELECT id\n  FROM orders\n WHERE note IS NULL")
                .column(new Column("id", "integer", true, null));
        b.foreignKey(new ForeignKey(
                "orders_customer_id_fkey",
                "public",
                "orders",
                List.of("customer_id"),
                "public",
                "customers",
                List.of("id"),
                "no action",
                "cascade"));
        b.routine(new Routine(
                "public",
                "order_total",
                "function",
                "p integer",
                "numeric",
                "plpgsql",
                "\nBEGIN\n  RETURN 1;\nEND;\n",
                null));
        return b.build().withDatabase("shop");
    }

    /** N tables of ten columns each, every one referencing the first. */
    static SchemaModel wide(int n) {
        SchemaModelBuilder b = new SchemaModelBuilder("sqlite");
        for (int i = 1; i <= n; i++) {
            String name = String.format("entity_%03d", i);
            TableBuilder t = b.table("main", name, "table").rowEstimate(0L).primaryKey(List.of("id"));
            t.column(new Column("id", "integer", false, null));
            t.column(new Column("root_id", "integer", true, null));
            for (int c = 0; c < 8; c++) {
                t.column(new Column("col_" + c, "varchar(100)", c % 2 == 0, c == 3 ? "0" : null));
            }
            b.foreignKey(new ForeignKey(
                    null, "main", name, List.of("root_id"), "main", "entity_001", List.of("id"), null, null));
        }
        return b.build().withDatabase("wide");
    }
}
