package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every dialect's schema reader must do (docs/design.md#modules-and-layers), run against a real database per
 * dialect holding {@link Fixtures}' shop. Subclasses add what only their engine has.
 */
public abstract class SchemaReaderContract {

    protected abstract Dialect dialect();

    /** A database with {@link Fixtures}' shop for this dialect (created once per class). */
    protected abstract String shopUrl();

    /** A new database with these statements run on it. */
    protected abstract String newDatabase(String... ddl);

    /** Removes a database made by {@link #newDatabase} once a test is done with it (big ones weigh on the server). */
    protected void discard(String url) {}

    /** The schema the shop's tables live in. */
    protected abstract String home();

    protected SchemaModel read(String url, SchemaFilter filter) {
        try (Connection c = DriverManager.getConnection(url)) {
            return dialect().schemaReader().read(c, filter);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    protected SchemaModel shop() {
        return read(shopUrl(), SchemaFilter.ALL);
    }

    protected static Table table(SchemaModel m, String name) {
        return m.tables().stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no table " + name + " in " + names(m)));
    }

    protected static List<String> names(SchemaModel m) {
        return m.tables().stream().map(Table::name).toList();
    }

    protected static Column column(Table t, String name) {
        Column c = t.column(name);
        assertThat(c).as("column %s.%s", t.name(), name).isNotNull();
        return c;
    }

    @Test
    void readsTablesAndViewsWithTheirKinds() {
        SchemaModel m = shop();
        assertThat(names(m))
                .contains(
                        "customers",
                        "products",
                        "orders",
                        "order_items",
                        "shipments",
                        "customer_totals",
                        Fixtures.HOSTILE);
        assertThat(table(m, "orders").kind()).isEqualTo("table");
        assertThat(table(m, "customer_totals").kind()).isEqualTo("view");
        assertThat(m.schemas()).contains(home());
        assertThat(table(m, "orders").schema()).isEqualTo(home());
    }

    @Test
    void readsColumnsWithTypesNullabilityAndDefaults() {
        Table orders = table(shop(), "orders");
        assertThat(orders.columns())
                .extracting(Column::name)
                .containsExactly("id", "customer_id", "status", "created_at", "note");
        assertThat(column(orders, "customer_id").nullable()).isFalse();
        assertThat(column(orders, "note").nullable()).isTrue();
        assertThat(column(orders, "status").defaultValue()).isEqualTo("'pending'");
        assertThat(column(table(shop(), "products"), "price_with_tax").generated())
                .contains("price * 1.2");
        assertThat(column(table(shop(), "customers"), "id").identity()).isNotNull();
    }

    @Test
    void readsPrimaryKeysIncludingCompositeOnes() {
        SchemaModel m = shop();
        assertThat(table(m, "orders").primaryKey()).containsExactly("id");
        assertThat(table(m, "order_items").primaryKey()).containsExactly("order_id", "product_id");
    }

    @Test
    void readsForeignKeysInBothDirectionsWithTheirActions() {
        SchemaModel m = shop();
        ForeignKey out = table(m, "order_items").foreignKeys().stream()
                .filter(fk -> fk.refTable().equals("orders"))
                .findFirst()
                .orElseThrow();
        assertThat(out.columns()).containsExactly("order_id");
        assertThat(out.refColumns()).containsExactly("id");
        assertThat(out.onDelete()).isEqualTo("cascade");
        assertThat(out.onUpdate()).isEqualTo("restrict");
        assertThat(table(m, "orders").referencedBy())
                .extracting(ForeignKey::table)
                .contains("order_items", Fixtures.HOSTILE);
        ForeignKey composite = table(m, "shipments").foreignKeys().get(0);
        assertThat(composite.columns()).containsExactly("order_id", "product_id");
        assertThat(composite.refColumns()).containsExactly("order_id", "product_id");
        assertThat(table(m, "order_items").referencedBy())
                .extracting(ForeignKey::table)
                .containsExactly("shipments");
    }

    @Test
    void readsUniqueAndCheckConstraints() {
        Table products = table(shop(), "products");
        assertThat(products.constraints())
                .filteredOn(c -> "unique".equals(c.type()))
                .extracting(Constraint::columns)
                .contains(List.of("vendor", "sku"));
        assertThat(products.constraints())
                .filteredOn(c -> "check".equals(c.type()))
                .extracting(Constraint::expression)
                .anySatisfy(e -> assertThat(e).contains("price >= 0"));
        assertThat(table(shop(), "customers").constraints())
                .filteredOn(c -> "unique".equals(c.type()))
                .extracting(Constraint::columns)
                .contains(List.of("email"));
    }

    @Test
    void readsIndexesWithPartialAndExpressionDefinitions() {
        SchemaModel m = shop();
        Index partial = index(table(m, "orders"), "orders_open_idx");
        assertThat(partial.columns()).containsExactly("created_at");
        assertThat(partial.predicate()).contains("shipped");
        Index expression = index(table(m, "customers"), "customers_email_lower_idx");
        assertThat(expression.columns()).singleElement().asString().contains("lower(email)");
        assertThat(table(m, "order_items").indexes()).anySatisfy(i -> {
            assertThat(i.origin()).isEqualTo("primary key");
            assertThat(i.unique()).isTrue();
        });
    }

    private static Index index(Table t, String name) {
        return t.indexes().stream()
                .filter(i -> i.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no index " + name + " on " + t.name()));
    }

    @Test
    void readsViewDefinitions() {
        assertThat(table(shop(), "customer_totals").definition())
                .containsIgnoringCase("count(o.id)")
                .doesNotStartWith("CREATE");
        assertThat(table(shop(), "customer_totals").columns())
                .extracting(Column::name)
                .containsExactly("id", "email", "orders");
    }

    @Test
    void readsTriggersWithTimingEventsAndBody() {
        Trigger t = table(shop(), "orders").triggers().get(0);
        assertThat(t.name()).isEqualTo("orders_touch");
        assertThat(t.timing()).isEqualTo("BEFORE");
        assertThat(t.events()).contains("UPDATE OF note");
        assertThat(t.level()).isEqualTo("ROW");
        assertThat(t.body()).contains("'new'");
        assertThat(t.definition()).containsIgnoringCase("CREATE TRIGGER");
    }

    @Test
    void readsRowEstimatesAfterAnalyze() {
        assertThat(table(shop(), "customers").rowEstimate()).isEqualTo(4L);
    }

    @Test
    void leavesSystemObjectsOut() {
        assertThat(names(shop()))
                .allSatisfy(n -> assertThat(n).doesNotStartWith("sqlite_").doesNotStartWith("pg_"));
        assertThat(shop().schemas()).doesNotContain("pg_catalog", "information_schema");
    }

    @Test
    void aTableFilterReadsOnlyThoseTablesButKeepsTheirIncomingKeys() {
        SchemaModel m = read(shopUrl(), new SchemaFilter(null, List.of("orders"), null, false));
        assertThat(names(m)).containsExactly("orders");
        assertThat(table(m, "orders").referencedBy())
                .extracting(ForeignKey::table)
                .contains("order_items");
        assertThat(table(m, "orders").foreignKeys())
                .extracting(ForeignKey::refTable)
                .containsExactly("customers");
        assertThat(table(m, "orders").columns()).hasSize(5);
        SchemaModel qualified = read(shopUrl(), new SchemaFilter(null, List.of(home() + ".orders"), null, false));
        assertThat(names(qualified)).containsExactly("orders");
    }

    @Test
    void aPatternFilterMatchesNamesCaseInsensitively() {
        SchemaModel m = read(shopUrl(), new SchemaFilter(null, List.of(), "ORDER*", false));
        assertThat(names(m))
                .contains("orders", "order_items")
                .allSatisfy(n -> assertThat(n).startsWith("order"));
        SchemaModel contains = read(shopUrl(), new SchemaFilter(null, List.of(), "item", false));
        assertThat(names(contains)).containsExactly("order_items");
    }

    @Test
    void aSchemaFilterThatMatchesNothingReadsNothing() {
        SchemaModel m = read(shopUrl(), new SchemaFilter("no_such_schema", List.of(), null, false));
        assertThat(m.tables()).isEmpty();
        assertThat(m.schemas()).isEmpty();
    }

    @Test
    void hostileNamesInFiltersAreDataNotSql() {
        SchemaModel none = read(
                shopUrl(), new SchemaFilter("x' OR '1'='1", List.of("y'; DROP TABLE y; --"), "%' OR 1=1 --", false));
        assertThat(none.tables()).isEmpty();
        SchemaModel hostile = read(shopUrl(), new SchemaFilter(null, List.of(Fixtures.HOSTILE), null, false));
        assertThat(names(hostile)).containsExactly(Fixtures.HOSTILE);
        assertThat(table(hostile, Fixtures.HOSTILE).columns())
                .extracting(Column::name)
                .containsExactly("weird \"col\"", "id");
        assertThat(names(read(shopUrl(), new SchemaFilter(null, List.of(), "DROP TABLE", false))))
                .containsExactly(Fixtures.HOSTILE);
        assertThat(tableExists(shopUrl(), "y")).isTrue();
    }

    private static boolean tableExists(String url, String name) {
        try (Connection c = DriverManager.getConnection(url);
                ResultSet rs = c.getMetaData().getTables(null, null, name, null)) {
            return rs.next();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void readingIssuesTheSameNumberOfStatementsFor10And500Tables() throws SQLException {
        int ten = statementsToRead(newDatabase(Fixtures.tables(10)), 10);
        int fiveHundred = statementsToRead(newDatabase(Fixtures.tables(500)), 500);
        assertThat(fiveHundred).isEqualTo(ten);
        assertThat(ten).isBetween(1, 10);
    }

    private int statementsToRead(String url, int tables) throws SQLException {
        try {
            return countStatements(url, tables);
        } finally {
            discard(url);
        }
    }

    private int countStatements(String url, int tables) throws SQLException {
        try (Connection real = DriverManager.getConnection(url)) {
            CountingConnection counting = CountingConnection.wrap(real);
            SchemaModel m = dialect().schemaReader().read(counting.connection(), SchemaFilter.ALL);
            assertThat(m.tables()).hasSize(tables + tables / 10);
            assertThat(table(m, "t_0001").referencedBy()).hasSize(2);
            assertThat(table(m, String.format("t_%04d", tables)).indexes()).isNotEmpty();
            System.out.printf("%s: %d statements to read %d tables%n", dialect().id(), counting.count(), tables);
            return counting.count();
        }
    }
}
