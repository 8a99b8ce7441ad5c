package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.json.JsonTrees;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/**
 * {@code gabysql_health}: a DBA's reports (docs/dba.md) — health, the heaviest statements, what runs now — and the
 * engine's integrity check, in one tool: four tools' worth of answers for one tool's share of the tool list, which a
 * model carries on every turn (issue 25; the integrity check was a tool of its own before issue 26).
 */
public final class HealthTool implements GabyTool {
    static final String NAME = "gabysql_health";
    private static final String INTEGRITY = "integrity";
    private static final List<String> REPORTS = List.of("health", "top_queries", "activity", INTEGRITY);

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .description("DBA findings with fixes. report: health (checks: a,b), top_queries (by), activity,"
                        + " integrity.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string(),
                                "report", Schemas.choice(REPORTS.toArray(new String[0])),
                                "checks", Schemas.string(),
                                "by", Schemas.string(),
                                "cursor", Schemas.string()),
                        "db"))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Args a = call.args();
        String db = a.requireString("db");
        String report = a.optionalChoice("report", "health", REPORTS);
        if (report.equals(INTEGRITY)) {
            IntegrityReport r = call.service().integrityCheck(call.context(), db);
            return new ToolOutcome(text(r), json(r));
        }
        Rendered r = call.service()
                .health(
                        call.context(),
                        new HealthRequest(
                                db,
                                report,
                                a.optionalString("by"), // top_queries: total_time unless it says
                                null,
                                a.optionalString("cursor"),
                                HealthRequest.parseChecks(a.optionalString("checks"))));
        return ToolOutcome.of(r.text(), r.json());
    }

    /**
     * The integrity report as the mapper writes the record, built without it: a session's first check would otherwise
     * pay for making an {@code ObjectMapper} (docs/design.md#start-up). HealthToolTest holds the two together.
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
