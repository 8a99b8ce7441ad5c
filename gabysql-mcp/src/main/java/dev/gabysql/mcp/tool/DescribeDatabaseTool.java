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
                .description("A database's schema. detail: names (tables, views; first on big schemas), summary"
                        + " (default: adds columns, keys) or full (adds indexes, foreign keys, constraints, views)."
                        + " schema and tables narrow it.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string(),
                                "detail", Schemas.choice("names", "summary", "full"),
                                "schema", Schemas.string(),
                                "tables", Schemas.array(Schemas.string(), null),
                                "cursor", Schemas.string()),
                        "db"))
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
