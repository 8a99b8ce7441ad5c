package dev.gabysql.core.api;

import java.util.List;

/**
 * A write: previewed when {@code confirmToken} is null, committed when it carries the preview's token (approval
 * agent). With {@code approvalId} it asks what became of a write that waits for a person (approval human); {@code
 * sql} may then be null.
 */
public record ExecuteRequest(
        String db, String sql, List<Object> params, String confirmToken, boolean allowFullTable, String approvalId) {
    public ExecuteRequest {
        params = params == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(params));
    }

    public ExecuteRequest(String db, String sql, List<Object> params, String confirmToken, boolean allowFullTable) {
        this(db, sql, params, confirmToken, allowFullTable, null);
    }
}
