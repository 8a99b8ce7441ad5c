package dev.gabysql.core.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.introspect.CountingConnection;
import dev.gabysql.core.introspect.Fixtures;
import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Routine;
import dev.gabysql.core.introspect.SchemaReaderContract;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostgresSchemaReaderTest extends SchemaReaderContract {
    private static String shop;
    private static boolean pgcrypto;

    @Override
    protected Dialect dialect() {
        return new PostgresDialect();
    }

    @Override
    protected synchronized String shopUrl() {
        if (shop == null) {
            shop = newDatabase(Fixtures.POSTGRES_SHOP);
            try {
                TestDatabases.run(shop, "CREATE EXTENSION pgcrypto");
                pgcrypto = true;
            } catch (IllegalStateException e) {
                pgcrypto = false; // contrib not installed on this server: the extension checks are skipped
            }
        }
        return shop;
    }

    @Override
    protected String newDatabase(String... ddl) {
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, String.join(";\n", ddl));
        return url;
    }

    @Override
    protected void discard(String url) {
        String name = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?') < 0 ? url.length() : url.indexOf('?'));
        TestDatabases.run(TestDatabases.postgresAdminUrl(), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    @Override
    protected String home() {
        return "public";
    }

    @Test
    void readsEnumsWithLabelsInOrder() {
        assertThat(shop().enums()).singleElement().satisfies(e -> {
            assertThat(e.name()).isEqualTo("order_status");
            assertThat(e.labels()).containsExactly("pending", "paid", "shipped");
        });
    }

    @Test
    void readsFunctionsAndProceduresWithSource() {
        SchemaModel m = shop();
        Routine total = routine(m, "order_total");
        assertThat(total.kind()).isEqualTo("function");
        assertThat(total.arguments()).isEqualTo("p_order integer");
        assertThat(total.returns()).isEqualTo("bigint");
        assertThat(total.language()).isEqualTo("sql");
        assertThat(total.source()).contains("sum(quantity)");
        Routine archive = routine(m, "archive_orders");
        assertThat(archive.kind()).isEqualTo("procedure");
        assertThat(archive.returns()).isNull();
        assertThat(archive.source()).contains("DELETE FROM orders");
    }

    private static Routine routine(SchemaModel m, String name) {
        return m.routines().stream()
                .filter(r -> r.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void extensionObjectsAreTheExtensionsNotTheApplications() {
        SchemaModel m = shop();
        org.junit.jupiter.api.Assumptions.assumeTrue(pgcrypto, "pgcrypto is not available on this server");
        assertThat(m.extensions()).extracting(SchemaModel.Extension::name).containsExactly("pgcrypto");
        assertThat(m.routines()).extracting(Routine::name).doesNotContain("crypt", "digest", "gen_salt");
    }

    @Test
    void readsSequencesWithTheirOwners() {
        SchemaModel m = shop();
        assertThat(m.sequences()).anySatisfy(s -> {
            assertThat(s.name()).isEqualTo("invoice_seq");
            assertThat(s.start()).isEqualTo(1000L);
            assertThat(s.increment()).isEqualTo(10L);
            assertThat(s.ownedBy()).isNull();
        });
        assertThat(m.sequences()).anySatisfy(s -> assertThat(s.ownedBy()).isEqualTo("orders.id"));
    }

    @Test
    void readsIdentityGeneratedCollationCommentsAndMaterializedViews() {
        SchemaModel m = shop();
        assertThat(column(table(m, "customers"), "id").identity()).isEqualTo("always");
        assertThat(column(table(m, "products"), "id").identity()).isEqualTo("by default");
        assertThat(column(table(m, "orders"), "id").identity()).isEqualTo("serial");
        assertThat(column(table(m, "customers"), "name").collation()).isEqualTo("C");
        assertThat(column(table(m, "customers"), "email").comment()).isEqualTo("Login, unique");
        assertThat(table(m, "customers").comment()).isEqualTo("People who buy");
        assertThat(table(m, "order_stats").kind()).isEqualTo("materialized view");
        assertThat(table(m, "order_stats").definition()).contains("count(*)");
        assertThat(table(m, "customers").sizeBytes()).isPositive();
        assertThat(column(table(m, "orders"), "created_at").type()).isEqualTo("timestamptz");
    }

    @Test
    void readsOtherSchemasAndKeysAcrossThem() {
        SchemaModel m = shop();
        assertThat(m.schemas()).containsExactly("audit", "public");
        assertThat(table(m, "orders").referencedBy()).anySatisfy(fk -> {
            assertThat(fk.schema()).isEqualTo("audit");
            assertThat(fk.table()).isEqualTo("events");
        });
        SchemaModel audit = read(shopUrl(), new SchemaFilter("audit", List.of(), null, false));
        assertThat(names(audit)).containsExactly("events", "notes");
        assertThat(audit.routines()).isEmpty();
        assertThat(table(audit, "events").foreignKeys())
                .extracting(ForeignKey::refSchema)
                .containsExactly("public");
    }

    @Test
    void readsGinIndexesWithTheirMethodAndTriggerFunctions() {
        SchemaModel m = shop();
        assertThat(table(m, "products").indexes())
                .anySatisfy(i -> assertThat(i.method()).isEqualTo("gin"));
        assertThat(table(m, "orders").triggers().get(0).function()).isEqualTo("public.touch_note");
        assertThat(table(m, "orders").triggers().get(0).events()).containsExactly("INSERT", "UPDATE OF note");
    }

    @Test
    void aSystemSchemaIsReadWhenItIsNamed() {
        assertThat(names(shop())).doesNotContain("pg_class");
        SchemaModel catalog = read(shopUrl(), new SchemaFilter("pg_catalog", List.of("pg_class"), null, false));
        assertThat(names(catalog)).containsExactly("pg_class");
        assertThat(table(catalog, "pg_class").columns()).isNotEmpty();
    }

    /** Every catalog query travels in one statement, whatever the filter (one round trip). */
    @Test
    void readsTheCatalogInOneStatement() throws SQLException {
        for (SchemaFilter filter : List.of(SchemaFilter.ALL, new SchemaFilter(null, List.of("orders"), null, false))) {
            try (Connection real = DriverManager.getConnection(shopUrl())) {
                CountingConnection counting = CountingConnection.wrap(real);
                SchemaModel m = dialect().schemaReader().read(counting.connection(), filter);
                assertThat(m.tables()).isNotEmpty();
                assertThat(counting.count()).isEqualTo(1);
            }
        }
    }
}
