package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.exec.ColumnReader;
import dev.gabysql.core.exec.ResultColumns;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TypeInfo;
import org.postgresql.jdbc.PgResultSet;

/**
 * The columns of a PostgreSQL result without a second query. pgJDBC's {@code getColumnTypeName} asks
 * {@code isAutoIncrement} first, so that it can call an {@code int4} column filled by a sequence "serial"; that
 * answer comes from a catalog query (pg_attribute, pg_class, pg_type), run on every connection the first time a
 * result has columns of a table it has not seen: one more round trip, and a planned catalog query, on the first
 * read of each table.
 *
 * <p>Here a column's type is the name of its type OID as the row description carries it ({@code int4},
 * {@code varchar}, {@code timestamptz}, an enum's or a domain's base type's name), through the connection's type
 * cache — what {@code getColumnTypeName} gives for every column but those three aliases, which are not types
 * (the table's description says where a column's values come from). A result that is not pgJDBC's own goes the
 * JDBC way. PgResultColumnsTest holds the two to each other.
 *
 * <p>Values are the server's text ({@code psql}'s spelling) but where JSON has the same value: booleans, integers,
 * floats and numerics stay numbers, bytea stays hex cut by bytes. pgJDBC's objects would change the others:
 * {@code timetz} and {@code timestamptz} become local {@code java.sql} times without their offset, {@code time}
 * loses its fraction, arrays lose their quoting, {@code xml} is an object with no text of its own. The text is
 * also cheaper than building those objects. The connections never prepare statements on the server
 * ({@code prepareThreshold=0}): a prepared statement gets binary results (pgJDBC prepares from a statement's fifth
 * run on a connection), which pgJDBC would format itself. Stateless.
 */
final class PgResultColumns implements ResultColumns {
    static final PgResultColumns INSTANCE = new PgResultColumns();
    /** The types whose pgJDBC object JSON carries exactly (domains arrive as their base type). */
    private static final Set<String> JSON_NATIVE =
            Set.of("bool", "int2", "int4", "int8", "oid", "float4", "float8", "numeric", "bytea");

    private PgResultColumns() {}

    @Override
    public List<QueryResult.Column> read(ResultSet rs) throws SQLException {
        if (!rs.isWrapperFor(PgResultSet.class)) {
            return JDBC.read(rs);
        }
        PgResultSet pg = rs.unwrap(PgResultSet.class);
        TypeInfo types =
                rs.getStatement().getConnection().unwrap(BaseConnection.class).getTypeInfo();
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<QueryResult.Column> columns = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            columns.add(new QueryResult.Column(md.getColumnLabel(i), types.getPGType(pg.getColumnOID(i))));
        }
        return columns;
    }

    @Override
    public ColumnReader[] readers(List<QueryResult.Column> columns) {
        return ResultColumns.byType(
                columns, type -> JSON_NATIVE.contains(type) ? ColumnReader.OBJECT : ColumnReader.TEXT);
    }
}
