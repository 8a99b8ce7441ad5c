package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.KeyColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.RoutineRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.TableRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.TriggerRow;
import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Introspection of a real MariaDB over a fixture holding every object kind MariaDB has: tables with comments,
 * auto-increment, defaults, a generated column and a check constraint; composite keys; foreign keys both ways with
 * their rules; unique, composite and prefix indexes; a view; a trigger; a function and a procedure.
 */
class MariaDbSchemaReaderTest {
    private static final MariaDbSchemaReader READER = new MariaDbSchemaReader();
    private static String url;
    private static Connection connection;

    @BeforeAll
    static void setUp() throws SQLException {
        url = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(
                url,
                "CREATE TABLE customers (id INT AUTO_INCREMENT PRIMARY KEY, email VARCHAR(100) NOT NULL,"
                        + " name VARCHAR(50) DEFAULT 'anon' COMMENT 'display name',"
                        + " created TIMESTAMP NULL DEFAULT CURRENT_TIMESTAMP, UNIQUE KEY u_email (email),"
                        + " CONSTRAINT name_not_empty CHECK (CHAR_LENGTH(name) > 0)) COMMENT = 'people who buy'",
                "CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2),"
                        + " total_cents INT AS (total * 100) VIRTUAL, KEY ix_cust_total (customer_id, total),"
                        + " CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id) REFERENCES customers (id)"
                        + " ON DELETE CASCADE ON UPDATE RESTRICT)",
                "CREATE TABLE order_lines (order_id INT, line INT, note TEXT, PRIMARY KEY (order_id, line),"
                        + " KEY ix_note (note(20)), CONSTRAINT fk_lines_order FOREIGN KEY (order_id)"
                        + " REFERENCES orders (id))",
                "INSERT INTO customers (email, name) VALUES ('a@x', 'Ann'), ('b@x', 'Bob')",
                "INSERT INTO orders (id, customer_id, total) VALUES (1, 1, 150), (2, 2, 20)",
                "CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100",
                "CREATE TRIGGER orders_bi BEFORE INSERT ON orders FOR EACH ROW"
                        + " SET NEW.total = COALESCE(NEW.total, 0)",
                "CREATE FUNCTION order_count(c INT) RETURNS INT READS SQL DATA DETERMINISTIC"
                        + " RETURN (SELECT COUNT(*) FROM orders WHERE customer_id = c)",
                "CREATE PROCEDURE touch_order(IN o INT, OUT n INT) COMMENT 'counts'"
                        + " BEGIN SELECT COUNT(*) INTO n FROM orders WHERE id = o; END",
                "ANALYZE TABLE customers, orders, order_lines");
        connection = DriverManager.getConnection(url);
    }

    @AfterAll
    static void tearDown() throws SQLException {
        connection.close();
    }

    private static SchemaModel model() throws SQLException {
        return READER.read(connection, SchemaFilter.ALL);
    }

