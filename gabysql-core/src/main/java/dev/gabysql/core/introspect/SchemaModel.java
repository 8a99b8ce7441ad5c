package dev.gabysql.core.introspect;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.gabysql.core.internal.Texts;
import java.util.List;
import java.util.Locale;

/**
 * The structure of one database as immutable records, the same shape for every dialect. Readers build
 * it with {@link SchemaModelBuilder}; presenters turn it into compact text and JSON. A field a dialect cannot know
 * is null (or empty), never invented. System schemas are absent unless the filter asked for them.
 *
 * @param schemas    the user schemas the read covered (SQLite: "main")
 * @param tables     tables, views and materialized views, ordered by schema and name
 * @param routines   functions and procedures (PostgreSQL), excluding those that belong to extensions
 * @param enums      enum types with their labels in order
 * @param sequences  sequences, with the column that owns them when there is one
 * @param extensions installed extensions (PostgreSQL), excluding the always-present plpgsql
 */
public record SchemaModel(
        String database,
        String dialect,
        List<String> schemas,
        List<Table> tables,
        List<Routine> routines,
        List<EnumType> enums,
        List<Sequence> sequences,
        List<Extension> extensions) {

    public SchemaModel {
        schemas = copy(schemas);
        tables = copy(tables);
        routines = copy(routines);
        enums = copy(enums);
        sequences = copy(sequences);
        extensions = copy(extensions);
    }

    /** The first version's shape: tables only. */
    public SchemaModel(String database, String dialect, List<Table> tables) {
        this(database, dialect, List.of(), tables, List.of(), List.of(), List.of(), List.of());
    }

    public SchemaModel withDatabase(String name) {
        return new SchemaModel(name, dialect, schemas, tables, routines, enums, sequences, extensions);
    }

    static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    /**
     * The most characters of a comment (a table's, a column's, a routine's) the model keeps. Comments are free text
     * of any length: 300 column comments of 10,000 characters made one describe_table answer of 3 million
     * characters, past any budget (a table is always shown whole). The full text stays in the database's catalog.
     */
    public static final int MAX_COMMENT_CHARS = 300;

    /**
     * The most characters of a definition (a view's query, a routine's or a trigger's body) the model keeps: a
     * tenth of a result's budget, so that a generated view of thousands of branches (100,000 characters and more)
     * does not make its table's description alone pass the budget.
     */
    public static final int MAX_DEFINITION_CHARS = 20_000;

    /** {@code comment} cut to {@link #MAX_COMMENT_CHARS}, saying how many characters were left out. */
    static String shortComment(String comment) {
        return shorten(comment, MAX_COMMENT_CHARS);
    }

    /** {@code definition} cut to {@link #MAX_DEFINITION_CHARS}, saying how many characters were left out. */
    static String shortDefinition(String definition) {
        return shorten(definition, MAX_DEFINITION_CHARS);
    }

    private static String shorten(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        int keep = Texts.cutPoint(text, max);
        return text.substring(0, keep) + "…[+" + (text.length() - keep) + " chars]";
    }

    /**
     * A table, view, materialized view, foreign or partitioned table.
     *
     * @param kind         "table", "view", "materialized view", "partitioned table", "foreign table", "virtual table"
     * @param foreignKeys  outgoing foreign keys (this table references another)
     * @param indexes      every index, including those backing the primary key and unique constraints
     * @param definition   the query of a view; null for tables
     * @param rowEstimate  the planner's estimate (never a count); null when the engine has none
     * @param sizeBytes    on-disk size of the table with its indexes, estimated; null when unknown
     * @param constraints  unique, check and exclusion constraints (the primary key is {@code primaryKey})
     * @param referencedBy incoming foreign keys (another table references this one)
     */
    public record Table(
            String schema,
            String name,
            String kind,
            List<Column> columns,
            List<String> primaryKey,
            List<ForeignKey> foreignKeys,
            List<Index> indexes,
            String definition,
            String comment,
            Long rowEstimate,
            Long sizeBytes,
            List<Constraint> constraints,
            List<ForeignKey> referencedBy,
            List<Trigger> triggers) {
        public Table {
            comment = shortComment(comment);
            definition = shortDefinition(definition);
            columns = copy(columns);
            primaryKey = copy(primaryKey);
            foreignKeys = copy(foreignKeys);
            indexes = copy(indexes);
            constraints = copy(constraints);
            referencedBy = copy(referencedBy);
            triggers = copy(triggers);
        }

        /** The first version's shape. */
        public Table(
                String schema,
                String name,
                String kind,
                List<Column> columns,
                List<String> primaryKey,
                List<ForeignKey> foreignKeys,
                List<Index> indexes,
                String definition) {
            this(
                    schema,
                    name,
                    kind,
                    columns,
                    primaryKey,
                    foreignKeys,
                    indexes,
                    definition,
                    null,
                    null,
                    null,
                    List.of(),
                    List.of(),
                    List.of());
        }

        @JsonIgnore
        public boolean isView() {
            return kind != null && kind.endsWith("view");
        }

        public String qualifiedName() {
            return schema == null ? name : schema + "." + name;
        }

        /** Whether {@code reference} ("name" or "schema.name") names this table, exactly as stored. */
        public boolean isNamed(String reference) {
            return name.equals(reference) || qualifiedName().equals(reference);
        }

        public Column column(String columnName) {
            for (Column c : columns) {
                if (c.name().equals(columnName)) {
                    return c;
                }
            }
            return null;
        }
    }

    /**
     * A column.
     *
     * @param type         the type as the engine reports it, in its usual short spelling (varchar(100), timestamptz)
     * @param defaultValue the default expression, null when none
     * @param identity     how values are generated automatically: "always", "by default" (identity columns),
     *                     "serial" (a sequence default), "rowid" (SQLite's INTEGER PRIMARY KEY); null otherwise
     * @param generated    the expression of a generated (computed) column, or its kind when the engine hides the
     *                     expression; null otherwise
     * @param collation    the collation when it differs from the type's default; null otherwise
     */
    public record Column(
            String name,
            String type,
            boolean nullable,
            String defaultValue,
            String identity,
            String generated,
            String collation,
            String comment) {
        public Column {
            comment = shortComment(comment);
        }

        /** The first version's shape. */
        public Column(String name, String type, boolean nullable, String defaultValue) {
            this(name, type, nullable, defaultValue, null, null, null, null);
        }
    }

    /**
     * A foreign key with both ends named, so the same record serves as an outgoing key of {@code table} and an
     * incoming key of {@code refTable}.
     *
     * @param onUpdate "no action", "restrict", "cascade", "set null" or "set default"
     * @param onDelete same vocabulary as {@code onUpdate}
     */
    public record ForeignKey(
            String name,
            String schema,
            String table,
            List<String> columns,
            String refSchema,
            String refTable,
            List<String> refColumns,
            String onUpdate,
            String onDelete) {
        public ForeignKey {
            columns = copy(columns);
            refColumns = copy(refColumns);
            onUpdate = action(onUpdate);
            onDelete = action(onDelete);
        }

        /** The first version's shape: the owning table is filled in by {@link SchemaModelBuilder}. */
        public ForeignKey(
                String name, List<String> columns, String refSchema, String refTable, List<String> refColumns) {
            this(name, null, null, columns, refSchema, refTable, refColumns, null, null);
        }

        ForeignKey from(String ownerSchema, String ownerTable) {
            return new ForeignKey(
                    name, ownerSchema, ownerTable, columns, refSchema, refTable, refColumns, onUpdate, onDelete);
        }

        private static String action(String a) {
            return a == null ? "no action" : a.toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /**
     * An index.
     *
     * @param columns    key columns in order; an expression column holds the expression's text
     * @param definition the engine's own statement for it when cheaply available, else null
     * @param predicate  the WHERE clause of a partial index, else null
     * @param origin     "primary key" or "unique" when the index backs that constraint, null for a created index
     * @param method     the access method when not the engine's default (gin, hash, …), else null
     */
    public record Index(
            String name,
            boolean unique,
            List<String> columns,
            String definition,
            String predicate,
            String origin,
            String method) {
        public Index {
            columns = copy(columns);
        }

        /** The first version's shape. */
        public Index(String name, boolean unique, List<String> columns, String definition) {
            this(name, unique, columns, definition, null, null, null);
        }

        public boolean backsConstraint() {
            return origin != null;
        }
    }

    /**
     * A unique, check or exclusion constraint.
     *
     * @param type       "unique", "check" or "exclude"
     * @param columns    the columns (unique), the columns the check mentions when known, or empty
     * @param expression the check expression or exclusion definition; null for unique
     */
    public record Constraint(String name, String type, List<String> columns, String expression) {
        public Constraint {
            columns = copy(columns);
        }
    }

    /**
     * A trigger.
     *
     * @param timing     "BEFORE", "AFTER" or "INSTEAD OF"
     * @param events     e.g. ["INSERT", "UPDATE OF status"]
     * @param level      "ROW" or "STATEMENT"
     * @param condition  the WHEN condition, else null
     * @param function   the function it executes (PostgreSQL), else null
     * @param body       what it runs: the function's source (PostgreSQL) or the BEGIN … END block (SQLite)
     * @param definition the engine's own CREATE TRIGGER text
     * @param enabled    false when the trigger is disabled
     */
    public record Trigger(
            String name,
            String timing,
            List<String> events,
            String level,
            String condition,
            String function,
            String body,
            String definition,
            boolean enabled) {
        public Trigger {
            body = shortDefinition(body);
            definition = shortDefinition(definition);
            events = copy(events);
        }
    }

    /**
     * A function or procedure.
     *
     * @param kind      "function", "procedure", "aggregate" or "window"
     * @param arguments the argument list as the engine prints it, e.g. "p_order_id integer"
     * @param returns   the result type, null for procedures
     * @param source    the body; null for built-in languages (C, internal) where it is only a symbol
     */
    public record Routine(
            String schema,
            String name,
            String kind,
            String arguments,
            String returns,
            String language,
            String source,
            String comment) {
        public Routine {
            comment = shortComment(comment);
            source = shortDefinition(source);
        }
    }

    /** An enum type and its labels in sort order. */
    public record EnumType(String schema, String name, List<String> labels) {
        public EnumType {
            labels = copy(labels);
        }
    }

    /**
     * A sequence.
     *
     * @param ownedBy "table.column" owning it (serial and identity columns), else null
     */
    public record Sequence(String schema, String name, String type, Long start, Long increment, String ownedBy) {}

    /** An installed extension. */
    public record Extension(String name, String version, String schema) {}
}
