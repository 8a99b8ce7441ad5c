package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.Rendered;
import io.modelcontextprotocol.spec.McpSchema;

/** {@code gabysql_describe_table}: everything about one table or view. */
public final class DescribeTableTool implements GabyTool {
    static final String NAME = "gabysql_describe_table";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .title("Describe a table")
                .description("Everything about one table or view: columns (type, nullability, default), primary"
                        + " key, foreign keys, indexes and constraints. Name it as gabysql_describe_database lists"
                        + " it; qualify it with its schema (\"sales.orders\") when the name is ambiguous."
                        + " sample_rows: true adds a few example rows.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string("Database name from gabysql_list_databases."),
                                "table", Schemas.string("Table or view name, optionally schema-qualified."),
                                "sample_rows", Schemas.bool("Add a few example rows (default false).")),
                        "db",
                        "table"))
                .outputSchema(Schemas.output(Schemas.props("name", Schemas.string("The table or view."))))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Args a = call.args();
        Rendered r = call.service()
                .describeTable(
                        call.context(),
                        a.requireString("db"),
                        a.requireString("table"),
                        a.optionalBoolean("sample_rows"));
        return ToolOutcome.of(r.text(), r.json());
    }
}
