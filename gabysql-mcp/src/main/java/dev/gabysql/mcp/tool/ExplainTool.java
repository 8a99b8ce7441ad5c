package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.json.JsonTrees;
import io.modelcontextprotocol.spec.McpSchema;

/** {@code gabysql_explain}: the plan of a read, without running it. */
public final class ExplainTool implements GabyTool {
    static final String NAME = "gabysql_explain";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .title("Explain a query plan")
                .description("Show how the database would run one read statement, without running it (EXPLAIN,"
                        + " never ANALYZE). Use it before a query on a big table to check that it uses an index"
                        + " and does not scan everything.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string("Database name from gabysql_list_databases."),
                                "sql", Schemas.string("The read statement to explain (without EXPLAIN).")),
                        "db",
                        "sql"))
                .outputSchema(Schemas.output(
                        Schemas.props("plan", Schemas.string("The plan, as the database prints it.")), "plan"))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Args a = call.args();
        Rendered r = call.service().explain(call.context(), a.requireString("db"), a.sql());
        ObjectNode out = JsonTrees.object();
        out.put("plan", r.text());
        return new ToolOutcome(r.text(), out);
    }
}
