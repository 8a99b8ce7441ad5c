package dev.gabysql.server.wire;

import dev.gabysql.core.api.QueryResult;
import java.util.List;

/** The answer to a read: {@code columns, rows, row_count, truncated, note?, elapsed_ms}. */
public record ReadAnswer(
        List<QueryResult.Column> columns,
        List<List<Object>> rows,
        int rowCount,
        boolean truncated,
        String note,
        long elapsedMs) {

    public static ReadAnswer of(QueryResult r) {
        return r == null
                ? null
                : new ReadAnswer(r.columns(), r.rows(), r.rowCount(), r.truncated(), r.note(), r.elapsedMillis());
    }

    public QueryResult toResult() {
        return new QueryResult(columns, rows, truncated, note, elapsedMs);
    }
}
