package dev.gabysql.core.curated;

import dev.gabysql.core.testing.TestDatabases;

class SqliteCuratedToolsTest extends CuratedToolsContractTest {
    @Override
    String newShop() {
        return "jdbc:sqlite:"
                + TestDatabases.sqliteFile(
                        tmp,
                        "shop",
                        "CREATE TABLE curated_items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, qty INTEGER NOT NULL)",
                        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)"
                                + " INSERT INTO curated_items SELECT i, 'item ' || i, i FROM n");
    }
}
