package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.exec.ColumnReader;
import dev.gabysql.core.exec.ResultColumns;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * A MariaDB/MySQL result's columns as JDBC names them, with dates and times read as text ({@code getString}: the
 * server's text, but that a fraction of a second has six digits). Connector/J's {@code java.sql} objects change
 * those values: a TIME is a time of day to them, so {@code 838:59:59} (TIME holds durations) reads
 * {@code 22:59:59} and {@code -01:00:00} reads {@code 23:00:00}; TIME(n) loses its fraction, a zero date reads
 * null, a DATETIME gains a {@code .0}, a YEAR is a date. Everything else is read as the driver's object, as on any
 * database. Stateless.
 */
final class MariaDbResultColumns implements ResultColumns {
    static final MariaDbResultColumns INSTANCE = new MariaDbResultColumns();
    private static final Set<String> TEMPORAL = Set.of("TIME", "DATE", "DATETIME", "TIMESTAMP", "YEAR");

    private MariaDbResultColumns() {}

    @Override
    public List<QueryResult.Column> read(ResultSet rs) throws SQLException {
        return JDBC.read(rs);
    }

    @Override
    public ColumnReader[] readers(List<QueryResult.Column> columns) {
        return ResultColumns.byType(columns, type -> TEMPORAL.contains(type) ? ColumnReader.TEXT : ColumnReader.OBJECT);
    }
}