    private static Table table(SchemaModel m, String name) {
        return m.tables().stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void tablesAndViewsWithKindsAndViewDefinitions() throws SQLException {
        SchemaModel m = model();
        assertThat(m.dialect()).isEqualTo("mariadb");
        assertThat(m.tables())
                .extracting(Table::name)
                .containsExactlyInAnyOrder("big_orders", "customers", "order_lines", "orders");
        Table view = table(m, "big_orders");
        assertThat(view.kind()).isEqualTo("view");
        assertThat(view.definition()).contains("`total` > 100");
        assertThat(table(m, "orders").kind()).isEqualTo("table");
        assertThat(table(m, "orders").schema()).isEqualTo(MariaDbProbe.databaseOf(url));
    }

    @Test
    void columnsWithDeclaredTypesNullabilityAndDefaults() throws SQLException {
        List<Column> columns = table(model(), "customers").columns();
        assertThat(columns).extracting(Column::name).containsExactly("id", "email", "name", "created");
        assertThat(columns.get(0))
                .isEqualTo(new Column("id", "int(11)", false, null, "auto_increment", null, null, null));
        assertThat(columns.get(1)).isEqualTo(new Column("email", "varchar(100)", false, null));
        assertThat(columns.get(2))
                .isEqualTo(new Column("name", "varchar(50)", true, "'anon'", null, null, null, "display name"));
        assertThat(columns.get(3).defaultValue()).isEqualTo("current_timestamp()");
        assertThat(table(model(), "orders").columns().get(2).type()).isEqualTo("decimal(10,2)");
    }

    @Test
    void primaryKeysIncludingCompositeOnes() throws SQLException {
        SchemaModel m = model();
        assertThat(table(m, "customers").primaryKey()).containsExactly("id");
        assertThat(table(m, "order_lines").primaryKey()).containsExactly("order_id", "line");
        assertThat(table(m, "big_orders").primaryKey()).isEmpty();
    }

    @Test
    void outgoingForeignKeys() throws SQLException {
        SchemaModel.ForeignKey fk = table(model(), "orders").foreignKeys().get(0);
        assertThat(fk.name()).isEqualTo("fk_orders_customer");
        assertThat(fk.columns()).containsExactly("customer_id");
        assertThat(fk.refTable()).isEqualTo("customers");
        assertThat(fk.refColumns()).containsExactly("id");
        assertThat(table(model(), "customers").foreignKeys()).isEmpty();
    }

    @Test
    void indexesWithDefinitions() throws SQLException {
        List<Index> customers = table(model(), "customers").indexes();
        assertThat(customers).extracting(Index::name).containsExactly("PRIMARY", "u_email");
        assertThat(customers.get(1).unique()).isTrue();
        assertThat(customers.get(1).definition())
                .isEqualTo("UNIQUE INDEX `u_email` ON `customers` (`email`)" + " USING BTREE");
        Index composite = table(model(), "orders").indexes().stream()
                .filter(i -> i.name().equals("ix_cust_total"))
                .findFirst()
                .orElseThrow();
        assertThat(composite.columns()).containsExactly("customer_id", "total");
        assertThat(composite.unique()).isFalse();
        Index prefix = table(model(), "order_lines").indexes().stream()
                .filter(i -> i.name().equals("ix_note"))
                .findFirst()
                .orElseThrow();
        assertThat(prefix.definition()).contains("(`note`(20))");
        assertThat(table(model(), "order_lines").indexes().get(0).definition())
                .isEqualTo("PRIMARY KEY ON `order_lines` (`order_id`, `line`) USING BTREE");
    }

    @Test
    void incomingForeignKeysWithRulesAreReadEvenForOneTable() throws SQLException {
        MariaDbCatalog raw = READER.readCatalog(connection, new SchemaFilter(null, List.of("customers"), false));
        assertThat(raw.tables()).extracting(TableRow::name).containsExactly("customers");
        KeyColumnRow incoming = raw.keyColumns().stream()
                .filter(KeyColumnRow::isForeignKey)
                .findFirst()
                .orElseThrow();
        assertThat(incoming.table()).isEqualTo("orders");
        assertThat(incoming.refTable()).isEqualTo("customers");
        assertThat(incoming.onDelete()).isEqualTo("CASCADE");
        assertThat(incoming.onUpdate()).isEqualTo("RESTRICT");
        assertThat(raw.routines())
                .as("routines belong to the schema, not to named tables")
                .isEmpty();
    }

    @Test
    void triggersWithTimingEventsAndBody() throws SQLException {
        List<TriggerRow> triggers =
                READER.readCatalog(connection, SchemaFilter.ALL).triggers();
        assertThat(triggers).hasSize(1);
        TriggerRow t = triggers.get(0);
        assertThat(t.name()).isEqualTo("orders_bi");
        assertThat(t.table()).isEqualTo("orders");
        assertThat(t.timing()).isEqualTo("BEFORE");
        assertThat(t.event()).isEqualTo("INSERT");
        assertThat(t.body()).contains("COALESCE(NEW.total, 0)");
    }

    @Test
    void routinesWithArgumentsReturnTypeAndSource() throws SQLException {
        List<RoutineRow> routines =
                READER.readCatalog(connection, SchemaFilter.ALL).routines();
        assertThat(routines).extracting(RoutineRow::name).containsExactly("order_count", "touch_order");
        RoutineRow f = routines.get(0);
        assertThat(f.type()).isEqualTo("FUNCTION");
        assertThat(f.returns()).isEqualTo("int(11)");
        assertThat(f.arguments()).isEqualTo("c int(11)");
        assertThat(f.source()).contains("SELECT COUNT(*) FROM orders");
        assertThat(f.deterministic()).isTrue();
        assertThat(f.dataAccess()).isEqualTo("READS SQL DATA");
        RoutineRow p = routines.get(1);
        assertThat(p.type()).isEqualTo("PROCEDURE");
        assertThat(p.arguments()).isEqualTo("IN o int(11), OUT n int(11)");
        assertThat(p.comment()).isEqualTo("counts");
    }

    @Test
    void theModelCarriesIncomingKeysTriggersRoutinesChecksAndStats() throws SQLException {
        dev.gabysql.core.introspect.SchemaModel model = READER.read(connection, SchemaFilter.ALL);
        dev.gabysql.core.introspect.SchemaModel.Table customers = model.tables().stream()
                .filter(t -> t.name().equals("customers"))
                .findFirst()
                .orElseThrow();
        assertThat(customers.referencedBy()).anySatisfy(fk -> {
            assertThat(fk.table()).isEqualTo("orders");
            assertThat(fk.onDelete()).isEqualToIgnoringCase("cascade");
        });
        assertThat(customers.comment()).isEqualTo("people who buy");
        assertThat(customers.rowEstimate()).isEqualTo(2L);
        assertThat(customers.sizeBytes()).isPositive();
        assertThat(customers.constraints()).anySatisfy(c -> {
            assertThat(c.type()).isEqualTo("check");
            assertThat(c.expression()).contains("char_length(`name`) > 0");
        });
        dev.gabysql.core.introspect.SchemaModel.Table orders = model.tables().stream()
                .filter(t -> t.name().equals("orders"))
                .findFirst()
                .orElseThrow();
        assertThat(orders.triggers()).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("orders_bi");
            assertThat(t.body()).contains("COALESCE(NEW.total, 0)");
        });
        assertThat(orders.columns()).anySatisfy(c -> {
            assertThat(c.name()).isEqualTo("total_cents");
            assertThat(c.generated()).contains("`total` * 100");
        });
        assertThat(model.routines()).extracting(r -> r.name()).containsExactly("order_count", "touch_order");
        assertThat(model.routines().get(0).source()).contains("SELECT COUNT(*) FROM orders");
    }

    @Test
    void rowEstimatesSizesCommentsChecksAndGeneratedColumns() throws SQLException {
        MariaDbCatalog raw = READER.readCatalog(connection, SchemaFilter.ALL);
        TableRow customers = raw.tables().stream()
                .filter(t -> t.name().equals("customers"))
                .findFirst()
                .orElseThrow();
        assertThat(customers.rowEstimate()).isEqualTo(2L);
        assertThat(customers.dataBytes()).isPositive();
        assertThat(customers.indexBytes()).isNotNull();
        assertThat(customers.engine()).isEqualTo("InnoDB");
        assertThat(customers.comment()).isEqualTo("people who buy");
        assertThat(raw.columns()).anySatisfy(c -> {
            assertThat(c.name()).isEqualTo("total_cents");
            assertThat(c.extra()).isEqualTo("VIRTUAL GENERATED");
            assertThat(c.generationExpression()).contains("`total` * 100");
        });
        assertThat(raw.columns()).anySatisfy(c -> {
            assertThat(c.name()).isEqualTo("name");
            assertThat(c.comment()).isEqualTo("display name");
        });
        assertThat(raw.checks()).anySatisfy(c -> {
            assertThat(c.table()).isEqualTo("customers");
            assertThat(c.name()).isEqualTo("name_not_empty");
            assertThat(c.clause()).contains("char_length(`name`) > 0");
        });
    }

    @Test
    void filterValuesAreDataNotSql() throws SQLException {
        assertThat(READER.read(connection, new SchemaFilter(null, List.of("x' OR '1'='1"), false))
                        .tables())
                .isEmpty();
        assertThat(READER.read(connection, new SchemaFilter("nope' OR 1=1 -- ", List.of(), false))
                        .tables())
                .isEmpty();
        assertThat(READER.read(connection, new SchemaFilter(MariaDbProbe.databaseOf(url), List.of("orders"), false))
                        .tables())
                .extracting(Table::name)
                .containsExactly("orders");
    }

    /** A constant number of catalog queries, counted by the server: the same number for 4 tables as for 64. */
    @Test
    void aConstantNumberOfQueriesWhateverTheTableCount() throws SQLException {
        String wide = TestDatabases.newMariaDbDatabase();
        List<String> ddl = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            ddl.add("CREATE TABLE w" + i + " (id INT PRIMARY KEY, ref INT, KEY (ref)"
                    + (i > 0 ? ", FOREIGN KEY (ref) REFERENCES w" + (i - 1) + " (id))" : ")"));
        }
        TestDatabases.run(wide, ddl.toArray(String[]::new));
        try (Connection c = DriverManager.getConnection(wide)) {
            long smallCount = statementsFor(connection);
            long wideCount = statementsFor(c);
            assertThat(READER.read(c, SchemaFilter.ALL).tables()).hasSize(60);
            assertThat(wideCount).isEqualTo(smallCount).isLessThanOrEqualTo(7);
        }
    }

    private static long statementsFor(Connection c) throws SQLException {
        long before = questions(c);
        READER.read(c, SchemaFilter.ALL);
        return questions(c) - before - 1; // the SHOW STATUS itself counts once
    }

    private static long questions(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SHOW SESSION STATUS LIKE 'Questions'")) {
            rs.next();
            return rs.getLong(2);
        }
    }
}
