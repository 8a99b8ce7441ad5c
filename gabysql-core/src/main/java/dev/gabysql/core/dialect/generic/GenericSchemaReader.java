package dev.gabysql.core.dialect.generic;

import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads any JDBC database through {@link DatabaseMetaData}: tables and views, columns, primary keys, foreign keys
 * and indexes. Keys and indexes are asked for all tables at once (a null table name, which most drivers accept);
 * a driver that refuses gets one call per table, so the constant-query promise holds only where the driver allows
 * it. The scope is the filter's schema, else the connection's current schema. Stateless and thread-safe.
 */
final class GenericSchemaReader implements SchemaReader {
    /** Schemas that hold a catalog, not user data, in the engines one meets behind a generic URL. */
    private static final Set<String> SYSTEM_SCHEMAS =
            Set.of("information_schema", "pg_catalog", "sys", "sysibm", "system", "mysql", "performance_schema");

    @Override
    public SchemaModel read(Connection c, SchemaFilter filter) throws SQLException {
        DatabaseMetaData md = c.getMetaData();
        String catalog = c.getCatalog();
        String schema = filter.schema() != null ? filter.schema() : currentSchema(c);
        String pattern = schema == null ? null : escape(schema, md.getSearchStringEscape());
        Map<String, Builder> tables = readTables(md, catalog, pattern, filter);
        readColumns(md, catalog, pattern, tables);
        readPrimaryKeys(md, catalog, schema, tables);
        readForeignKeys(md, catalog, schema, tables);
        readIndexes(md, catalog, schema, tables);
        List<Table> out = new ArrayList<>();
        tables.values().forEach(b -> out.add(b.build()));
        return new SchemaModel(null, "generic", out);
    }

    private static String currentSchema(Connection c) {
        try {
            return c.getSchema();
        } catch (SQLException | AbstractMethodError e) {
            return null; // pre-JDBC 4.1 driver: every schema
        }
    }

    private static Map<String, Builder> readTables(
            DatabaseMetaData md, String catalog, String schemaPattern, SchemaFilter filter) throws SQLException {
        Map<String, Builder> tables = new LinkedHashMap<>();
        try (ResultSet rs = md.getTables(catalog, schemaPattern, "%", null)) {
            while (rs.next()) {
                String schema = rs.getString("TABLE_SCHEM");
                String name = rs.getString("TABLE_NAME");
                String type = String.valueOf(rs.getString("TABLE_TYPE")).toUpperCase(Locale.ROOT);
                if (wanted(schema, name, type, filter)) {
                    tables.put(key(schema, name), new Builder(schema, name, type.contains("VIEW") ? "view" : "table"));
                }
            }
        }
        return tables;
    }

    private static boolean wanted(String schema, String name, String type, SchemaFilter filter) {
        boolean system =
                type.contains("SYSTEM") || schema != null && SYSTEM_SCHEMAS.contains(schema.toLowerCase(Locale.ROOT));
        boolean relation = type.contains("TABLE") || type.contains("VIEW");
        return relation
                && (filter.includeSystem() || !system)
                && (filter.tables().isEmpty() || filter.tables().contains(name));
    }

    private static void readColumns(
            DatabaseMetaData md, String catalog, String schemaPattern, Map<String, Builder> tables)
            throws SQLException {
        try (ResultSet rs = md.getColumns(catalog, schemaPattern, "%", "%")) {
            while (rs.next()) {
                Builder b = tables.get(key(rs.getString("TABLE_SCHEM"), rs.getString("TABLE_NAME")));
                if (b != null) {
                    b.columns.add(new Column(
                            rs.getString("COLUMN_NAME"),
                            typeOf(rs),
                            rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls,
                            rs.getString("COLUMN_DEF")));
                }
            }
        }
    }

    private static String typeOf(ResultSet rs) throws SQLException {
        String type = rs.getString("TYPE_NAME");
        int size = rs.getInt("COLUMN_SIZE");
        boolean sized = !rs.wasNull()
                && size > 0
                && type != null
                && !type.contains("(")
                && (type.toUpperCase(Locale.ROOT).contains("CHAR")
                        || type.toUpperCase(Locale.ROOT).contains("BINARY"));
        return sized ? type + "(" + size + ")" : type;
    }

    private static void readPrimaryKeys(DatabaseMetaData md, String catalog, String schema, Map<String, Builder> tables)
            throws SQLException {
        Map<String, Map<Integer, String>> keys = new LinkedHashMap<>();
        perTable(
                tables,
                (s, t) -> md.getPrimaryKeys(catalog, s, t),
                rs -> keys.computeIfAbsent(
                                key(rs.getString("TABLE_SCHEM"), rs.getString("TABLE_NAME")), k -> new TreeMap<>())
                        .put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME")),
                schema);
        keys.forEach((k, cols) -> {
            Builder b = tables.get(k);
            if (b != null) {
                b.primaryKey = new ArrayList<>(cols.values());
            }
        });
    }

