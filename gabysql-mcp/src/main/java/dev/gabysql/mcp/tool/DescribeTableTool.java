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
                .description("A table or view in full: columns, keys, foreign keys, indexes, constraints;"
                        + " sales.orders if ambiguous.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string(),
                                "table", Schemas.string(),
                                "sample_rows", Schemas.typed("boolean")),
                        "db",
                        "table"))
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
