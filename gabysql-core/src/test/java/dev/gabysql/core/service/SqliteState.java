package dev.gabysql.core.service;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The state of a SQLite database that a preview must leave as it found it: the schema, every table's rows
 * ({@code sqlite_sequence} and {@code sqlite_stat1} included), the header's counters (a VACUUM shows in the page and
 * free-list counts), and the files beside the database but its own ({@code -wal}, {@code -shm}, {@code -journal}).
 */
final class SqliteState {
    private static final String[] PRAGMAS = {
        "user_version",
        "application_id",
        "schema_version",
        "journal_mode",
        "auto_vacuum",
        "page_size",
        "page_count",
        "freelist_count",
        "encoding"
    };

    private SqliteState() {}

    static String read(String url, Path dir) {
        try (Connection c = DriverManager.getConnection(url)) {
            StateLines s = new StateLines();
            s.rows(
                    c,
                    "schema",
                    "SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_schema"
                            + " ORDER BY type, name");
            for (String table :
                    StateLines.column(c, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")) {
                s.table(c, table, "\"" + table.replace("\"", "\"\"") + "\"");
            }
            s.rows(c, "sqlite_sequence", "SELECT name || '=' || seq FROM sqlite_sequence ORDER BY name");
            for (String pragma : PRAGMAS) {
                s.rows(c, "pragma " + pragma, "SELECT * FROM pragma_" + pragma);
            }
            s.files(dir, name -> name.equals("shop.db") || name.startsWith("shop.db-"));
            return s.toString();
        } catch (SQLException e) {
            throw new IllegalStateException("Unable to read the state of " + url + ": " + e.getMessage(), e);
        }
    }
}
