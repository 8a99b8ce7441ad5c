package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.dialect.DialectContractTest;
import dev.gabysql.core.testing.TestDatabases;
import java.util.List;

/** The dialect contract on a real PostgreSQL (GABYSQL_TEST_PG_URL, or an embedded one). */
class PostgresContractTest extends DialectContractTest {

    @Override
    protected String newDatabaseUrl() {
        return TestDatabases.newPostgresDatabase();
    }

    @Override
    protected List<String> fixtureSql() {
        return List.of(
                "CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL)",
                "INSERT INTO items VALUES (1, 'one'), (2, 'two'), (3, 'three')",
                "CREATE TABLE orders (id integer PRIMARY KEY, item_id integer NOT NULL REFERENCES items (id))");
    }

    @Override
    protected String slowQuery() {
        return "SELECT pg_sleep(5)";
    }

    @Override
    protected String dialectId() {
        return "postgresql";
    }
}
