package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads PostgreSQL's catalog (pg_catalog) in three queries whatever the number of tables: relations with their
 * columns, constraints, indexes. Filters are bound as parameters.
 */
final class PostgresSchemaReader implements SchemaReader {
    private static final String REL_FILTER = "c.relkind IN ('r','p','v','m','f')"
            + " AND (? OR n.nspname NOT IN ('pg_catalog','information_schema') AND n.nspname NOT LIKE 'pg\\_%')"
            + " AND (?::text IS NULL OR n.nspname = ?)"
            + " AND (cardinality(?::text[]) = 0 OR c.relname = ANY(?::text[]))";

    @Override
    public SchemaModel read(Connection c, SchemaFilter filter) throws SQLException {
        Map<Long, Builder> byOid = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT c.oid, n.nspname, c.relname, c.relkind,"
                + " a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid),"
                + " CASE WHEN c.relkind IN ('v','m') THEN pg_get_viewdef(c.oid, true) END"
                + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
                + " LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum"
                + " WHERE " + REL_FILTER + " ORDER BY n.nspname, c.relname, a.attnum")) {
            bindFilter(c, ps, 1, filter);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Builder b = byOid.computeIfAbsent(rs.getLong(1), k -> new Builder());
                    if (b.name == null) {
                        b.schema = rs.getString(2);
                        b.name = rs.getString(3);
                        b.kind = kindOf(rs.getString(4));
                        b.definition = rs.getString(9);
                    }
                    if (rs.getString(5) != null) {
                        b.columns.add(new Column(rs.getString(5), rs.getString(6), !rs.getBoolean(7),
                                rs.getString(8)));
                    }
                }
            }
        }
        readConstraints(c, filter, byOid);
        readIndexes(c, filter, byOid);
        List<Table> tables = new ArrayList<>();
        byOid.values().forEach(b -> tables.add(b.build()));
        return new SchemaModel(null, "postgresql", tables);
    }

    private static void bindFilter(Connection c, PreparedStatement ps, int from, SchemaFilter f) throws SQLException {
        Array names = c.createArrayOf("text", f.tables().toArray());
        ps.setBoolean(from, f.includeSystem());
        ps.setString(from + 1, f.schema());
        ps.setString(from + 2, f.schema());
        ps.setArray(from + 3, names);
        ps.setArray(from + 4, names);
    }

    private static void readConstraints(Connection c, SchemaFilter filter, Map<Long, Builder> byOid)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT k.conrelid, k.conname, k.contype,"
                + " ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i)"
                + "  JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i)::text[],"
                + " rn.nspname, r.relname,"
                + " ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i)"
                + "  JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i)::text[]"
                + " FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " LEFT JOIN pg_class r ON r.oid = k.confrelid LEFT JOIN pg_namespace rn ON rn.oid = r.relnamespace"
                + " WHERE k.contype IN ('p','f') AND " + REL_FILTER + " ORDER BY k.conrelid, k.conname")) {
            bindFilter(c, ps, 1, filter);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Builder b = byOid.get(rs.getLong(1));
                    if (b == null) {
                        continue;
                    }
                    List<String> cols = strings(rs.getArray(4));
                    if ("p".equals(rs.getString(3))) {
                        b.pk = cols;
                    } else {
                        b.fks.add(new ForeignKey(rs.getString(2), cols, rs.getString(5), rs.getString(6),
                                strings(rs.getArray(7))));
                    }
                }
            }
        }
    }

    private static void readIndexes(Connection c, SchemaFilter filter, Map<Long, Builder> byOid)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT x.indrelid, i.relname, x.indisunique,"
                + " ARRAY(SELECT coalesce(a.attname, '(expression)') FROM unnest(x.indkey) WITH ORDINALITY u(n, o)"
                + "  LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = u.n ORDER BY u.o)::text[],"
                + " pg_get_indexdef(x.indexrelid)"
                + " FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE " + REL_FILTER
                + " ORDER BY x.indrelid, i.relname")) {
            bindFilter(c, ps, 1, filter);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Builder b = byOid.get(rs.getLong(1));
                    if (b != null) {
                        b.indexes.add(new Index(rs.getString(2), rs.getBoolean(3), strings(rs.getArray(4)),
                                rs.getString(5)));
                    }
                }
            }
        }
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }

    private static String kindOf(String relkind) {
        switch (relkind) {
            case "v": return "view";
            case "m": return "materialized view";
            case "p": return "partitioned table";
            case "f": return "foreign table";
            default: return "table";
        }
    }

    private static final class Builder {
        String schema;
        String name;
        String kind;
        String definition;
        final List<Column> columns = new ArrayList<>();
        List<String> pk = List.of();
        final List<ForeignKey> fks = new ArrayList<>();
        final List<Index> indexes = new ArrayList<>();

        Table build() {
            return new Table(schema, name, kind, columns, pk, fks, indexes, definition);
        }
    }
}
