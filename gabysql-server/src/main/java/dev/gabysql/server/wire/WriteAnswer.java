package dev.gabysql.server.wire;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.ExecuteResult;
import java.util.List;

/**
 * The answer to a write: the preview (rolled back, {@code confirm_token} issued), the announcement of a write that
 * cannot be rehearsed ({@code no_preview}, with the reasons), or the commit, with the rows the statement affected, the
 * blast radius (rows per table, cascades and triggers included) and what the caller should know. {@code elapsed_ms}
 * is the server's time for the call.
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
                noPreview);
    }
}
