package dev.gabysql.core.exec;

import dev.gabysql.core.api.QueryResult;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads the columns of a result: each one's label and the database's type name, and how each one's values are
 * read ({@link #readers}). {@link #JDBC} asks {@link ResultSetMetaData}, which every driver has; a session whose
 * driver can answer the same for less work, or whose driver's objects would change some values, offers its own
 * ({@link Session#resultColumns()}): the columns are read once per query, so early in a process, while the JIT
 * has compiled little, a driver's metadata path can be a good part of a small query's time.
 */
@FunctionalInterface
public interface ResultColumns {
    /** Through {@link ResultSetMetaData}: {@code getColumnLabel} and {@code getColumnTypeName}. */
    ResultColumns JDBC = rs -> {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<QueryResult.Column> columns = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            columns.add(new QueryResult.Column(md.getColumnLabel(i), md.getColumnTypeName(i)));
        }
        return columns;
    };

    /** The columns of {@code rs}, in order, before its first row is read. */
    List<QueryResult.Column> read(ResultSet rs) throws SQLException;

    /** How each of {@code columns}' values is read, in order. Default: {@link ColumnReader#OBJECT} for all. */
    default ColumnReader[] readers(List<QueryResult.Column> columns) {
        return byType(columns, type -> ColumnReader.OBJECT);
    }

    /** One reader per column, in order, chosen by the column's type name. */
    static ColumnReader[] byType(List<QueryResult.Column> columns, Function<String, ColumnReader> forType) {
        ColumnReader[] readers = new ColumnReader[columns.size()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = forType.apply(columns.get(i).type());
        }
        return readers;
    }
}
