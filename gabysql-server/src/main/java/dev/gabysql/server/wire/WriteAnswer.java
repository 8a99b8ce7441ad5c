package dev.gabysql.server.wire;

import dev.gabysql.core.api.ExecuteResult;
import java.util.List;

/**
 * The answer to a write: the preview (rolled back, {@code confirm_token} issued) or the commit, with the rows the
 * statement affected and what the caller should know. {@code elapsed_ms} is the server's time for the call.
 */
public record WriteAnswer(
        String status,
        long affectedRows,
        ReadAnswer preview,
        String confirmToken,
        String expiresAt,
        List<String> notes,
        long elapsedMs) {

    public static WriteAnswer of(ExecuteResult r, long elapsedMs) {
        return new WriteAnswer(
                r.status(),
                r.affectedRows(),
                ReadAnswer.of(r.preview()),
                r.confirmToken(),
                r.expiresAt(),
                r.notes(),
                elapsedMs);
    }

    public ExecuteResult toResult() {
        return new ExecuteResult(
                status,
                affectedRows,
                preview == null ? null : preview.toResult(),
                confirmToken,
                expiresAt,
                notes == null ? List.of() : notes);
    }
}
