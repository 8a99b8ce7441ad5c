package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.json.JsonTrees;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * {@code gabysql_explain}: the plan of a read, without running it; with {@code advise}, the indexes that would serve
 * it, proven by the planner with hypothetical indexes where the engine can (docs/dba.md#index-advice).
 */
public final class ExplainTool implements GabyTool {
    static final String NAME = "gabysql_explain";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .description("The plan of one read (sql without EXPLAIN), not run: does it use an index? advise:"
                        + " indexes that would help, costed with hypopg.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string(), "sql", Schemas.string(), "advise", Schemas.typed("boolean")),
                        "db",
                        "sql"))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Args a = call.args();
        String db = a.requireString("db");
        if (a.optionalBoolean("advise")) {
            Rendered r = call.service().adviseIndexes(call.context(), db, a.sql());
            return ToolOutcome.of(r.text(), r.json());
        }
        Rendered r = call.service().explain(call.context(), db, a.sql());
        ObjectNode out = JsonTrees.object();
        out.put("plan", r.text());
        return new ToolOutcome(r.text(), out);
    }
}
