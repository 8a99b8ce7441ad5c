package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.dialect.sqlite.SqliteDdl.ColumnDdl;
import dev.gabysql.core.dialect.sqlite.SqliteDdl.TableDdl;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.TableBuilder;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Tables, views and their columns: two queries (objects, then {@code pragma_table_xinfo} joined to them). A view
 * whose query no longer compiles (it names a dropped table) makes the joined pragma fail as a whole; the columns
 * are then read again for tables only and such views are shown without columns.
 */
final class SqliteTableReader {
    private static final String OBJECTS = "SELECT sel.name, sel.type, sel.wr, m.sql FROM sel"
            + " LEFT JOIN sqlite_schema m ON m.name = sel.name ORDER BY sel.name";
    private static final String COLUMNS = "SELECT sel.name, p.name, p.type, p.\"notnull\", p.dflt_value, p.pk,"
            + " p.hidden FROM sel JOIN pragma_table_xinfo(sel.name) p %s ORDER BY sel.name, p.cid";
    private static final String TABLES_ONLY = "WHERE sel.type <> 'view'";

    private final SqliteRead r;
    private final Map<String, TableDdl> ddl = new HashMap<>();
    private final Map<String, Boolean> withoutRowid = new HashMap<>();

    SqliteTableReader(SqliteRead r) {
        this.r = r;
    }

    void read() throws SQLException {
        r.query(OBJECTS, rs -> {
            String name = rs.getString(1);
            String type = rs.getString(2);
            TableBuilder t = r.add(name, "virtual".equals(type) ? "virtual table" : type);
            if ("view".equals(type)) {
                t.definition(SqliteDdl.viewQuery(rs.getString(4)));
            } else {
                ddl.put(name, SqliteDdl.table(rs.getString(4)));
                ddl.get(name).checks().forEach(t::constraint);
            }
            withoutRowid.put(name, rs.getInt(3) == 1);
        });
        Map<String, TreeMap<Integer, String>> pk = new HashMap<>();
        try {
            r.query(String.format(COLUMNS, ""), rs -> column(rs, pk));
        } catch (SQLException brokenView) {
            r.model.tables().forEach(t -> t.columns().clear());
            pk.clear();
            r.query(String.format(COLUMNS, TABLES_ONLY), rs -> column(rs, pk));
        }
        pk.forEach((table, cols) -> r.table(table).primaryKey(List.copyOf(cols.values())));
        pk.forEach(this::markRowid);
    }

    private void column(ResultSet rs, Map<String, TreeMap<Integer, String>> pk) throws SQLException {
        int hidden = rs.getInt(7);
        if (hidden == 1) {
            return; // a virtual table's hidden column
        }
        String table = rs.getString(1);
        String name = rs.getString(2);
        ColumnDdl extra = ddl.getOrDefault(table, TableDdl.EMPTY).column(name);
        String generated = hidden == 2 || hidden == 3 ? generated(extra, hidden) : null;
        String type = rs.getString(3) == null || rs.getString(3).isEmpty() ? null : rs.getString(3);
        r.table(table)
                .column(new Column(
                        name,
                        type,
                        rs.getInt(4) == 0,
                        rs.getString(5),
                        null,
                        generated,
                        extra == null ? null : extra.collation(),
                        null));
        if (rs.getInt(6) > 0) {
            pk.computeIfAbsent(table, k -> new TreeMap<>()).put(rs.getInt(6), name);
        }
    }

    private static String generated(ColumnDdl extra, int hidden) {
        if (extra != null && extra.generated() != null) {
            return extra.generated() + (hidden == 3 ? " stored" : "");
        }
        return hidden == 3 ? "stored" : "virtual";
    }

    /** A single INTEGER PRIMARY KEY of a rowid table is the rowid itself: SQLite assigns it. */
    private void markRowid(String table, TreeMap<Integer, String> pkColumns) {
        TableBuilder t = r.table(table);
        if (pkColumns.size() != 1
                || Boolean.TRUE.equals(withoutRowid.get(table))
                || t.columns().isEmpty()) {
            return;
        }
        List<Column> cols = t.columns();
        for (int i = 0; i < cols.size(); i++) {
            Column c = cols.get(i);
            if (c.name().equals(pkColumns.firstEntry().getValue()) && "INTEGER".equalsIgnoreCase(c.type())) {
                ColumnDdl extra = ddl.getOrDefault(table, TableDdl.EMPTY).column(c.name());
                String identity = extra != null && extra.autoincrement() ? "autoincrement" : "rowid";
                t.replaceColumn(
                        i,
                        new Column(
                                c.name(),
                                c.type(),
                                c.nullable(),
                                c.defaultValue(),
                                identity,
                                c.generated(),
                                c.collation(),
                                c.comment()));
            }
        }
    }
}
