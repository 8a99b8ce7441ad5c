package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModelBuilder;
import dev.gabysql.core.introspect.TableBuilder;
import dev.gabysql.core.json.JsonBytes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One read of a SQLite catalog in progress. Every query starts with the CTE {@code sel} (a query starting with a
 * comma adds CTEs of its own): the tables and views the filter selects, from {@code pragma_table_list}, with the filter bound as parameters ?1–?4 (the table list as a
 * JSON array read by {@code json_each}). SQLite compares names case-insensitively, and so does this.
 * Not thread-safe; one per read.
 */
final class SqliteRead {
    static final String MAIN = "main";
    private static final String SEL = "WITH sel AS (SELECT t.name, t.type, t.wr FROM pragma_table_list t"
            + " WHERE t.schema = 'main' AND t.type IN ('table', 'view', 'virtual')"
            + " AND (?1 OR t.name NOT LIKE 'sqlite\\_%' ESCAPE '\\')"
            + " AND (?2 IS NULL OR ?2 = 'main')"
            + " AND (json_array_length(?3) = 0 OR t.name COLLATE NOCASE IN (SELECT value FROM json_each(?3))"
            + "      OR ('main.' || t.name) COLLATE NOCASE IN (SELECT value FROM json_each(?3)))"
            + " AND (?4 IS NULL OR t.name LIKE ?4 ESCAPE '\\'))";

    final Connection connection;
    final SchemaFilter filter;
    final SchemaModelBuilder model = new SchemaModelBuilder("sqlite");
    private final Map<String, TableBuilder> byName = new HashMap<>();

    SqliteRead(Connection connection, SchemaFilter filter) {
        this.connection = connection;
        this.filter = filter;
    }

    interface Row {
        void read(ResultSet rs) throws SQLException;
    }

    /** Runs {@code SEL + sql} with the filter bound. */
    void query(String sql, Row row) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(SEL + (sql.startsWith(",") ? sql : " " + sql))) {
            ps.setBoolean(1, filter.includeSystem());
            ps.setString(2, filter.schema());
            ps.setString(3, JsonBytes.text(filter.tables()));
            ps.setString(4, filter.likePattern());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    row.read(rs);
                }
            }
        }
    }

    TableBuilder add(String name, String kind) {
        TableBuilder t = model.table(MAIN, name, kind);
        byName.put(name.toLowerCase(Locale.ROOT), t);
        return t;
    }

    /** The table read under this name (any case), or null. */
    TableBuilder table(String name) {
        return name == null ? null : byName.get(name.toLowerCase(Locale.ROOT));
    }

    /** The stored spelling of a table name written in another case, when the table was read. */
    String canonical(String name) {
        TableBuilder t = table(name);
        return t == null ? name : t.name();
    }
}
