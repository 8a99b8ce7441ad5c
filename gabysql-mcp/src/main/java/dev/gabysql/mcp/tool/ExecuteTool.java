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
                .title("Change data (preview, then approval)")
                .description("Change data. Call with db and sql (one INSERT, UPDATE, DELETE or MERGE; DDL only in"
                        + " admin mode): the statement runs inside a transaction that is rolled back — nothing is"
                        + " committed — and you get the affected row count and a preview of the affected rows."
                        + " Then, depending on the database's approval (gabysql_list_databases): approval human —"
                        + " the user is asked to approve in this client when it can ask (the call then answers"
                        + " committed or rejected), otherwise the answer is awaiting_approval with an approval_id"
                        + " and a person approves outside this conversation; call again with db and approval_id"
                        + " to learn the outcome. approval agent — you get a confirm_token: show the preview to the"
                        + " user and only after they approve call again with the same db, sql and params plus that"
                        + " confirm_token. A commit happens only if the affected rows still match the preview."
                        + " UPDATE or DELETE without WHERE is refused unless allow_full_table is true. Reads belong"
                        + " in gabysql_query.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string("Database name from gabysql_list_databases."),
                                "sql",
                                        Schemas.string("One write statement, e.g. UPDATE orders SET status = ? WHERE"
                                                + " id = ?. Required unless approval_id is given."),
                                "confirm_token",
                                        Schemas.string("Approval agent only: the token of the preview the user"
                                                + " approved; omit to preview."),
                                "approval_id",
                                        Schemas.string(
                                                "Ask what became of a write awaiting approval (with db;" + " no sql)."),
                                "allow_full_table",
                                        Schemas.bool("Allow UPDATE/DELETE without WHERE (every row). Default false."),
                                "params", Schemas.array(Schemas.scalar(), "Values for the ? placeholders, in order.")),
                        "db"))
                .outputSchema(Schemas.output(
                        Schemas.props(
                                "status",
                                        Schemas.string("previewed (token issued), no_preview, committed,"
                                                + " executed_without_preview, awaiting_approval, pending, rejected,"
                                                + " expired, changed or failed."),
                                "affected_rows", Schemas.integer("Rows the statement affected.", 0),
                                "preview", Schemas.anyObject("Affected rows as {columns, rows, row_count, truncated}."),
                                "confirm_token", Schemas.string("Pass it back to commit, after the user approved."),
                                "approval_id", Schemas.string("Names the write awaiting a person; it commits nothing."),
                                "expires_at", Schemas.string("When the token or the approval expires (ISO-8601)."),
                                "notes", Schemas.array(Schemas.string(null), "What else to know."),
                                "next_step", Schemas.string("What to do now.")),
                        "status",
                        "affected_rows"))
                .annotations(McpSchema.ToolAnnotations.builder()
                        .readOnlyHint(false)
                        .destructiveHint(true)
                        .idempotentHint(false)
                        .openWorldHint(false)
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
