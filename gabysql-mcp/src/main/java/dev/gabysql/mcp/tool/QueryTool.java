package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/** {@code gabysql_query}: one read, capped rows back. */
public final class QueryTool implements GabyTool {
    static final String NAME = "gabysql_query";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .title("Run a read-only SQL query")
                .description("Run exactly one read-only SQL statement (SELECT, WITH … SELECT, VALUES, TABLE, SHOW,"
                        + " EXPLAIN without ANALYZE) in the database's own dialect and get rows back. gabysql's"
                        + " statements SHOW DATABASES, SHOW TABLES, DESCRIBE <table> and INTEGRITY CHECK work too."
                        + " Writes, DDL, transaction control, SET and several statements in one call are refused."
                        + " Results are capped in rows and characters: when truncated is true, narrow the query"
                        + " (WHERE, LIMIT, aggregates) instead of fetching everything. Pass values in params with ?"
                        + " placeholders rather than pasting literals into the SQL.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string("Database name from gabysql_list_databases."),
                                "sql",
                                        Schemas.string("One read statement, e.g. SELECT id, name FROM customers WHERE"
                                                + " city = ? LIMIT 20"),
                                "params", Schemas.array(Schemas.scalar(), "Values for the ? placeholders, in order."),
                                "max_rows",
                                        Schemas.integer(
                                                "Return at most this many rows (never more than the server's"
                                                        + " cap, 500 by default).",
                                                1)),
                        "db",
                        "sql"))
                .outputSchema(outputSchema())
                .annotations(GabyTool.readOnly())
                .build();
    }

    static Map<String, Object> outputSchema() {
        return Schemas.output(rowsProperties(), "columns", "rows", "row_count", "truncated");
    }

    static Map<String, Object> rowsProperties() {
        return Schemas.props(
                "columns", Schemas.array(Schemas.string(null), null),
                "rows", Schemas.array(Schemas.anyArray(null), "Arrays of values, in column order."),
                "row_count", Schemas.integer(null, 0),
                "truncated", Schemas.bool("A row or size cap cut the result."),
                "note", Schemas.string("Which cap cut it and what to do instead."),
                "types", Schemas.array(Schemas.string(null), "Database type of each column."),
                "elapsed_ms", Schemas.integer(null, 0));
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
