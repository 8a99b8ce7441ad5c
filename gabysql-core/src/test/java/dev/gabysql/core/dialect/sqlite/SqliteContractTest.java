package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.dialect.DialectContractTest;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/** The dialect contract on a SQLite file; the slow read is an endless recursive count. */
class SqliteContractTest extends DialectContractTest {

    @Override
    protected String newDatabaseUrl() {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "gabysql-contract-" + UUID.randomUUID() + ".db");
        file.toFile().deleteOnExit();
        return "jdbc:sqlite:" + file.toAbsolutePath();
    }

    @Override
    protected List<String> fixtureSql() {
        return List.of(
                "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
                "INSERT INTO items VALUES (1, 'one'), (2, 'two'), (3, 'three')",
                "CREATE TABLE orders (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES items (id))");
    }

    @Override
    protected String slowQuery() {
        return "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n";
    }

    @Override
    protected String dialectId() {
        return "sqlite";
    }
}
