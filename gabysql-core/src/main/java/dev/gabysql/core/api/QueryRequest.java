package dev.gabysql.core.api;

import java.util.List;

/** A read: one statement against a named database, with optional positional parameters and row cap. */
public record QueryRequest(String db, String sql, List<Object> params, Integer maxRows) {
    public QueryRequest {
        params = params == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(params));
    }

    public static QueryRequest of(String db, String sql) {
        return new QueryRequest(db, sql, List.of(), null);
    }
}
