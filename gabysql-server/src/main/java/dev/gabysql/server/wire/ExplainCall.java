package dev.gabysql.server.wire;

import java.util.List;

/**
 * The body of {@code POST /databases/{db}/explain} (the read whose plan is wanted) and of
 * {@code POST /databases/{db}/inspect} (the statement to classify), and of {@code POST /databases/{db}/split} (the
 * text to split), and of {@code POST /databases/{db}/advise} (the read to advise indexes for).
 */
public record ExplainCall(String sql) {
    public static final List<String> FIELDS = List.of("sql");
}
