package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.introspect.SchemaFilter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The part of a catalog query's WHERE clause that applies a {@link SchemaFilter} to one pair of schema and table
 * columns, with the values to bind. Without a schema in the filter the scope is the connection's database
 * ({@code DATABASE()}), or every non-system schema when the URL named none. Immutable.
 */
record Scope(String sql, List<Object> params) {
    private static final String SYSTEM = "('mysql', 'information_schema', 'performance_schema', 'sys')";

    Scope {
        params = Collections.unmodifiableList(new ArrayList<>(params));
    }

    /**
     * @param schemaColumn the column holding the schema name
     * @param tableColumn  the column holding the table name, or null when the filter's tables do not apply
     */
    static Scope of(String schemaColumn, String tableColumn, SchemaFilter filter) {
        List<Object> params = new ArrayList<>();
        StringBuilder sql = new StringBuilder("(");
        if (filter.schema() != null) {
            sql.append(schemaColumn).append(" = ?");
            params.add(filter.schema());
        } else {
            sql.append(schemaColumn)
                    .append(" = DATABASE() OR DATABASE() IS NULL AND ")
                    .append(schemaColumn)
                    .append(" NOT IN ")
                    .append(SYSTEM);
            if (filter.includeSystem()) {
                sql.append(" OR ").append(schemaColumn).append(" IN ").append(SYSTEM);
            }
        }
        sql.append(')');
        if (tableColumn != null && !filter.tables().isEmpty()) {
            sql.append(" AND ")
                    .append(tableColumn)
                    .append(" IN (")
                    .append(String.join(
                            ", ", Collections.nCopies(filter.tables().size(), "?")))
                    .append(')');
            params.addAll(filter.tables());
        }
        return new Scope("(" + sql + ")", params);
    }
}
