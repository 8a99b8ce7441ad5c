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
                .description("The plan of one read statement (sql without EXPLAIN), not run: does it use an index?")
                .inputSchema(Schemas.input(Schemas.props("db", Schemas.string(), "sql", Schemas.string()), "db", "sql"))
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
