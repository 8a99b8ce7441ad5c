package dev.gabysql.server.wire;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;

/**
 * The body of {@code POST /sql}. A call is a write ({@code GabyService.execute}: preview, or commit with a token)
 * when it says so with {@code "execute": true}, or carries {@code confirm_token} or {@code allow_full_table};
 * otherwise it is a read. The route is chosen by what the caller asked, never guessed from the SQL, so a read
 * request can never end up writing. With {@code approval_id} (and {@code db}) it asks what became of a write that
 * waits for a person (docs/design.md#approval): that commits nothing, whatever else the body says.
 */
public record SqlCall(
        String db,
        String sql,
        List<Object> params,
        Integer maxRows,
        String confirmToken,
        Boolean allowFullTable,
        Boolean execute,
        String approvalId) {

    /** The fields a body may carry, for the error that names an unknown one. */
    public static final List<String> FIELDS =
            List.of("db", "sql", "params", "max_rows", "confirm_token", "allow_full_table", "execute", "approval_id");

    public static SqlCall read(QueryRequest r) {
        return new SqlCall(
                r.db(), r.sql(), r.params().isEmpty() ? null : r.params(), r.maxRows(), null, null, null, null);
    }

    /** A write, or with an approval id only the question about that write (no SQL, no token sent). */
    public static SqlCall write(ExecuteRequest r) {
        if (r.approvalId() != null) {
            return new SqlCall(r.db(), null, null, null, null, null, null, r.approvalId());
        }
        return new SqlCall(
                r.db(),
                r.sql(),
                r.params().isEmpty() ? null : r.params(),
                null,
                r.confirmToken(),
                r.allowFullTable() ? Boolean.TRUE : null,
                Boolean.TRUE,
                null);
    }

    @JsonIgnore
    public boolean isWrite() {
        return Boolean.TRUE.equals(execute) || confirmToken != null || allowFullTable != null || approvalId != null;
    }

    public QueryRequest toQuery() {
        return new QueryRequest(db, sql, params, maxRows);
    }

    public ExecuteRequest toExecute() {
        if (approvalId != null && confirmToken != null) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "A body with approval_id asks what became of a write; it cannot carry a confirm_token too.",
                    "Send {\"db\", \"approval_id\"} to learn the outcome; a person approves the write.");
        }
        return new ExecuteRequest(db, sql, params, confirmToken, Boolean.TRUE.equals(allowFullTable), approvalId);
    }
}
