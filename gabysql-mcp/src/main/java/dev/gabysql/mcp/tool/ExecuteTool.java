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

/**
 * {@code gabysql_execute}: a write, previewed then confirmed (docs/design.md#writes-preview-and-confirm). Registered
 * only when some database allows writes; even so, the handler refuses in readonly before the service is touched,
 * because a client can call a tool that {@code tools/list} never showed it (the MCP Java SDK's tool filters only hide
 * tools from the list).
 */
public final class ExecuteTool implements GabyTool {
    public static final String NAME = "gabysql_execute";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .title("Change data (preview, then confirm)")
                .description("Change data in two steps. 1) Call without confirm_token: the statement (one INSERT,"
                        + " UPDATE, DELETE or MERGE; DDL only in admin mode) runs inside a transaction that is then"
                        + " rolled back — nothing is committed — and you get the affected row count, a preview of"
                        + " the affected rows and a confirm_token. 2) Show the preview to the user; only after they"
                        + " approve, call again with the same db, sql and params plus that confirm_token to commit."
                        + " The commit happens only if the affected count still matches. UPDATE or DELETE without"
                        + " WHERE is refused unless allow_full_table is true. Tokens expire after a few minutes and"
                        + " cannot confirm different SQL. Reads belong in gabysql_query.")
                .inputSchema(Schemas.input(
                        Schemas.props(
                                "db", Schemas.string("Database name from gabysql_list_databases."),
                                "sql",
                                        Schemas.string(
                                                "One write statement, e.g. UPDATE orders SET status = ? WHERE id = ?"),
                                "confirm_token",
                                        Schemas.string(
                                                "The token of the preview the user approved; omit to" + " preview."),
                                "allow_full_table",
                                        Schemas.bool(
                                                "Allow UPDATE/DELETE without WHERE (every row). Default" + " false."),
                                "params", Schemas.array(Schemas.scalar(), "Values for the ? placeholders, in order.")),
                        "db",
                        "sql"))
                .outputSchema(Schemas.output(
                        Schemas.props(
                                "status",
                                        Schemas.string("previewed (rolled back, token issued), committed, or"
                                                + " executed_without_preview."),
                                "affected_rows", Schemas.integer("Rows the statement affected.", 0),
                                "preview", Schemas.anyObject("Affected rows as {columns, rows, row_count, truncated}."),
                                "confirm_token", Schemas.string("Pass it back to commit, after the user approved."),
                                "expires_at", Schemas.string("When the token expires (ISO-8601)."),
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
        ExecuteRequest request = new ExecuteRequest(
                a.requireString("db"),
                a.sql(),
                a.optionalParams("params"),
                a.optionalString("confirm_token"),
                a.optionalBoolean("allow_full_table"));
        ExecuteResult r = call.service().execute(call.context(), request);
        return ToolOutcome.json(render(r));
    }

    static ObjectNode render(ExecuteResult r) {
        ObjectNode o = JsonTrees.object();
        o.put("status", r.status());
        o.put("affected_rows", r.affectedRows());
        if (r.preview() != null) {
            o.putRawValue("preview", new RawValue(QueryJson.compactText(r.preview())));
        }
        if (r.confirmToken() != null) {
            o.put("confirm_token", r.confirmToken());
        }
        if (r.expiresAt() != null) {
            o.put("expires_at", r.expiresAt());
        }
        o.set("notes", JsonTrees.node(r.notes()));
        if (r.status().equals("no_preview")) {
            o.put(
                    "next_step",
                    "Nothing ran, and this write cannot be previewed. Show the user why (notes); only after they"
                            + " approve, call gabysql_execute again with the same db, sql and params and this"
                            + " confirm_token: it then runs for real at once.");
        } else if (r.confirmToken() != null) {
            o.put(
                    "next_step",
                    "Nothing was committed. Show this preview and its blast radius to the user; only after they"
                            + " approve, call gabysql_execute again with the same db, sql and params and this"
                            + " confirm_token.");
        }
        return o;
    }
}
