package dev.gabysql.core.curated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostgresCuratedToolsTest extends CuratedToolsContractTest {
    @Override
    String newShop() {
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(
                url,
                "CREATE TABLE curated_items (id integer PRIMARY KEY, name text NOT NULL, qty integer NOT NULL)",
                "INSERT INTO curated_items SELECT i, 'item ' || i, i FROM generate_series(1, 50) i");
        return url;
    }

    @Test
    void aCastAndADollarQuoteAreNotParameters() {
        PreparedTool t = CuratedTools.prepare(
                        List.of(read(
                                "casts",
                                "SELECT id::text, $q$:inside$q$ AS s FROM curated_items WHERE id = :id::int",
                                integer("id", true, null, null))),
                        service)
                .get("casts");
        assertThat(t.sql()).isEqualTo("SELECT id::text, $q$:inside$q$ AS s FROM curated_items WHERE id = ?::int");
        assertThat(t.read(service, agent, t.bind(java.util.Map.of("id", 4))).rowCount())
                .isEqualTo(1);
    }
}
