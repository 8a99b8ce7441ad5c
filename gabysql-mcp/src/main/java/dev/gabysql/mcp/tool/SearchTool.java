package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.Rendered;
import io.modelcontextprotocol.spec.McpSchema;

/** {@code gabysql_search}: objects and columns by name. */
public final class SearchTool implements GabyTool {
    static final String NAME = "gabysql_search";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .description(
                        "Objects by name (case-insensitive substring, % a wildcard); kind: table, view, column, index or"
                                + " function.")
                .inputSchema(Schemas.input(
                        Schemas.props("db", Schemas.string(), "pattern", Schemas.string(), "kind", Schemas.string()),
                        "db",
                        "pattern"))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Args a = call.args();
        Rendered r = call.service()
                .search(call.context(), a.requireString("db"), a.requireString("pattern"), a.optionalString("kind"));
        return ToolOutcome.of(r.text(), r.json());
    }
}
