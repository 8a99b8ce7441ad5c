package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.exec.ResultColumns;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sqlite.core.CoreResultSet;
import org.sqlite.core.CoreStatement;
import org.sqlite.jdbc3.JDBC3ResultSet;

/**
 * The columns of a SQLite result as {@link ResultColumns#JDBC} gives them, for less work. The xerial driver's
 * {@code getColumnLabel} asks SQLite again for a name it read when the statement ran (and keeps in
 * {@link CoreResultSet#cols}), and its {@code getColumnTypeName} runs a regular expression over each declared
 * type; early in a process, interpreted, the two were a good part of a 1-row query's work.
 *
 * <p>Here the names come from {@code cols}, and a column's declared type straight from SQLite
 * ({@code sqlite3_column_decltype}), cut at its first parenthesis and upper-cased — what the driver's pattern
 * {@code ([^\(]*)} and {@code toUpperCase(Locale.ENGLISH)} give. A column without a declared type (an
 * expression, a CAST) and any result that is not the driver's own go the JDBC way, so nothing can differ.
 * SqliteResultColumnsTest holds the two to each other. Stateless.
 */
final class SqliteResultColumns implements ResultColumns {
    static final SqliteResultColumns INSTANCE = new SqliteResultColumns();

    private SqliteResultColumns() {}

    @Override
    public List<QueryResult.Column> read(ResultSet rs) throws SQLException {
        String[] names = rs instanceof JDBC3ResultSet ? ((CoreResultSet) rs).cols : null;
        if (names == null || !(rs.getStatement() instanceof CoreStatement)) {
            return JDBC.read(rs);
        }
        CoreStatement statement = (CoreStatement) rs.getStatement();
        ResultSetMetaData md = null;
        List<QueryResult.Column> columns = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            int column = i;
            String declared = statement.pointer.safeRun((db, ptr) -> db.column_decltype(ptr, column));
            String type;
            if (declared != null) {
                int paren = declared.indexOf('(');
                type = (paren < 0 ? declared : declared.substring(0, paren)).toUpperCase(Locale.ENGLISH);
            } else {
                md = md != null ? md : rs.getMetaData();
                type = md.getColumnTypeName(i + 1);
            }
            columns.add(new QueryResult.Column(names[i], type));
        }
        return columns;
    }
}
