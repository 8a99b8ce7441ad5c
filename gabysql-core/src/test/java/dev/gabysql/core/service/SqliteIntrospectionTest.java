package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.introspect.Fixtures;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteIntrospectionTest extends IntrospectionContract {
    @TempDir
    static Path dir;

    private static Path file;

    @Override
    synchronized DatabaseConfig shop() {
        if (file == null) {
            file = TestDatabases.sqliteFile(dir, "shop", Fixtures.SQLITE_SHOP);
        }
        return DatabaseConfig.sqlite(DB, file);
    }

    @Test
    void explainDrawsSqlitesPlanAsATree() {
        Rendered r = service.explain(ctx, DB, "SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id");
        assertThat(r.text()).startsWith("QUERY PLAN\n").containsPattern("(\\|--|`--)(SCAN|SEARCH)");
    }

    @Test
    void fullDetailInlinesTriggerBodies() {
        assertThat(describe("full").text()).contains("BEGIN UPDATE orders SET note = 'new' WHERE id = NEW.id; END");
    }
}
