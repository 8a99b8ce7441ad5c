package dev.gabysql.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.util.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/** {@code gabysql_list_databases}: the catalog, the starting point of every session. */
final class ListDatabasesTool implements GabyTool {
    static final String NAME = "gabysql_list_databases";

    @Override
    public McpSchema.Tool definition() {
        Map<String, Object> db = Schemas.anyObject("One database.");
        db.put("properties", Schemas.props(
                "name", Schemas.string("The name to pass as db to the other tools."),
                "dialect", Schemas.string("sqlite, postgresql, …"),
                "url", Schemas.string("Where it is (password masked)."),
                "description", Schemas.string("What it holds, when configured."),
                "mode", Schemas.string("The access you get: readonly, readwrite or admin."),
                "warnings", Schemas.array(Schemas.string(null), "Problems found, e.g. a missing file.")));
        return McpSchema.Tool.builder().name(NAME).title("List databases")
                .description("List the databases you can use: name, engine (dialect), the access mode you get"
                        + " (readonly, readwrite or admin), a description when configured, and warnings such as a"
                        + " missing file. Every other gabysql tool takes one of these names as db — never a file"
                        + " path or URL. Call this first.")
                .inputSchema(Schemas.input(Schemas.props()))
                .outputSchema(Schemas.output(Schemas.props("databases", Schemas.array(db, "The catalog.")),
                        "databases"))
                .annotations(GabyTool.readOnly("List databases"))
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.set("databases", Json.tree(call.service().listDatabases(call.context())));
        return ToolOutcome.json(out);
    }
}
