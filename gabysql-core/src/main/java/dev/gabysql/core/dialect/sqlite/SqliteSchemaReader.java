package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads SQLite's catalog with table-valued pragma functions joined to {@code sqlite_schema}: three queries
 * whatever the number of tables.
 */
final class SqliteSchemaReader implements SchemaReader {
    private static final String OBJECTS = "m.type IN ('table','view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";

    @Override
    public SchemaModel read(Connection c, SchemaFilter filter) throws SQLException {
        Map<String, Builder> tables = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT m.name, m.type, m.sql, p.name, p.type, p.\"notnull\","
                + " p.dflt_value, p.pk FROM sqlite_schema m JOIN pragma_table_info(m.name) p WHERE " + OBJECTS
                + " ORDER BY m.name, p.cid"); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String name = rs.getString(1);
                if (!wanted(filter, name)) {
                    continue;
                }
                Builder b = tables.computeIfAbsent(name, n -> new Builder(n, rs));
                b.columns.add(new Column(rs.getString(4), rs.getString(5), rs.getInt(6) == 0, rs.getString(7)));
                if (rs.getInt(8) > 0) {
                    b.pk.put(rs.getInt(8), rs.getString(4));
                }
            }
        }
        readForeignKeys(c, tables);
        readIndexes(c, tables);
        List<Table> out = new ArrayList<>();
        tables.values().forEach(b -> out.add(b.build()));
        return new SchemaModel(null, "sqlite", out);
    }

    private static boolean wanted(SchemaFilter f, String name) {
        return f.tables().isEmpty() || f.tables().contains(name);
    }

    private static void readForeignKeys(Connection c, Map<String, Builder> tables) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT m.name, f.id, f.\"from\", f.\"table\", f.\"to\""
                + " FROM sqlite_schema m JOIN pragma_foreign_key_list(m.name) f WHERE " + OBJECTS
                + " ORDER BY m.name, f.id, f.seq"); ResultSet rs = ps.executeQuery()) {
            Map<String, List<String[]>> byKey = new LinkedHashMap<>();
            while (rs.next()) {
                if (tables.containsKey(rs.getString(1))) {
                    byKey.computeIfAbsent(rs.getString(1) + "\u0000" + rs.getInt(2), k -> new ArrayList<>())
                            .add(new String[] {rs.getString(1), rs.getString(3), rs.getString(4), rs.getString(5)});
                }
            }
            for (List<String[]> parts : byKey.values()) {
                List<String> from = new ArrayList<>();
                List<String> to = new ArrayList<>();
                parts.forEach(p -> {
                    from.add(p[1]);
                    to.add(p[3]);
                });
                tables.get(parts.get(0)[0]).fks.add(new ForeignKey(null, from, null, parts.get(0)[2], to));
            }
        }
    }

    private static void readIndexes(Connection c, Map<String, Builder> tables) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT m.name, il.name, il.\"unique\", ii.name, s.sql"
                + " FROM sqlite_schema m JOIN pragma_index_list(m.name) il JOIN pragma_index_info(il.name) ii"
                + " LEFT JOIN sqlite_schema s ON s.type = 'index' AND s.name = il.name WHERE " + OBJECTS
                + " ORDER BY m.name, il.name, ii.seqno"); ResultSet rs = ps.executeQuery()) {
            Map<String, Object[]> byIndex = new LinkedHashMap<>();
            while (rs.next()) {
                if (!tables.containsKey(rs.getString(1))) {
                    continue;
                }
                Object[] idx = byIndex.get(rs.getString(2));
                if (idx == null) {
                    idx = new Object[] {rs.getString(1), rs.getInt(3) == 1, new ArrayList<String>(), rs.getString(5)};
                    byIndex.put(rs.getString(2), idx);
                }
                @SuppressWarnings("unchecked")
                List<String> cols = (List<String>) idx[2];
                cols.add(rs.getString(4) == null ? "(expression)" : rs.getString(4));
            }
            for (Map.Entry<String, Object[]> e : byIndex.entrySet()) {
                Object[] v = e.getValue();
                @SuppressWarnings("unchecked")
                List<String> cols = (List<String>) v[2];
                tables.get((String) v[0]).indexes.add(new Index(e.getKey(), (Boolean) v[1], cols, (String) v[3]));
            }
        }
    }

    private static final class Builder {
        final String name;
        final String kind;
        final String sql;
        final List<Column> columns = new ArrayList<>();
        final java.util.TreeMap<Integer, String> pk = new java.util.TreeMap<>();
        final List<ForeignKey> fks = new ArrayList<>();
        final List<Index> indexes = new ArrayList<>();

        Builder(String name, ResultSet rs) {
            this.name = name;
            try {
                this.kind = rs.getString(2);
                this.sql = rs.getString(3);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        Table build() {
            return new Table("main", name, kind, columns, new ArrayList<>(pk.values()), fks, indexes, "view".equals(kind) ? sql : null);
        }
    }
}
