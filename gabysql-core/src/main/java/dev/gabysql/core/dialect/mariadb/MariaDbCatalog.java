package dev.gabysql.core.dialect.mariadb;

import java.util.List;

/**
 * The rows of MariaDB's/MySQL's {@code information_schema} as read, before any mapping to gabysql's model: one list
 * per catalog query. Keeping the raw rows apart from {@link MariaDbModelMapper} means the model can grow (its
 * triggers, routines, incoming foreign keys, sizes) by changing the mapper only. Immutable.
 */
record MariaDbCatalog(
        List<TableRow> tables,
        List<ColumnRow> columns,
        List<KeyColumnRow> keyColumns,
        List<CheckRow> checks,
        List<IndexColumnRow> indexColumns,
        List<TriggerRow> triggers,
        List<RoutineRow> routines) {

    MariaDbCatalog {
        tables = List.copyOf(tables);
        columns = List.copyOf(columns);
        keyColumns = List.copyOf(keyColumns);
        checks = List.copyOf(checks);
        indexColumns = List.copyOf(indexColumns);
        triggers = List.copyOf(triggers);
        routines = List.copyOf(routines);
    }

    /** TABLES joined with VIEWS. {@code type}: BASE TABLE, VIEW, SYSTEM VIEW, SEQUENCE, SYSTEM VERSIONED. */
    record TableRow(
            String schema,
            String name,
            String type,
            String engine,
            Long rowEstimate,
            Long dataBytes,
            Long indexBytes,
            String comment,
            String viewDefinition) {}

    /** COLUMNS. {@code extra}: auto_increment, VIRTUAL GENERATED, on update current_timestamp(), … */
    record ColumnRow(
            String schema,
            String table,
            String name,
            int position,
            String type,
            boolean nullable,
            String defaultValue,
            String extra,
            String generationExpression,
            String collation,
            String comment) {}

    /**
     * KEY_COLUMN_USAGE with TABLE_CONSTRAINTS and REFERENTIAL_CONSTRAINTS: one row per column of a primary key,
     * unique constraint or foreign key. Foreign keys are read both ways: those of the tables in scope and those
     * pointing at them from elsewhere.
     */
    record KeyColumnRow(
            String schema,
            String table,
            String constraint,
            String type,
            String column,
            int position,
            String refSchema,
            String refTable,
            String refColumn,
            String onUpdate,
            String onDelete) {
        boolean isForeignKey() {
            return "FOREIGN KEY".equals(type);
        }
    }

    /** CHECK_CONSTRAINTS. */
    record CheckRow(String schema, String table, String name, String clause) {}

    /** STATISTICS: one row per column (or expression, MySQL 8.0.13+) of an index. */
    record IndexColumnRow(
            String schema,
            String table,
            String index,
            boolean unique,
            int position,
            String column,
            Integer prefixLength,
            String expression,
            String indexType,
            String comment) {}

    /** TRIGGERS, with the body as ACTION_STATEMENT. */
    record TriggerRow(String schema, String name, String table, String timing, String event, String body, int order) {}

    /**
     * ROUTINES with their PARAMETERS folded into one string. {@code source} is null when the server hides it
     * (the reader is neither the definer nor allowed to read mysql.proc / SHOW CREATE ROUTINE).
     */
    record RoutineRow(
            String schema,
            String name,
            String type,
            String returns,
            String arguments,
            String language,
            String source,
            boolean deterministic,
            String dataAccess,
            String security,
            String comment) {}
}
