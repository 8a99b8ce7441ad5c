package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import io.modelcontextprotocol.spec.McpSchema;

/** {@code gabysql_query}: one read, capped rows back. */
public final class QueryTool implements GabyTool {
    static final String NAME = "gabysql_query";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .description("One read statement (SELECT, WITH, VALUES, SHOW, EXPLAIN without ANALYZE, DESCRIBE t)"
                        + " in the database's dialect, values as ? in params. Capped: truncated: true means narrow it"
                        + " (WHERE, LIMIT, aggregates).")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string(),
                                "sql", Schemas.string(),
                                "params", Schemas.params(),
                                "max_rows", Schemas.integer(null, 1)),
                        "db",
                        "sql"))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Args a = call.args();
        QueryRequest request = new QueryRequest(
                a.requireString("db"), a.sql(), a.optionalParams("params"), a.optionalInt("max_rows", 1));
        QueryResult r = call.service().query(call.context(), request);
        return new ToolOutcome(QueryJson.written(r)); // the text is the compact form; structuredContent adds details
    }
}
