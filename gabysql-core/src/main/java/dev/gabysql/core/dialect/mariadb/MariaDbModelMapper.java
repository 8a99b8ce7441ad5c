package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.ColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.IndexColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.KeyColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.TableRow;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps the raw {@link MariaDbCatalog} onto gabysql's {@link SchemaModel}. The model of main holds tables, views,
 * columns, primary keys, outgoing foreign keys and indexes; the catalog also has what issue 4's richer model will
 * hold (incoming foreign keys, check constraints, triggers, routines with source, row estimates, sizes, comments),
 * and only this class needs to change to carry it. Stateless.
 */
final class MariaDbModelMapper {
    private MariaDbModelMapper() {
    }

    static SchemaModel toModel(MariaDbCatalog catalog, MariaDbServer server) {
        Map<String, Builder> byName = new LinkedHashMap<>();
        for (TableRow t : catalog.tables()) {
            byName.put(key(t.schema(), t.name()), new Builder(t));
        }
        for (ColumnRow c : catalog.columns()) {
            Builder b = byName.get(key(c.schema(), c.table()));
            if (b != null) {
                b.columns.add(new Column(c.name(), c.type(), c.nullable(), defaultOf(c, server)));
            }
        }
        mapKeys(catalog.keyColumns(), byName);
        mapIndexes(catalog.indexColumns(), byName);
        List<Table> tables = new ArrayList<>();
        byName.values().forEach(b -> tables.add(b.build()));
        return new SchemaModel(null, "mariadb", tables);
    }

    /** MariaDB: an SQL expression where "NULL" means no default; MySQL: the bare value. */
    static String defaultOf(ColumnRow c, MariaDbServer server) {
        String d = c.defaultValue();
        if (d == null || server.quotesColumnDefaults() && "NULL".equalsIgnoreCase(d)) {
            return null;
        }
        return d;
    }

    /** Primary keys and foreign keys, whose columns arrive one row each in constraint order. */
    private static void mapKeys(List<KeyColumnRow> rows, Map<String, Builder> byName) {
        Map<String, List<KeyColumnRow>> byConstraint = new LinkedHashMap<>();
        for (KeyColumnRow k : rows) {
            byConstraint.computeIfAbsent(key(k.schema(), k.table()) + "\u0000" + k.constraint(),
                    x -> new ArrayList<>()).add(k);
        }
        for (List<KeyColumnRow> parts : byConstraint.values()) {
            KeyColumnRow first = parts.get(0);
            Builder b = byName.get(key(first.schema(), first.table()));
            if (b == null) {
                continue; // an incoming foreign key from a table outside the scope: for the richer model
            }
            List<String> columns = parts.stream().map(KeyColumnRow::column).toList();
            if ("PRIMARY KEY".equals(first.type())) {
                b.primaryKey = columns;
            } else if (first.isForeignKey()) {
                b.foreignKeys.add(new ForeignKey(first.constraint(), columns, first.refSchema(), first.refTable(),
                        parts.stream().map(KeyColumnRow::refColumn).toList()));
            }
        }
    }

    private static void mapIndexes(List<IndexColumnRow> rows, Map<String, Builder> byName) {
        Map<String, List<IndexColumnRow>> byIndex = new LinkedHashMap<>();
        for (IndexColumnRow i : rows) {
            byIndex.computeIfAbsent(key(i.schema(), i.table()) + "\u0000" + i.index(), x -> new ArrayList<>()).add(i);
        }
        for (List<IndexColumnRow> parts : byIndex.values()) {
            IndexColumnRow first = parts.get(0);
            Builder b = byName.get(key(first.schema(), first.table()));
            if (b != null) {
                List<String> columns = parts.stream()
                        .map(p -> p.column() != null ? p.column() : "(" + p.expression() + ")").toList();
                b.indexes.add(new Index(first.index(), first.unique(), columns, definition(parts)));
            }
        }
    }

    /** A readable definition, e.g. {@code UNIQUE INDEX `u_email` ON `users` (`email`(20)) USING BTREE}. */
    static String definition(List<IndexColumnRow> parts) {
        IndexColumnRow first = parts.get(0);
        StringBuilder cols = new StringBuilder();
        for (IndexColumnRow p : parts) {
            if (cols.length() > 0) {
                cols.append(", ");
            }
            cols.append(p.column() != null ? quote(p.column()) : "(" + p.expression() + ")");
            if (p.prefixLength() != null) {
                cols.append('(').append(p.prefixLength()).append(')');
            }
        }
        String head = "PRIMARY".equals(first.index()) ? "PRIMARY KEY"
                : ("FULLTEXT".equals(first.indexType()) ? "FULLTEXT " : "SPATIAL".equals(first.indexType())
                ? "SPATIAL " : first.unique() ? "UNIQUE " : "") + "INDEX " + quote(first.index());
        String using = "BTREE".equals(first.indexType()) || "HASH".equals(first.indexType())
                ? " USING " + first.indexType() : "";
        return head + " ON " + quote(first.table()) + " (" + cols + ")" + using;
    }

    static String quote(String name) {
        return '`' + name.replace("`", "``") + '`';
    }

    static String kindOf(String tableType) {
        switch (tableType) {
            case "VIEW": return "view";
            case "SYSTEM VIEW": return "system view";
            case "SEQUENCE": return "sequence";
            default: return "table"; // BASE TABLE, SYSTEM VERSIONED, TEMPORARY
        }
    }

    private static String key(String schema, String table) {
        return schema + "\u0000" + table;
    }

    private static final class Builder {
        final TableRow row;
        final List<Column> columns = new ArrayList<>();
        List<String> primaryKey = List.of();
        final List<ForeignKey> foreignKeys = new ArrayList<>();
        final List<Index> indexes = new ArrayList<>();

        Builder(TableRow row) {
            this.row = row;
        }

        Table build() {
            return new Table(row.schema(), row.name(), kindOf(row.type()), columns, primaryKey, foreignKeys, indexes,
                    row.viewDefinition());
        }
    }
}
