package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.curated.InputSchema;
import dev.gabysql.core.curated.PreparedTool;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Set;

/**
 * An operator's curated tool as an MCP tool (docs/configuration.md#curated-tools): its name and description as
 * declared, an input schema that is exactly its parameters (types, allowed values, bounds, required ones, nothing
 * else), and a call that binds the arguments and runs the one statement on the service's read path (capped like
 * {@code gabysql_query}) or write path (previewed, then approved, like {@code gabysql_execute}, with the same
 * approval form in the client). A write tool also takes {@code confirm_token} and {@code approval_id}, the write
 * path's own arguments. Stateless and thread-safe.
 */
final class CuratedMcpTool implements GabyTool {
    static final String CONFIRM_TOKEN = InputSchema.CONFIRM_TOKEN;
    static final String APPROVAL_ID = InputSchema.APPROVAL_ID;
    private static final Set<String> WRITE_ARGUMENTS = Set.of(CONFIRM_TOKEN, APPROVAL_ID);
    /** Said once per write tool: the model's part in the preview and approval. */
    private static final String WRITE_NOTE = " Previews and commits nothing: a person approves (awaiting_approval;"
            + " ask later with the same arguments and approval_id), or with a confirm_token send the same arguments"
            + " again once the user approved.";

    private final PreparedTool tool;
    private final McpSchema.Tool definition;

    CuratedMcpTool(PreparedTool tool) {
        this.tool = tool;
        this.definition = define(tool);
    }

    @Override
    public McpSchema.Tool definition() {
        return definition;
    }

    private static McpSchema.Tool define(PreparedTool tool) {
        return McpSchema.Tool.builder()
                .name(tool.name())
                .description(tool.tool().description() + (tool.writes() ? WRITE_NOTE : ""))
                .inputSchema(InputSchema.of(tool))
                .annotations(
                        tool.writes()
                                ? McpSchema.ToolAnnotations.builder()
                                        .readOnlyHint(false)
                                        .destructiveHint(true)
                                        .build()
                                : GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        Args a = call.args();
        List<Object> values = tool.bind(a.without(WRITE_ARGUMENTS)); // every value checked before anything runs
        if (!tool.writes()) {
            QueryResult r = tool.read(call.service(), call.context(), values);
            return new ToolOutcome(QueryJson.written(r));
        }
        requireWritable(call);
        WriteRetry retry = WriteRetry.curated(tool.name());
        String approvalId = a.optionalString(APPROVAL_ID);
        if (approvalId != null) {
            ExecuteResult r = call.service().execute(call.context(), tool.statusRequest(approvalId));
            return ToolOutcome.json(ExecuteTool.render(r, call.options(), retry));
        }
        ExecuteRequest request = tool.writeRequest(values, a.optionalString(CONFIRM_TOKEN));
        ExecuteResult r = call.service().execute(call.context(), request);
        if (ExecuteTool.AWAITING.equals(r.status()) && r.approvalId() != null && call.person() != null) {
            return ToolOutcome.json(ApprovalForm.ask(call, request, r, retry));
        }
        return ToolOutcome.json(ExecuteTool.render(r, call.options(), retry));
    }

    /** As {@code gabysql_execute}: refused before the service is touched when the session may only read. */
    private void requireWritable(ToolCall call) {
        Mode cap = call.context().callerCap();
        if (cap != null && !cap.allowsWrites()) {
            throw new GabyException(
                    ErrorCode.READ_ONLY,
                    tool.name() + " writes, and this session is readonly.",
                    "Use a read tool; writes need a credential whose mode allows them.");
        }
    }
}
