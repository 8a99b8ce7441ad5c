package dev.gabysql.server.wire;

import java.util.List;

/** The body of {@code POST /databases/{db}/explain}: the read whose plan is wanted. */
public record ExplainCall(String sql) {
    public static final List<String> FIELDS = List.of("sql");
}
