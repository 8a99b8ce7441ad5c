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
import org.postgresql.PGStatement;

/**
 * One read of PostgreSQL's catalog in progress: the connection, the filter, what was found so far, and the one way
 * queries are run. Every query starts with the same CTEs, {@code rel} (the relations the filter selects) and
 * {@code ns} (the schemas it selects), with the filter's values bound as parameters, so a query never splices a
 * caller's value. The parameters sit in the conditions themselves (not in a CTE of values) and statements are
 * never server-prepared, so each plan is made for the actual values: an absent filter folds away and the planner
 * sees how many rows come (measured: half the time of the columns query on 500 tables).
 *
 * <p>Queries are queued, then sent together in one statement ({@link #execute()}): one round trip, and the server
 * plans and runs the next query while the driver reads the rows of the one before (a fresh connection's
 * catalog read spent much of its time between queries). Their rows reach the handlers in the order the queries
 * were queued, so a handler may rely on what an earlier query found. Not thread-safe.
 */
final class PgRead {
    private static final String USER_SCHEMA = "(?::boolean OR (n.nspname NOT IN ('pg_catalog', 'information_schema')"
            + " AND n.nspname NOT LIKE 'pg\\_%'))";
    private static final String IN_SCHEMA = " AND (?::text IS NULL OR n.nspname = ?::text)";
    static final String FILTER_CTES = "WITH rel AS (SELECT c.oid FROM pg_class c"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace"
            + "  WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND " + USER_SCHEMA + IN_SCHEMA
            + "  AND (cardinality(?::text[]) = 0 OR c.relname = ANY(?::text[])"
            + "       OR n.nspname || '.' || c.relname = ANY(?::text[]))"
            + "  AND (?::text IS NULL OR c.relname ILIKE ?::text)),"
            + " ns AS (SELECT n.oid, n.nspname FROM pg_namespace n WHERE " + USER_SCHEMA + IN_SCHEMA + ") ";
    /** A name condition on the filter's pattern: format with the column, bind with {@link #queryByPattern}. */
    static final String PATTERN = "(?::text IS NULL OR %s ILIKE ?::text)";

    final Connection connection;
    final SchemaFilter filter;
    final SchemaModelBuilder model = new SchemaModelBuilder("postgresql");
    private final Map<Long, TableBuilder> byOid = new HashMap<>();
    private final Map<Long, Map<Integer, String>> columnNames = new HashMap<>();
    private final List<Queued> queued = new ArrayList<>();

    PgRead(Connection connection, SchemaFilter filter) {
        this.connection = connection;
        this.filter = filter;
    }

    /** Handles one row of a catalog query. */
    interface Row {
        void read(ResultSet rs) throws SQLException;
    }

    /** A query waiting for {@link #execute()}. */
    private record Queued(String sql, boolean pattern, Row row) {}

    /** Queues {@code FILTER_CTES + sql} with the filter bound; {@link #execute()} hands each row to {@code row}. */
    void query(String sql, Row row) {
        queued.add(new Queued(sql, false, row));
    }

    /** Like {@link #query}, for SQL that ends its CTE parameters with one {@link #PATTERN} condition. */
    void queryByPattern(String sql, Row row) {
        queued.add(new Queued(sql, true, row));
    }

    /** Runs the queued queries as one statement, then hands each one's rows to its handler, in queue order. */
    void execute() throws SQLException {
        List<Queued> batch = List.copyOf(queued);
        queued.clear();
        if (batch.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder();
        for (Queued q : batch) {
            sql.append(sql.length() == 0 ? "" : ";\n").append(FILTER_CTES).append(q.sql());
        }
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            ps.unwrap(PGStatement.class).setPrepareThreshold(0);
            Array names = connection.createArrayOf("text", filter.tables().toArray());
            int i = 1;
            for (Queued q : batch) {
                i = bind(ps, i, names, q.pattern());
            }
            boolean isResultSet = ps.execute();
            for (Queued q : batch) {
                if (!isResultSet) {
                    throw new SQLException("A catalog query of the batch gave no result to read.");
                }
                try (ResultSet rs = ps.getResultSet()) {
                    while (rs.next()) {
                        q.row().read(rs);
                    }
                }
                isResultSet = ps.getMoreResults();
            }
        }
    }

    /** Binds one query's parameters from {@code from}; returns the next free index. */
    private int bind(PreparedStatement ps, int from, Array names, boolean pattern) throws SQLException {
        int i = bindSchema(ps, from);
        for (int k = 0; k < 3; k++) {
            ps.setArray(i++, names);
        }
        ps.setString(i++, filter.likePattern());
        ps.setString(i++, filter.likePattern());
        i = bindSchema(ps, i);
        if (pattern) {
            ps.setString(i++, filter.likePattern());
            ps.setString(i++, filter.likePattern());
        }
        return i;
    }

    /** A schema named explicitly is read even when it is a system schema: naming it is asking for it. */
    private int bindSchema(PreparedStatement ps, int from) throws SQLException {
        ps.setBoolean(from, filter.includeSystem() || filter.schema() != null);
        ps.setString(from + 1, filter.schema());
        ps.setString(from + 2, filter.schema());
        return from + 3;
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

    /**
     * Column names for attribute numbers of a table read earlier ({@code attnums}: an integer array's text, as
     * {@link #ints} reads it); {@code fallback} when the table was not read.
     */
    List<String> columnNames(long relid, String attnums, Array fallback) throws SQLException {
        Map<Integer, String> names = columnNames.get(relid);
        if (names == null) {
            return strings(fallback);
        }
        List<String> out = new ArrayList<>();
        for (int n : ints(attnums)) {
            out.add(names.get(n));
        }
        return out;
    }

    /**
     * An integer array from its text ({@code {1,2,-3}}, or {@code [0:1]={1,2}} when its lower bound is not 1, as an
     * {@code int2vector} cast to {@code int2[]} has; null: none). Read as text rather than through pgJDBC's
     * {@code Array}, whose parsing cost a first describe of 500 tables several milliseconds.
     *
     * @throws SQLException when the text is not a one-dimensional array of integers
     */
    static int[] ints(String array) throws SQLException {
        if (array == null) {
            return new int[0];
        }
        int bounds = array.startsWith("[") ? array.indexOf("]=") : -1;
        String text = bounds < 0 ? array : array.substring(bounds + 2);
        if (text.length() < 2 || text.charAt(0) != '{' || text.charAt(text.length() - 1) != '}') {
            throw new SQLException("Not an integer array: " + text);
        }
        if (text.length() == 2) {
            return new int[0];
        }
        String[] parts = text.substring(1, text.length() - 1).split(",", -1);
        int[] out = new int[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                out[i] = Integer.parseInt(parts[i]);
            }
        } catch (NumberFormatException e) {
            throw new SQLException("Not an integer array: " + text, e);
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
