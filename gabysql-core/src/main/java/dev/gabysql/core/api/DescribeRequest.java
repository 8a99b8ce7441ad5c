package dev.gabysql.core.api;

import java.util.List;

/**
 * What to describe. {@code detail} is "names", "summary" or "full"; {@code cursor} continues a paged answer.
 */
public record DescribeRequest(
        String db, String detail, String schema, List<String> tables, String pattern, String cursor) {
    public DescribeRequest {
        tables = tables == null ? List.of() : List.copyOf(tables);
    }

    public static DescribeRequest of(String db, String detail) {
        return new DescribeRequest(db, detail, null, List.of(), null, null);
    }
}
