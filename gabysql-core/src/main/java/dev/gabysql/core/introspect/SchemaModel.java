package dev.gabysql.core.introspect;

import java.util.List;

/**
 * The structure of one database as immutable records. Renderers turn it into what a front end shows.
 * (First version: tables, views, columns, keys, foreign keys, indexes.)
 */
public record SchemaModel(String database, String dialect, List<Table> tables) {

    public SchemaModel {
        tables = List.copyOf(tables);
    }

    /** A table or view. {@code kind} is "table" or "view". */
    public record Table(String schema, String name, String kind, List<Column> columns, List<String> primaryKey,
                        List<ForeignKey> foreignKeys, List<Index> indexes, String definition) {
        public Table {
            columns = List.copyOf(columns);
            primaryKey = List.copyOf(primaryKey);
            foreignKeys = List.copyOf(foreignKeys);
            indexes = List.copyOf(indexes);
        }
    }

    public record Column(String name, String type, boolean nullable, String defaultValue) {
    }

    public record ForeignKey(String name, List<String> columns, String refSchema, String refTable,
                             List<String> refColumns) {
        public ForeignKey {
            columns = List.copyOf(columns);
            refColumns = List.copyOf(refColumns);
        }
    }

    public record Index(String name, boolean unique, List<String> columns, String definition) {
        public Index {
            columns = List.copyOf(columns);
        }
    }
}