    private static void readForeignKeys(DatabaseMetaData md, String catalog, String schema, Map<String, Builder> tables)
            throws SQLException {
        Map<String, FkBuilder> fks = new LinkedHashMap<>();
        perTable(
                tables,
                (s, t) -> md.getImportedKeys(catalog, s, t),
                rs -> {
                    String table = key(rs.getString("FKTABLE_SCHEM"), rs.getString("FKTABLE_NAME"));
                    String name = rs.getString("FK_NAME");
                    String refSchema = rs.getString("PKTABLE_SCHEM");
                    String refTable = rs.getString("PKTABLE_NAME");
                    FkBuilder fk = fks.computeIfAbsent(
                            table + "\u0000" + (name != null ? name : refTable),
                            k -> new FkBuilder(table, name, refSchema, refTable));
                    fk.columns.put(
                            rs.getInt("KEY_SEQ"),
                            new String[] {rs.getString("FKCOLUMN_NAME"), rs.getString("PKCOLUMN_NAME")});
                },
                schema);
        for (FkBuilder fk : fks.values()) {
            Builder b = tables.get(fk.table);
            if (b != null) {
                b.foreignKeys.add(fk.build());
            }
        }
    }

    private static void readIndexes(DatabaseMetaData md, String catalog, String schema, Map<String, Builder> tables)
            throws SQLException {
        Map<String, IndexBuilder> indexes = new LinkedHashMap<>();
        perTable(
                tables,
                (s, t) -> md.getIndexInfo(catalog, s, t, false, true),
                rs -> {
                    String name = rs.getString("INDEX_NAME");
                    if (name == null || rs.getShort("TYPE") == DatabaseMetaData.tableIndexStatistic) {
                        return;
                    }
                    String table = key(rs.getString("TABLE_SCHEM"), rs.getString("TABLE_NAME"));
                    IndexBuilder ix = indexes.computeIfAbsent(
                            table + "\u0000" + name, k -> new IndexBuilder(table, name, uniqueOf(rs)));
                    String column = rs.getString("COLUMN_NAME");
                    ix.columns.put((int) rs.getShort("ORDINAL_POSITION"), column != null ? column : "(expression)");
                },
                schema);
        for (IndexBuilder ix : indexes.values()) {
            Builder b = tables.get(ix.table);
            if (b != null && !b.kind.equals("view")) {
                b.indexes.add(ix.build(b.name));
            }
        }
    }

    private static boolean uniqueOf(ResultSet rs) {
        try {
            return !rs.getBoolean("NON_UNIQUE");
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * Asks for every table at once (null table name); if the driver refuses, asks table by table. A
     * driver that ignores the null and returns nothing is asked table by table too.
     */
    private static void perTable(Map<String, Builder> tables, Call call, RowConsumer row, String schema)
            throws SQLException {
        boolean any = false;
        try (ResultSet rs = call.open(schema, null)) {
            while (rs.next()) {
                row.accept(rs);
                any = true;
            }
            if (any || tables.isEmpty()) {
                return;
            }
        } catch (SQLException e) {
            // the driver wants a table name
        }
        for (Builder b : tables.values()) {
            if (!b.kind.equals("view")) {
                try (ResultSet rs = call.open(b.schema, b.name)) {
                    while (rs.next()) {
                        row.accept(rs);
                    }
                }
            }
        }
    }

    /** Escapes LIKE wildcards in a schema name used as a metadata pattern. */
    static String escape(String name, String escape) {
        if (escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }

    private static String key(String schema, String table) {
        return schema + "\u0000" + table;
    }

    @FunctionalInterface
    private interface Call {
        ResultSet open(String schema, String table) throws SQLException;
    }

    @FunctionalInterface
    private interface RowConsumer {
        void accept(ResultSet rs) throws SQLException;
    }

    private static final class Builder {
        final String schema;
        final String name;
        final String kind;
        final List<Column> columns = new ArrayList<>();
        List<String> primaryKey = List.of();
        final List<ForeignKey> foreignKeys = new ArrayList<>();
        final List<Index> indexes = new ArrayList<>();

        Builder(String schema, String name, String kind) {
            this.schema = schema;
            this.name = name;
            this.kind = kind;
        }

        Table build() {
            return new Table(schema, name, kind, columns, primaryKey, foreignKeys, indexes, null);
        }
    }

    private static final class FkBuilder {
        final String table;
        final String name;
        final String refSchema;
        final String refTable;
        final Map<Integer, String[]> columns = new TreeMap<>();

        FkBuilder(String table, String name, String refSchema, String refTable) {
            this.table = table;
            this.name = name;
            this.refSchema = refSchema;
            this.refTable = refTable;
        }

        ForeignKey build() {
            List<String> from = new ArrayList<>();
            List<String> to = new ArrayList<>();
            columns.values().forEach(pair -> {
                from.add(pair[0]);
                to.add(pair[1]);
            });
            return new ForeignKey(name, from, refSchema, refTable, to);
        }
    }

    private static final class IndexBuilder {
        final String table;
        final String name;
        final boolean unique;
        final Map<Integer, String> columns = new TreeMap<>();

        IndexBuilder(String table, String name, boolean unique) {
            this.table = table;
            this.name = name;
            this.unique = unique;
        }

        Index build(String tableName) {
            List<String> cols = new ArrayList<>(columns.values());
            return new Index(
                    name,
                    unique,
                    cols,
                    (unique ? "UNIQUE INDEX " : "INDEX ") + name + " ON " + tableName + " (" + String.join(", ", cols)
                            + ")");
        }
    }
}
