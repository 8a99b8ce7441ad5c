package dev.gabysql.core.exec;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Reads one column's value of the current row as a JSON-friendly one (null, Boolean, Long, BigDecimal, Double,
 * String), cut to a character cap with a visible marker. A dialect chooses one per column
 * ({@link ResultColumns#readers}): the driver's object where it maps onto JSON exactly (numbers, booleans, bytes),
 * the database's own text where the driver's object would change the value's meaning or spelling (a PostgreSQL
 * {@code timetz} turned into a local {@code java.sql.Time} loses its offset).
 */
@FunctionalInterface
public interface ColumnReader {
    /** The driver's object, made JSON-friendly ({@code getObject}): numbers stay numbers, bytes become hex. */
    ColumnReader OBJECT = Values::read;

    /** The value as the database writes it ({@code getString}), cut to the cap. */
    ColumnReader TEXT = (rs, column, maxChars) -> {
        String s = rs.getString(column);
        return s == null ? null : Values.cut(s, maxChars, s.length());
    };

    /** Column {@code column} (1-based) of {@code rs}'s current row. */
    Object read(ResultSet rs, int column, int maxChars) throws SQLException;
}
