package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.Rendered;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/** {@code gabysql_describe_database}: the schema as one structured bundle, with progressive detail. */
public final class DescribeDatabaseTool implements GabyTool {
    static final String NAME = "gabysql_describe_database";
    static final List<String> DETAILS = List.of("names", "summary", "full");

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .title("Describe a database")
                .description("Describe the structure of one database as a compact JSON bundle (not raw DDL)."
                        + " Use progressive detail on big schemas: \"names\" lists tables and views only;"
                        + " \"summary\" (the default) adds columns, types and keys; \"full\" adds everything else"
                        + " (indexes, foreign keys, constraints, view definitions, …). Narrow it with schema or"
                        + " tables. When the answer carries a next_cursor, call again with cursor for the next"
                        + " part. Look here before writing a query.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string("Database name from gabysql_list_databases."),
                                "detail",
                                        Schemas.choice("names, summary (default) or full.", "names", "summary", "full"),
                                "schema", Schemas.string("Only this schema (PostgreSQL namespace), e.g. \"public\"."),
                                "tables", Schemas.array(Schemas.string(null), "Only these tables or views."),
                                "cursor", Schemas.string("The next_cursor of a previous answer, to continue it.")),
                        "db"))
                .outputSchema(Schemas.output(Schemas.props(
                        "database", Schemas.string("The database described."),
                        "next_cursor", Schemas.string("Pass as cursor to get the rest, when present."))))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Args a = call.args();
        DescribeRequest request = new DescribeRequest(
                a.requireString("db"),
                a.optionalChoice("detail", "summary", DETAILS),
                a.optionalString("schema"),
                a.optionalStrings("tables"),
                null,
                a.optionalString("cursor"));
        Rendered r = call.service().describeDatabase(call.context(), request);
        return ToolOutcome.of(r.text(), r.json());
    }
}
