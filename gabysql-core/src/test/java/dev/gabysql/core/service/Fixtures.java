package dev.gabysql.core.service;

/** The shop fixture of the service contract tests, per dialect. */
final class Fixtures {
    private Fixtures() {}

    static String[] sqlite() {
        return new String[] {
            "CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, qty INTEGER NOT NULL)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)"
                    + " INSERT INTO items (id, name, qty) SELECT i, 'item ' || i, i FROM n",
            "CREATE TABLE big (id INTEGER PRIMARY KEY, payload TEXT)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)"
                    + " INSERT INTO big SELECT i, printf('%.200c', 'x') FROM n"
        };
    }

    static String[] postgres() {
        return new String[] {
            "CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL, qty integer NOT NULL)",
            "INSERT INTO items (name, qty) SELECT 'item ' || i, i FROM generate_series(1, 50) i",
            "CREATE TABLE big (id integer PRIMARY KEY, payload text)",
            "INSERT INTO big SELECT i, repeat('x', 200) FROM generate_series(1, 2000) i"
        };
    }

    static String[] mariadb() {
        return new String[] {
            "CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(50) NOT NULL, qty INT NOT NULL)",
            "INSERT INTO items (id, name, qty) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n"
                    + " WHERE i < 50) SELECT i, CONCAT('item ', i), i FROM n",
            "CREATE TABLE big (id INT PRIMARY KEY, payload TEXT)",
            "SET SESSION max_recursive_iterations = 5000", // this server's default is 1,000
            "INSERT INTO big WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)"
                    + " SELECT i, REPEAT('x', 200) FROM n"
        };
    }
}
