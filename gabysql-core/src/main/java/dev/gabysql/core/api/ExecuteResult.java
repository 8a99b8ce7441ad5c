package dev.gabysql.core.api;

import java.util.List;

/**
 * The outcome of gabysql_execute.
 *
 * @param status        "previewed" (rolled back, token issued), "committed", or "executed_without_preview"
 * @param affectedRows  rows the statement affected
 * @param preview       up to N affected rows (RETURNING where the dialect has it), or null
 * @param confirmToken  the token to commit the preview, or null
 * @param expiresAt     ISO-8601 expiry of the token, or null
 * @param notes         what the caller should know (e.g. "nothing could be simulated", sequence values restored)
 */
public record ExecuteResult(
        String status,
        long affectedRows,
        QueryResult preview,
        String confirmToken,
        String expiresAt,
        List<String> notes) {
    public ExecuteResult {
        notes = List.copyOf(notes);
    }
}
