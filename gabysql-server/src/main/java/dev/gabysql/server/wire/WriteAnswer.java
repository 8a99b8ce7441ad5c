package dev.gabysql.server.wire;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.ExecuteResult;
import java.util.List;

/**
 * The answer to a write: the preview (rolled back, {@code confirm_token} issued), the announcement of a write that
 * cannot be rehearsed ({@code no_preview}, with the reasons), or the commit, with the rows the statement affected, the
 * blast radius (rows per table, cascades and triggers included) and what the caller should know. Where a person
 * approves (docs/design.md#approval) the preview answers {@code awaiting_approval} with an {@code approval_id} and no
 * token, and asking with the id answers {@code pending}, {@code committed}, {@code rejected}, {@code expired},
 * {@code changed} or {@code failed}; {@code approve_with} says, in this server's terms, where a person approves it
 * (the gateway leaves it out: its agent cannot approve). {@code elapsed_ms} is the server's time for the call.
 */
public record WriteAnswer(
        String status,
        long affectedRows,
        ReadAnswer preview,
        String confirmToken,
        String expiresAt,
        List<String> notes,
        BlastRadius blastRadius,
        List<String> noPreview,
        String approvalId,
        String approveWith,
        long elapsedMs) {

    public static WriteAnswer of(ExecuteResult r, long elapsedMs) {
        return new WriteAnswer(
                r.status(),
                r.affectedRows(),
                ReadAnswer.of(r.preview()),
                r.confirmToken(),
                r.expiresAt(),
                r.notes(),
                r.blastRadius(),
                r.noPreview().isEmpty() ? null : r.noPreview(),
                r.approvalId(),
                null,
                elapsedMs);
    }

    /** The same answer saying where a person approves it ({@code approve_with}). */
    public WriteAnswer withApproveWith(String where) {
        return new WriteAnswer(
                status,
                affectedRows,
                preview,
                confirmToken,
                expiresAt,
                notes,
                blastRadius,
                noPreview,
                approvalId,
                where,
                elapsedMs);
    }

    public ExecuteResult toResult() {
        return new ExecuteResult(
                status,
                affectedRows,
                preview == null ? null : preview.toResult(),
                confirmToken,
                expiresAt,
                notes == null ? List.of() : notes,
                blastRadius,
                noPreview,
                approvalId);
    }
}
