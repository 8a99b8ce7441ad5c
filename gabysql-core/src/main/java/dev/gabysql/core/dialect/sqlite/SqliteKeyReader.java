package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.dialect.sqlite.SqliteDdl.IndexDdl;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.TableBuilder;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Foreign keys (both directions) and indexes: one query each, the pragmas joined to the selected tables. A
 * foreign key is a group of rows (one per column) sharing an id; an index is a group sharing a name.
 */
final class SqliteKeyReader {
    /** Every table's keys, kept when they start or end at a selected table (incoming keys count too). */
    private static final String FOREIGN_KEYS = "SELECT m.name, f.id, f.\"table\", f.\"from\", f.\"to\","
            + " f.on_update, f.on_delete FROM sqlite_schema m JOIN pragma_foreign_key_list(m.name) f"
            + " WHERE m.type = 'table' AND (m.name IN (SELECT name FROM sel)"
            + "  OR f.\"table\" COLLATE NOCASE IN (SELECT name FROM sel))"
            + " ORDER BY m.name, f.id, f.seq";

    private static final String INDEXES = "SELECT sel.name, il.name, il.\"unique\", il.origin, ix.name, s.sql"
            + " FROM sel JOIN pragma_index_list(sel.name) il JOIN pragma_index_xinfo(il.name) ix"
            + " LEFT JOIN sqlite_schema s ON s.type = 'index' AND s.name = il.name"
            + " WHERE ix.key = 1 ORDER BY sel.name, il.name, ix.seqno";

    private SqliteKeyReader() {}

    static void foreignKeys(SqliteRead r) throws SQLException {
        Map<String, List<String[]>> byKey = new LinkedHashMap<>();
        r.query(
                FOREIGN_KEYS,
                rs -> byKey.computeIfAbsent(rs.getString(1) + '\u0000' + rs.getInt(2), k -> new ArrayList<>())
                        .add(row(rs, 7)));
        for (List<String[]> parts : byKey.values()) {
            String[] first = parts.get(0);
            List<String> from = new ArrayList<>();
            List<String> to = new ArrayList<>();
            for (String[] p : parts) {
                from.add(p[3]);
                if (p[4] != null) {
                    to.add(p[4]);
                }
            }
            String target = r.canonical(first[2]);
            if (to.isEmpty() && r.table(target) != null) {
                to.addAll(r.table(target).primaryKey()); // REFERENCES t without columns: t's primary key
            }
            r.model.foreignKey(new ForeignKey(
                    null, SqliteRead.MAIN, first[0], from, SqliteRead.MAIN, target, to, first[5], first[6]));
        }
    }

    static void indexes(SqliteRead r) throws SQLException {
        Map<String, String[]> byIndex = new LinkedHashMap<>();
        Map<String, List<String>> columns = new LinkedHashMap<>();
        r.query(INDEXES, rs -> {
            byIndex.putIfAbsent(rs.getString(2), row(rs, 6));
            columns.computeIfAbsent(rs.getString(2), k -> new ArrayList<>()).add(rs.getString(5));
        });
        byIndex.forEach((name, row) -> add(r.table(row[0]), name, row, columns.get(name)));
    }

    private static void add(TableBuilder t, String name, String[] row, List<String> names) {
        IndexDdl ddl = SqliteDdl.index(row[5]);
        List<String> keys = new ArrayList<>(names);
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i) == null) { // an expression: its text is only in the DDL
                keys.set(i, ddl != null && i < ddl.keys().size() ? ddl.keys().get(i) : "(expression)");
            }
        }
        boolean unique = "1".equals(row[2]);
        String origin = "pk".equals(row[3]) ? "primary key" : "u".equals(row[3]) ? "unique" : null;
        t.index(new Index(name, unique, keys, row[5], ddl == null ? null : ddl.where(), origin, null));
        if ("unique".equals(origin)) {
            t.constraint(new Constraint(null, "unique", keys, null));
        }
    }

    private static String[] row(ResultSet rs, int columns) throws SQLException {
        String[] out = new String[columns];
        for (int i = 0; i < columns; i++) {
            out[i] = rs.getString(i + 1);
        }
        return out;
    }
}
