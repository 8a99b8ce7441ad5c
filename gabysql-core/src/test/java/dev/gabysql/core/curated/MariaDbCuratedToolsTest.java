package dev.gabysql.core.curated;

import dev.gabysql.core.testing.TestDatabases;

class MariaDbCuratedToolsTest extends CuratedToolsContractTest {
    @Override
    String newShop() {
        String url = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(
                url,
                "CREATE TABLE curated_items (id INT PRIMARY KEY, name VARCHAR(50) NOT NULL, qty INT NOT NULL)",
                "INSERT INTO curated_items WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n"
                        + " WHERE i < 50) SELECT i, CONCAT('item ', i), i FROM n");
        return url;
    }
}
