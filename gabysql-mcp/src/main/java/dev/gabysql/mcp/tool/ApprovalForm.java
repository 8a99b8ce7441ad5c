package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.json.JsonBytes;
import dev.gabysql.core.json.JsonTrees;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the person in front of the MCP client to approve one pending write, in the client's own form (form
 * elicitation), inside the {@code gabysql_execute} call that previewed it (docs/design.md#approval). The form shows
 * what the person approves — the database, the exact SQL and parameters, the mode, the blast radius, a few sample
 * rows — and asks for one required choice. Approve commits once, under the preview's conditions; reject, decline or
 * cancel commit nothing and close the write. When the client fails or nobody answers in time the write stays pending
 * for another approver. What goes back to the model is the outcome and the approval id, never anything that commits.
 * Stateless.
 */
final class ApprovalForm {
    private static final Logger LOG = LoggerFactory.getLogger(ApprovalForm.class);
    /** The form's one field. */
    static final String FIELD = "decision";

    static final String APPROVE = "approve";
    static final String REJECT = "reject";
    /** Sample rows shown in the form: enough to recognise the rows, short enough to read. */
    static final int SAMPLE_ROWS = 5;
    /** Characters of one sample value in the form; the preview in the tool's answer has them all. */
    static final int SAMPLE_CHARS = 60;

    private ApprovalForm() {}

    /** Asks, decides when the person answered, and says what happened, for the model. */
    static ObjectNode ask(ToolCall call, ExecuteRequest request, ExecuteResult awaiting, WriteRetry retry) {
        PendingWrite pending = pendingHere(call, awaiting.approvalId());
        if (pending == null) { // a service that keeps no approvals here (the gateway): a person's answer would be lost
            return ExecuteTool.render(awaiting, call.options(), retry);
        }
        McpSchema.ElicitResult answer;
        try {
            answer = call.person()
                    .ask(form(
                            request,
                            awaiting,
                            pending.mode() == null ? null : pending.mode().label()));
        } catch (RuntimeException e) { // the client's error, a timeout, a closed session: nobody decided
            LOG.info("Approval {} was not answered in the client: {}", awaiting.approvalId(), e.toString());
            return unanswered(
                    awaiting,
                    call.options(),
                    retry,
                    "The client did not get an answer from the user (" + reason(e)
                            + "); the write still waits for a person.");
        }
        if (call.context().cancellation().isCancelled()) {
            return unanswered(
                    awaiting, call.options(), retry, "The call was cancelled; the write still waits for a person.");
        }
        boolean approve = answer != null
                && answer.action() == McpSchema.ElicitResult.Action.ACCEPT
                && answer.content() != null
                && APPROVE.equals(answer.content().get(FIELD));
        PendingWrite decided;
        try {
            decided = call.service().decide(approver(call.context()), awaiting.approvalId(), approve);
        } catch (GabyException e) { // decided elsewhere meanwhile, or a service that keeps no approvals
            LOG.info("Approval {} could not be decided in the client: {}", awaiting.approvalId(), e.getMessage());
            return ExecuteTool.render(status(call, request.db(), awaiting), call.options(), retry);
        }
        return outcome(decided, answer == null ? null : answer.action());
    }

    /** The form: what the person approves, in words, and one required choice. */
    static McpSchema.ElicitFormRequest form(ExecuteRequest request, ExecuteResult r, String mode) {
        return McpSchema.ElicitFormRequest.builder(message(request, r, mode), requestedSchema())
                .build();
    }

    /**
     * The pending write as this service keeps it (the mode its preview ran under), or null when the service cannot
     * decide it here: then the person is not asked, since their answer could not be acted on.
     */
    private static PendingWrite pendingHere(ToolCall call, String approvalId) {
        try {
            return call.service().pendingWrites(call.context()).stream()
                    .filter(w -> w.id().equals(approvalId))
                    .findFirst()
                    .orElse(null);
        } catch (GabyException e) {
            return null;
        }
    }

    /**
     * One required string with two values (the form-elicitation schema's enum, with display names): nothing is
     * preselected, so accepting an untouched form cannot mean yes.
     */
    static Map<String, Object> requestedSchema() {
        Map<String, Object> decision = new LinkedHashMap<>();
        decision.put("type", "string");
        decision.put("title", "Decision");
        decision.put("description", "Approve commits this change now; reject changes nothing.");
        decision.put("enum", List.of(APPROVE, REJECT));
        decision.put("enumNames", List.of("Approve: commit it", "Reject: change nothing"));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", Map.of(FIELD, decision));
        schema.put("required", List.of(FIELD));
        return schema;
    }

    static String message(ExecuteRequest request, ExecuteResult r, String mode) {
        StringBuilder m = new StringBuilder();
        m.append("An agent asks to change database `").append(request.db()).append('`');
        if (mode != null) {
            m.append(" (mode ").append(mode).append(')');
        }
        m.append(". Nothing has been committed yet.\n\nSQL:\n")
                .append(request.sql().strip())
                .append('\n');
        if (!request.params().isEmpty()) {
            m.append("Parameters: ").append(JsonBytes.text(request.params())).append('\n');
        }
        if (!r.noPreview().isEmpty()) {
            m.append("\nNO PREVIEW: this statement cannot be rehearsed (")
                    .append(String.join("; ", r.noPreview()))
                    .append("). Approving runs it for real, at once, and it cannot be undone.\n");
        } else {
            m.append("\nRows affected: ").append(r.affectedRows()).append('\n');
            BlastRadius radius = r.blastRadius();
            if (radius != null) {
                String summary = radius.summary();
                m.append("Blast radius: ")
                        .append(summary.isEmpty() ? "no rows change" : summary)
                        .append('\n');
                if (radius.uncounted() != null) {
                    m.append("Not counted: ").append(radius.uncounted()).append('\n');
                }
            }
            sample(m, r.preview());
        }
        for (String note : r.notes()) {
            if (!note.startsWith("Blast radius:")) { // said above
                m.append("\nNote: ").append(note);
            }
        }
        m.append("\n\nApprove to commit it now (only if the same rows still match); reject and nothing changes.");
        return m.toString();
    }

    private static void sample(StringBuilder m, QueryResult rows) {
        if (rows == null || rows.columns().isEmpty() || rows.rows().isEmpty()) {
            return;
        }
        int shown = Math.min(SAMPLE_ROWS, rows.rowCount());
        m.append("\nSample rows (").append(shown).append(" of ").append(rows.rowCount());
        m.append(rows.truncated() ? "+" : "").append("):\n");
        List<String> names = new ArrayList<>();
        rows.columns().forEach(c -> names.add(c.name()));
        m.append(String.join(" | ", names)).append('\n');
        for (List<Object> row : rows.rows().subList(0, shown)) {
            List<String> cells = new ArrayList<>();
            for (Object v : row) {
                cells.add(cell(v));
            }
            m.append(String.join(" | ", cells)).append('\n');
        }
    }

    private static String cell(Object v) {
        String s = v == null ? "NULL" : v.toString().replace('\n', ' ').replace('\r', ' ');
        return s.length() > SAMPLE_CHARS ? s.substring(0, SAMPLE_CHARS - 1) + "\u2026" : s;
    }

    /** The person decides as the MCP client that asked them ("via elicitation" in the audit log). */
    private static CallContext approver(CallContext agent) {
        return agent.client() != null ? agent : agent.withClient("an MCP client");
    }

    private static ObjectNode outcome(PendingWrite w, McpSchema.ElicitResult.Action action) {
        ObjectNode o = JsonTrees.object();
        o.put(
                "status",
                w.state() == PendingWrite.State.APPROVED ? "pending" : w.state().label());
        o.put("affected_rows", w.state() == PendingWrite.State.COMMITTED ? w.committedRows() : 0L);
        o.put("approval_id", w.id());
        List<String> notes = new ArrayList<>();
        switch (w.state()) {
            case COMMITTED:
                notes.add("The user approved it in the client; committed " + w.committedRows() + " row(s).");
                o.set("notes", JsonTrees.node(withMessage(notes, w)));
                return o;
            case REJECTED:
                notes.add((action == McpSchema.ElicitResult.Action.ACCEPT ? "Rejected" : "Declined") + " by the user"
                        + " in the client: nothing was committed and the database is unchanged.");
                o.set("notes", JsonTrees.node(notes));
                o.put(
                        "next_step",
                        "Tell the user nothing changed. Do not retry unless they ask for it; a new attempt is"
                                + " previewed and asked again.");
                return o;
            default: // CHANGED, FAILED: approved, but the commit was refused
                notes.add("The user approved it, but nothing was committed.");
                o.set("notes", JsonTrees.node(withMessage(notes, w)));
                o.put(
                        "next_step",
                        w.state() == PendingWrite.State.CHANGED
                                ? "The data changed after the preview. Preview it again to see the rows it would"
                                        + " change now."
                                : "Tell the user the commit failed (notes).");
                return o;
        }
    }

    private static List<String> withMessage(List<String> notes, PendingWrite w) {
        if (w.message() != null && !w.message().isBlank()) {
            notes.add(w.message());
        }
        return notes;
    }

    /** The write was not decided here: awaiting as before, with why and where a person approves. */
    private static ObjectNode unanswered(ExecuteResult awaiting, McpOptions options, WriteRetry retry, String why) {
        List<String> notes = new ArrayList<>();
        notes.add(why);
        notes.addAll(awaiting.notes());
        return ExecuteTool.render(
                new ExecuteResult(
                        awaiting.status(),
                        awaiting.affectedRows(),
                        awaiting.preview(),
                        null,
                        awaiting.expiresAt(),
                        notes,
                        awaiting.blastRadius(),
                        awaiting.noPreview(),
                        awaiting.approvalId()),
                options,
                retry);
    }

    private static ExecuteResult status(ToolCall call, String db, ExecuteResult awaiting) {
        try {
            return call.service()
                    .execute(
                            call.context(),
                            new ExecuteRequest(db, null, List.of(), null, false, awaiting.approvalId()));
        } catch (GabyException e) {
            return awaiting;
        }
    }

    private static String reason(RuntimeException e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        if (t instanceof java.util.concurrent.TimeoutException) {
            return "no answer in time";
        }
        return t instanceof io.modelcontextprotocol.spec.McpError ? "the client answered an error" : "no answer";
    }
}
