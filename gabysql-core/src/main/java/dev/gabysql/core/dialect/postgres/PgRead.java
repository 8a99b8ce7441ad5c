package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModelBuilder;
import dev.gabysql.core.introspect.TableBuilder;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One read of PostgreSQL's catalog in progress: the connection, the filter, what was found so far, and the one way
 * queries are run. Every query starts with the same CTEs, {@code f} (the filter, bound as parameters), {@code rel}
 * (the relations it selects) and {@code ns} (the schemas it selects), so a query never splices a caller's value.
 * Not thread-safe; one per read.
 */
final class PgRead {
    private static final String USER_SCHEMA = "(f.sys OR (n.nspname NOT IN ('pg_catalog', 'information_schema')"
            + " AND n.nspname NOT LIKE 'pg\\_%'))";
    static final String FILTER_CTES = "WITH f AS (SELECT ?::boolean AS sys, ?::text AS sch, ?::text[] AS names,"
            + " ?::text AS pat),"
            + " rel AS (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace CROSS JOIN f"
            + "  WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND " + USER_SCHEMA
            + "  AND (f.sch IS NULL OR n.nspname = f.sch)"
            + "  AND (cardinality(f.names) = 0 OR c.relname = ANY(f.names)"
            + "       OR n.nspname || '.' || c.relname = ANY(f.names))"
            + "  AND (f.pat IS NULL OR c.relname ILIKE f.pat)),"
            + " ns AS (SELECT n.oid, n.nspname FROM pg_namespace n CROSS JOIN f WHERE " + USER_SCHEMA
            + "  AND (f.sch IS NULL OR n.nspname = f.sch)) ";

    final Connection connection;
    final SchemaFilter filter;
    final SchemaModelBuilder model = new SchemaModelBuilder("postgresql");
    private final Map<Long, TableBuilder> byOid = new HashMap<>();
    private final Map<Long, Map<Integer, String>> columnNames = new HashMap<>();

    PgRead(Connection connection, SchemaFilter filter) {
        this.connection = connection;
        this.filter = filter;
    }

    /** Handles one row of a catalog query. */
    interface Row {
        void read(ResultSet rs) throws SQLException;
    }

    /** Runs {@code FILTER_CTES + sql} with the filter bound, handing each row to {@code row}. */
    void query(String sql, Row row) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(FILTER_CTES + sql)) {
            ps.setBoolean(1, filter.includeSystem());
            ps.setString(2, filter.schema());
            ps.setArray(3, connection.createArrayOf("text", filter.tables().toArray()));
            ps.setString(4, filter.likePattern());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    row.read(rs);
                }
            }
        }
    }

    void table(long oid, TableBuilder t) {
        byOid.put(oid, t);
    }

    /** The table read under this oid, or null when the filter left it out. */
    TableBuilder table(long oid) {
        return byOid.get(oid);
    }

    void columnName(long relid, int attnum, String name) {
        columnNames.computeIfAbsent(relid, k -> new HashMap<>()).put(attnum, name);
    }

    /** Column names for attribute numbers of a table read earlier; {@code fallback} when it was not read. */
    List<String> columnNames(long relid, Array attnums, Array fallback) throws SQLException {
        Map<Integer, String> names = columnNames.get(relid);
        if (names == null) {
            return strings(fallback);
        }
        List<String> out = new ArrayList<>();
        for (Object n : (Object[]) attnums.getArray()) {
            out.add(names.get(((Number) n).intValue()));
        }
        return out;
    }

    static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : List.of((String[]) array.getArray());
    }

    static Long nullableLong(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }
}
