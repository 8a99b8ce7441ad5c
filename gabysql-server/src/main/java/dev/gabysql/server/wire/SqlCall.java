package dev.gabysql.server.wire;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.QueryRequest;
import java.util.List;

/**
 * The body of {@code POST /sql}. A call is a write ({@code GabyService.execute}: preview, or commit with a token)
 * when it says so with {@code "execute": true}, or carries {@code confirm_token} or {@code allow_full_table};
 * otherwise it is a read. The route is chosen by what the caller asked, never guessed from the SQL, so a read
 * request can never end up writing.
 */
public record SqlCall(
        String db,
        String sql,
        List<Object> params,
        Integer maxRows,
        String confirmToken,
        Boolean allowFullTable,
        Boolean execute) {

    /** The fields a body may carry, for the error that names an unknown one. */
    public static final List<String> FIELDS =
            List.of("db", "sql", "params", "max_rows", "confirm_token", "allow_full_table", "execute");

    public static SqlCall read(QueryRequest r) {
        return new SqlCall(r.db(), r.sql(), r.params().isEmpty() ? null : r.params(), r.maxRows(), null, null, null);
    }

    public static SqlCall write(ExecuteRequest r) {
        return new SqlCall(
                r.db(),
                r.sql(),
                r.params().isEmpty() ? null : r.params(),
                null,
                r.confirmToken(),
                r.allowFullTable() ? Boolean.TRUE : null,
                Boolean.TRUE);
    }

    @JsonIgnore
    public boolean isWrite() {
        return Boolean.TRUE.equals(execute) || confirmToken != null || allowFullTable != null;
    }

    public QueryRequest toQuery() {
        return new QueryRequest(db, sql, params, maxRows);
    }

    public ExecuteRequest toExecute() {
        return new ExecuteRequest(db, sql, params, confirmToken, Boolean.TRUE.equals(allowFullTable));
    }
}
