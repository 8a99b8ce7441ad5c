package dev.gabysql.core.introspect;

import java.util.List;

/**
 * Which part of a schema to read. Values are data: readers bind them as parameters, never splice them into SQL.
 *
 * @param schema        one schema, or null for all user schemas
 * @param tables        only these tables, or empty for all
 * @param includeSystem include system schemas (pg_catalog, information_schema, sqlite_*)
 */
public record SchemaFilter(String schema, List<String> tables, boolean includeSystem) {
    public static final SchemaFilter ALL = new SchemaFilter(null, List.of(), false);

    public SchemaFilter {
        tables = tables == null ? List.of() : List.copyOf(tables);
    }
}
