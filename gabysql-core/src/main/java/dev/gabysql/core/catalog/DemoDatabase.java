package dev.gabysql.core.catalog;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The sample database behind {@code --demo}: a small shop (customers, products, orders, order items) with foreign
 * keys, an index, a view and a few hundred rows, so that a newcomer sees something at once. Created on first use,
 * deterministically, and never overwritten.
 */
public final class DemoDatabase {
    public static final String NAME = "demo";

    private static final String[] FIRST = {
        "Ana", "Luis", "Marta", "Jorge", "Lucía", "Pablo", "Elena", "Diego", "Sara", "Hugo", "Carmen", "Iván"
    };
    private static final String[] LAST = {
        "García", "López", "Martín", "Sánchez", "Pérez", "Gómez", "Ruiz", "Díaz", "Moreno", "Álvarez"
    };
    private static final String[] CITIES = {"Madrid", "Sevilla", "Valencia", "Bilbao", "Zaragoza", "Málaga"};
    private static final String[][] PRODUCTS = {
        {"Espresso beans 1kg", "coffee", "24.90"},
        {"Decaf beans 500g", "coffee", "13.50"},
        {"Green tea 100g", "tea", "6.20"},
        {"Earl Grey 100g", "tea", "5.80"},
        {"Ceramic mug", "accessories", "9.00"},
        {"Pour-over dripper", "accessories", "21.00"},
        {"Paper filters x100", "accessories", "4.50"},
        {"Hand grinder", "equipment", "59.00"},
        {"Milk frother", "equipment", "34.00"},
        {"Gift card 25", "gift", "25.00"}
    };
    private static final String[] STATUS = {"paid", "paid", "paid", "shipped", "shipped", "delivered", "cancelled"};

    private DemoDatabase() {}

    /** The demo file in {@code dataDir}, created (with the directory) if missing. */
    public static Path ensure(Path dataDir) {
        Path file = dataDir.resolve(NAME + ".db");
        if (Files.exists(file)) {
            return file;
        }
        try {
            Files.createDirectories(dataDir);
            Path tmp = Files.createTempFile(dataDir, NAME, ".tmp");
            Files.delete(tmp);
            create(tmp);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | SQLException e) {
            if (Files.exists(file)) {
                return file; // another process created it meanwhile
            }
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Unable to create the demo database in " + dataDir + ": " + e.getMessage(),
                    "Check that the data directory is writable, or pass --data-dir.");
        }
        return file;
    }

    static void create(Path file) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                        + " email TEXT NOT NULL UNIQUE, city TEXT, created_at TEXT NOT NULL)");
                st.executeUpdate("CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                        + " category TEXT NOT NULL, price NUMERIC NOT NULL CHECK (price >= 0))");
                st.executeUpdate("CREATE TABLE orders (id INTEGER PRIMARY KEY,"
                        + " customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,"
                        + " status TEXT NOT NULL DEFAULT 'paid', ordered_at TEXT NOT NULL)");
                st.executeUpdate("CREATE TABLE order_items (order_id INTEGER NOT NULL REFERENCES orders(id)"
                        + " ON DELETE CASCADE, product_id INTEGER NOT NULL REFERENCES products(id),"
                        + " quantity INTEGER NOT NULL CHECK (quantity > 0), unit_price NUMERIC NOT NULL,"
                        + " PRIMARY KEY (order_id, product_id))");
                st.executeUpdate("CREATE INDEX orders_customer_idx ON orders(customer_id, ordered_at)");
                st.executeUpdate("CREATE VIEW order_totals AS SELECT o.id AS order_id, c.name AS customer,"
                        + " o.status, o.ordered_at, SUM(i.quantity * i.unit_price) AS total"
                        + " FROM orders o JOIN customers c ON c.id = o.customer_id"
                        + " JOIN order_items i ON i.order_id = o.id GROUP BY o.id");
            }
            insertRows(c);
            c.commit();
        }
    }

    private static void insertRows(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO customers VALUES (?,?,?,?,?)")) {
            for (int i = 1; i <= 60; i++) {
                String first = FIRST[i % FIRST.length];
                String last = LAST[(i * 7) % LAST.length];
                ps.setInt(1, i);
                ps.setString(2, first + " " + last);
                ps.setString(3, (first + "." + last + i + "@example.com").toLowerCase(java.util.Locale.ROOT));
                ps.setString(4, CITIES[(i * 5) % CITIES.length]);
                ps.setString(5, String.format("2025-%02d-%02d", 1 + i % 12, 1 + i % 28));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO products VALUES (?,?,?,?)")) {
            for (int i = 0; i < PRODUCTS.length; i++) {
                ps.setInt(1, i + 1);
                ps.setString(2, PRODUCTS[i][0]);
                ps.setString(3, PRODUCTS[i][1]);
                ps.setBigDecimal(4, new java.math.BigDecimal(PRODUCTS[i][2]));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement o = c.prepareStatement("INSERT INTO orders VALUES (?,?,?,?)");
                PreparedStatement it = c.prepareStatement("INSERT INTO order_items VALUES (?,?,?,?)")) {
            for (int id = 1; id <= 200; id++) {
                o.setInt(1, id);
                o.setInt(2, 1 + (id * 13) % 60);
                o.setString(3, STATUS[(id * 3) % STATUS.length]);
                o.setString(
                        4,
                        String.format(
                                "2026-%02d-%02d %02d:%02d",
                                1 + id % 10, 1 + (id * 3) % 28, 8 + id % 12, (id * 17) % 60));
                o.addBatch();
                int lines = 1 + id % 3;
                for (int k = 0; k < lines; k++) {
                    int product = 1 + (id + k * 4) % PRODUCTS.length;
                    it.setInt(1, id);
                    it.setInt(2, product);
                    it.setInt(3, 1 + (id + k) % 4);
                    it.setBigDecimal(4, new java.math.BigDecimal(PRODUCTS[product - 1][2]));
                    it.addBatch();
                }
            }
            o.executeBatch();
            it.executeBatch();
        }
    }
}
