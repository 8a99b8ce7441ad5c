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
                .title("Search objects and columns")
                .description("Find tables, views, columns and other objects whose names match a pattern"
                        + " (case-insensitive, matches anywhere in the name; % is a wildcard). Narrow it with kind,"
                        + " e.g. \"table\", \"view\", \"column\", \"index\" or \"function\". Cheaper than describing a"
                        + " big schema when you roughly know what you are looking for.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string("Database name from gabysql_list_databases."),
                                "pattern", Schemas.string("Part of a name, e.g. \"customer\" or \"order%id\"."),
                                "kind",
                                        Schemas.string(
                                                "Only objects of this kind (table, view, column, index, function,"
                                                        + " …); omit for all.")),
                        "db",
                        "pattern"))
                .outputSchema(Schemas.output(Schemas.props()))
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
