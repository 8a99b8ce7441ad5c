package dev.gabysql.core.introspect;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;

/**
 * Which part of a schema to read. Values are data: readers bind them as parameters, never splice them into SQL.
 *
 * @param schema        one schema, or null for all user schemas
 * @param tables        only these tables ("name" or "schema.name"), or empty for all; when set, routines, sequences
 *                      and extensions are not read (enums are: column types refer to them)
 * @param pattern       a name pattern (see {@link NamePattern}) for tables, views and other named objects, or null
 * @param includeSystem include system schemas (pg_catalog, information_schema, sqlite_*)
 */
public record SchemaFilter(String schema, List<String> tables, String pattern, boolean includeSystem) {
    public static final SchemaFilter ALL = new SchemaFilter(null, List.of(), null, false);

    public SchemaFilter {
        tables = tables == null ? List.of() : List.copyOf(tables);
        schema = blankToNull(schema);
        pattern = blankToNull(pattern);
    }

    /** The first version's shape, without a pattern. */
    public SchemaFilter(String schema, List<String> tables, boolean includeSystem) {
        this(schema, tables, null, includeSystem);
    }

    /** Just one table ("name" or "schema.name"). */
    public static SchemaFilter ofTable(String table) {
        if (table == null || table.isBlank()) {
            throw new GabyException(ErrorCode.BAD_REQUEST, "No table named.", "Pass the table's name.");
        }
        return new SchemaFilter(null, List.of(table.strip()), null, false);
    }

    /** True when nothing is filtered out (system schemas aside). */
    public boolean isAll() {
        return schema == null && tables.isEmpty() && pattern == null;
    }

    /** Whether objects other than tables and views (routines, sequences, …) are wanted. */
    public boolean wantsOtherObjects() {
        return tables.isEmpty();
    }

    /** The pattern as a SQL LIKE pattern, or null when there is none. */
    public String likePattern() {
        return pattern == null ? null : NamePattern.of(pattern).like();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
