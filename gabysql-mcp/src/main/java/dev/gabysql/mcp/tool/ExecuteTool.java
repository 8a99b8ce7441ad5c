package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.json.JsonTrees;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/**
 * {@code gabysql_execute}: a write, previewed then confirmed (docs/design.md#writes-preview-and-confirm). Registered
 * only when some database allows writes; even so, the handler refuses in readonly before the service is touched,
 * because a client can call a tool that {@code tools/list} never showed it (the MCP Java SDK's tool filters only hide
 * tools from the list).
 *
 * <p>Where a person approves writes (docs/design.md#approval) the preview waits for them, and the model gets an
 * approval id that commits nothing. When the client declared elicitation, the person is asked in the same call, in
 * the client's own form ({@link ApprovalForm}); their answer reaches this handler only, and their yes commits here,
 * through {@link dev.gabysql.core.api.GabyService#decide}. A client that cannot ask is told where a person approves
 * ({@link McpOptions#approvalPlace()}), and the model asks later with {@code approval_id} what became of the write.
 */
public final class ExecuteTool implements GabyTool {
    public static final String NAME = "gabysql_execute";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .description("One INSERT, UPDATE, DELETE or MERGE (DDL in admin mode). Without"
                        + " confirm_token it previews and commits nothing: affected_rows, a preview, a next_step."
                        + " Only once the user approved the preview, send its confirm_token with the same db,"
                        + " sql and params to commit. On awaiting_approval a person decides; ask later by"
                        + " approval_id. UPDATE/DELETE without WHERE needs allow_full_table.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string(),
                                "sql", Schemas.string(),
                                "params", Schemas.params(),
                                "confirm_token", Schemas.string(),
                                "approval_id", Schemas.string(),
                                "allow_full_table", Schemas.typed("boolean")),
                        "db"))
                .annotations(McpSchema.ToolAnnotations.builder()
                        .readOnlyHint(false)
                        .destructiveHint(true)
                        .build())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Mode cap = call.context().callerCap();
        if (!call.service().highestMode().allowsWrites() || cap != null && !cap.allowsWrites()) {
            throw new GabyException(
                    ErrorCode.READ_ONLY,
                    "gabysql_execute is not available: this session is" + " readonly.",
                    "Use gabysql_query for reads. Writes need a server started with --mode readwrite"
                            + " (or admin) and a database that allows them.");
        }
        Args a = call.args();
        String db = a.requireString("db");
        String approvalId = a.optionalString("approval_id");
        if (approvalId != null) {
            ExecuteResult r = call.service()
                    .execute(call.context(), new ExecuteRequest(db, null, List.of(), null, false, approvalId));
            return ToolOutcome.json(render(r, call.options()));
        }
        ExecuteRequest request = new ExecuteRequest(
                db,
                a.sql(),
                a.optionalParams("params"),
                a.optionalString("confirm_token"),
                a.optionalBoolean("allow_full_table"));
        ExecuteResult r = call.service().execute(call.context(), request);
        if (AWAITING.equals(r.status()) && r.approvalId() != null && call.person() != null) {
            return ToolOutcome.json(ApprovalForm.ask(call, request, r));
        }
        return ToolOutcome.json(render(r, call.options()));
    }

    static final String AWAITING = "awaiting_approval";

    static ObjectNode render(ExecuteResult r, McpOptions options) {
        ObjectNode o = JsonTrees.object();
        o.put("status", r.status());
        o.put("affected_rows", r.affectedRows());
        if (r.preview() != null) {
            o.putRawValue("preview", new RawValue(QueryJson.compactText(r.preview())));
        }
        if (r.confirmToken() != null) {
            o.put("confirm_token", r.confirmToken());
        }
        if (r.approvalId() != null) {
            o.put("approval_id", r.approvalId());
        }
        if (r.expiresAt() != null) {
            o.put("expires_at", r.expiresAt());
        }
        o.set("notes", JsonTrees.node(r.notes()));
        String next = nextStep(r, options);
        if (next != null) {
            o.put("next_step", next);
        }
        return o;
    }

    private static String nextStep(ExecuteResult r, McpOptions options) {
        switch (r.status()) {
            case "no_preview":
                return r.confirmToken() == null
                        ? null
                        : "Nothing ran, and this write cannot be previewed. Show the user why (notes); only after"
                                + " they approve, call gabysql_execute again with the same db, sql and params and this"
                                + " confirm_token: it then runs for real at once.";
            case AWAITING:
                return "Nothing was committed, and you cannot commit it: a person approves it. Show the user this"
                        + " preview and tell them that " + options.approvalPlace() + " (approval id "
                        + r.approvalId() + "). Later, call gabysql_execute with db and approval_id to learn the"
                        + " outcome; do not send the statement again.";
            case "pending":
                return "Still waiting for a person: " + options.approvalPlace() + ". Ask again later with the same"
                        + " approval_id; do not send the statement again.";
            case "rejected":
                return "A person rejected this write; nothing was committed and the database is unchanged. Do not"
                        + " retry unless the user asks for it.";
            case "expired":
                return "Nobody approved it in time; nothing was committed. Preview it again only if the user still"
                        + " wants the change.";
            case "changed":
                return "The data changed after the preview, so nothing was committed. Preview it again to see the"
                        + " rows it would change now.";
            case "failed":
                return "The commit failed and nothing was committed (notes say why).";
            default:
                return r.confirmToken() == null
                        ? null
                        : "Nothing was committed. Show this preview and its blast radius to the user; only after they"
                                + " approve, call gabysql_execute again with the same db, sql and params and this"
                                + " confirm_token.";
        }
    }
}
