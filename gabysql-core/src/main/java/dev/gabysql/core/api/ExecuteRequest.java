package dev.gabysql.core.api;

import java.util.List;

/** A write: previewed when {@code confirmToken} is null, committed when it carries the preview's token. */
public record ExecuteRequest(String db, String sql, List<Object> params, String confirmToken, boolean allowFullTable) {
    public ExecuteRequest {
        params = params == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(params));
    }
}
