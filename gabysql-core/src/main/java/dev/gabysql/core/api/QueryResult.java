package dev.gabysql.core.api;

import java.util.List;

/**
 * Rows of a read, capped. Values are JSON-friendly: null, Boolean, Number, or String (long values cut with a
 * marker, binary shown as hex). {@code truncated} says a cap cut the rows; {@code note} says which and what to do.
 */
public record QueryResult(
        List<Column> columns, List<List<Object>> rows, boolean truncated, String note, long elapsedMillis) {
    public QueryResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** The same rows with one more sentence in the note (null: none to add). */
    public QueryResult withNote(String more) {
        if (more == null) {
            return this;
        }
        return new QueryResult(columns, rows, truncated, note == null ? more : note + " " + more, elapsedMillis);
    }

    public int rowCount() {
        return rows.size();
    }

    /** A column: its label and the database's type name. */
    public record Column(String name, String type) {}
}
