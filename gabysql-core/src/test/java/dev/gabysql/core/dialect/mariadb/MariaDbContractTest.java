package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.dialect.DialectContractTest;
import dev.gabysql.core.testing.TestDatabases;
import java.util.List;

/** The dialect contract on a real MariaDB (or MySQL: GABYSQL_TEST_MARIADB_URL). */
class MariaDbContractTest extends DialectContractTest {

    @Override
    protected String newDatabaseUrl() {
        return TestDatabases.newMariaDbDatabase();
    }

    @Override
    protected List<String> fixtureSql() {
        return List.of(
                "CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(50) NOT NULL)",
                "INSERT INTO items VALUES (1, 'one'), (2, 'two'), (3, 'three')",
                "CREATE TABLE orders (id INT PRIMARY KEY, item_id INT NOT NULL REFERENCES items (id),"
                        + " FOREIGN KEY (item_id) REFERENCES items (id))");
    }

    @Override
    protected String slowQuery() {
        return "SELECT SLEEP(5)";
    }

    @Override
    protected String dialectId() {
        return "mariadb";
    }
}
