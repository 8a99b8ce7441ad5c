package dev.gabysql.core.dialect.generic;

import dev.gabysql.core.dialect.DialectContractTest;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/**
 * The dialect contract on the generic JDBC tier, with H2 (a real engine, test scope only) standing for "a database
 * gabysql knows nothing about". H2 has no sleep function: the slow read is a large cross join.
 */
class H2ContractTest extends DialectContractTest {

    @Override
    protected String newDatabaseUrl() {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "gabysql-h2-" + UUID.randomUUID());
        return "jdbc:h2:" + dir.resolve("db").toAbsolutePath();
    }

    @Override
    protected List<String> fixtureSql() {
        return List.of(
                "CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(50) NOT NULL)",
                "INSERT INTO items VALUES (1, 'one'), (2, 'two'), (3, 'three')",
                "CREATE TABLE orders (id INT PRIMARY KEY, item_id INT NOT NULL,"
                        + " CONSTRAINT fk_item FOREIGN KEY (item_id) REFERENCES items (id))");
    }

    @Override
    protected String slowQuery() {
        return "SELECT COUNT(*) FROM SYSTEM_RANGE(1, 100000) a, SYSTEM_RANGE(1, 100000) b WHERE a.X + b.X < 0";
    }

    @Override
    protected String dialectId() {
        return "generic";
    }
}
