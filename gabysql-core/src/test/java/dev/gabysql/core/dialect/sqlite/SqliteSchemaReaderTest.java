package dev.gabysql.core.dialect.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.introspect.Fixtures;
import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaReaderContract;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteSchemaReaderTest extends SchemaReaderContract {
    private static final AtomicInteger SEQ = new AtomicInteger();

    @TempDir
    static Path dir;

    private static String shop;

    @Override
    protected Dialect dialect() {
        return new SqliteDialect();
    }

    @Override
    protected synchronized String shopUrl() {
        if (shop == null) {
            shop = newDatabase(Fixtures.SQLITE_SHOP);
        }
        return shop;
    }

    @Override
    protected String newDatabase(String... ddl) {
        String[] inOneTransaction = new String[ddl.length + 2];
        inOneTransaction[0] = "BEGIN";
        System.arraycopy(ddl, 0, inOneTransaction, 1, ddl.length);
        inOneTransaction[ddl.length + 1] = "COMMIT";
        return "jdbc:sqlite:" + TestDatabases.sqliteFile(dir, "db" + SEQ.incrementAndGet(), inOneTransaction);
    }

    @Override
    protected String home() {
        return "main";
    }

    @Test
    void knowsWhatOnlyTheDdlSays() {
        SchemaModel m = shop();
        assertThat(column(table(m, "customers"), "id").identity()).isEqualTo("autoincrement");
        assertThat(column(table(m, "products"), "id").identity()).isEqualTo("rowid");
        assertThat(column(table(m, "customers"), "name").collation()).isEqualTo("NOCASE");
        assertThat(column(table(m, "products"), "price_with_tax").generated()).isEqualTo("price * 1.2 stored");
        assertThat(table(m, "orders").constraints())
                .anySatisfy(c -> assertThat(c.expression()).isEqualTo("status IN ('pending', 'paid', 'shipped')"));
        assertThat(table(m, "orders").triggers().get(0).condition()).isEqualTo("NEW.note IS NULL");
    }

    @Test
    void aReferenceWithoutColumnsPointsAtThePrimaryKey() {
        assertThat(table(shop(), "order_items").foreignKeys())
                .filteredOn(fk -> fk.refTable().equals("products"))
                .singleElement()
                .satisfies(fk -> assertThat(fk.refColumns()).containsExactly("id"));
    }

    @Test
    void aWithoutRowidTableHasNoRowidIdentity() {
        assertThat(table(shop(), "order_items").columns())
                .allSatisfy(c -> assertThat(c.identity()).isNull());
    }

    @Test
    void sizesComeFromDbstatOnSmallFiles() {
        assertThat(table(shop(), "customers").sizeBytes()).isPositive();
    }

    @Test
    void aViewThatNoLongerCompilesDoesNotHideTheRest() {
        String url = newDatabase(
                "CREATE TABLE gone (x)",
                "CREATE TABLE kept (id INTEGER PRIMARY KEY, v TEXT)",
                "CREATE VIEW broken AS SELECT x FROM gone",
                "DROP TABLE gone");
        SchemaModel m = read(url, SchemaFilter.ALL);
        assertThat(names(m)).containsExactly("broken", "kept");
        assertThat(table(m, "kept").columns()).hasSize(2);
        assertThat(table(m, "broken").columns()).isEmpty();
    }

    @Test
    void tableNamesMatchCaseInsensitivelyLikeSqliteDoes() {
        SchemaModel m = read(shopUrl(), new SchemaFilter(null, List.of("ORDERS"), null, false));
        assertThat(names(m)).containsExactly("orders");
        Table t = table(m, "orders");
        assertThat(t.referencedBy()).isNotEmpty();
    }
}
