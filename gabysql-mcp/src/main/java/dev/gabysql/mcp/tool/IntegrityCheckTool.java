package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.json.JsonTrees;
import io.modelcontextprotocol.spec.McpSchema;

/** {@code gabysql_integrity_check}: the engine's own integrity check. */
public final class IntegrityCheckTool implements GabyTool {
    static final String NAME = "gabysql_integrity_check";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .title("Check database integrity")
                .description("Run the database engine's own integrity check (SQLite: PRAGMA integrity_check;"
                        + " PostgreSQL: the closest check the server offers) and report any problem. The answer"
                        + " says what was checked. Read-only, but it reads the whole database and can take a"
                        + " while on a big one.")
                .inputSchema(Schemas.input(
                        Schemas.props("db", Schemas.string("Database name from gabysql_list_databases.")), "db"))
                .outputSchema(Schemas.output(
                        Schemas.props(
                                "database", Schemas.string(null),
                                "ok", Schemas.bool("No problem found."),
                                "method", Schemas.string("What was run."),
                                "checked", Schemas.string("What the check covered."),
                                "problems", Schemas.array(Schemas.string(null), null)),
                        "database",
                        "ok",
                        "method",
                        "problems"))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        IntegrityReport r =
                call.service().integrityCheck(call.context(), call.args().requireString("db"));
        return new ToolOutcome(text(r), json(r));
    }

    /**
     * The report as the mapper writes the record, built without it: a session's first check would otherwise pay
     * for making an {@code ObjectMapper} (docs/design.md#start-up). IntegrityCheckToolTest holds the two together.
     */
    static ObjectNode json(IntegrityReport r) {
        ObjectNode o = JsonTrees.object();
        JsonTrees.putIfNotNull(o, "database", r.database());
        o.put("ok", r.ok());
        JsonTrees.putIfNotNull(o, "method", r.method());
        JsonTrees.putIfNotNull(o, "checked", r.checked());
        o.set("problems", JsonTrees.node(r.problems()));
        return o;
    }

    static String text(IntegrityReport r) {
        StringBuilder sb = new StringBuilder(r.database())
                .append(": ")
                .append(r.ok() ? "ok" : r.problems().size() + " problem(s)")
                .append(" (")
                .append(r.method());
        if (r.checked() != null) {
            sb.append("; checked ").append(r.checked());
        }
        sb.append(')');
        r.problems().forEach(p -> sb.append("\n- ").append(p));
        return sb.toString();
    }
}
