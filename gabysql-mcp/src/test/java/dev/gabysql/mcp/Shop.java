package dev.gabysql.mcp;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.List;

/** The test database, the same SQL on SQLite and PostgreSQL: customers, orders (FK, index), 2,000 numbers. */
public final class Shop {
    static final String[] SQL = {
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT)",
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),"
                + " status TEXT NOT NULL, total NUMERIC(10,2))",
        "CREATE INDEX orders_customer ON orders(customer_id)",
        "INSERT INTO customers VALUES (1, 'Ana', 'Madrid'), (2, 'Luis', 'Sevilla'), (3, 'Marta', NULL)",
        "INSERT INTO orders VALUES (10, 1, 'paid', 24.90), (11, 1, 'shipped', 9.00), (12, 2, 'paid', 59.00),"
                + " (13, 3, 'cancelled', 4.50)",
        "CREATE TABLE numbers AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 2000)"
                + " SELECT x FROM n",
    };

    private Shop() {}

    public static DatabaseConfig sqlite(Path dir) {
        return DatabaseConfig.sqlite("shop", TestDatabases.sqliteFile(dir, "shop", SQL));
    }

    static DatabaseConfig postgres() {
        String url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, SQL);
        return named("shop", url);
    }

    static DatabaseConfig named(String name, String url) {
        return DatabaseConfig.of(name, url).build();
    }

    /**
     * A service whose writes a person approves (the default policy, human), with pending writes kept in
     * {@code approvals} rather than the account's store.
     */
    public static LocalGabyService humanService(Mode mode, Path approvals, DatabaseConfig... dbs) {
        return new LocalGabyService(
                new Catalog(List.of(dbs)),
                Settings.DEFAULT
                        .withMode(mode)
                        .withApprovals(new Settings.Approvals(
                                ApprovalPolicy.HUMAN, approvals, Settings.Approvals.DEFAULT.ttl())));
    }

    public static LocalGabyService service(Mode mode, DatabaseConfig... dbs) {
        return new LocalGabyService(
                new Catalog(List.of(dbs)), Settings.DEFAULT.withMode(mode).withApproval(ApprovalPolicy.AGENT));
    }
}
