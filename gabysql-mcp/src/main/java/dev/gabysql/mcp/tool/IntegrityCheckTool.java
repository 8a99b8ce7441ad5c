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
                .description("The engine's own integrity check (SQLite: PRAGMA integrity_check): problems and what was"
                        + " checked. Reads the whole database: slow on a big one.")
                .inputSchema(Schemas.input(Schemas.props("db", Schemas.string()), "db"))
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
