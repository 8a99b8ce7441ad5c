package dev.gabysql.core.api;

import java.util.List;

/**
 * The outcome of gabysql_execute.
 *
 * @param status        "previewed" (rolled back, token issued), "no_preview" (nothing ran: it cannot be rehearsed;
 *                      token issued), "committed", "executed_without_preview"; with approval human
 *                      "awaiting_approval" (rolled back, no token: a person decides), then "pending", "committed",
 *                      "rejected", "expired", "changed" or "failed" when the caller asks with the approval id
 * @param affectedRows  rows the statement affected
 * @param preview       up to N affected rows (RETURNING where the dialect has it), or null
 * @param confirmToken  the token to commit the preview, or null
 * @param expiresAt     ISO-8601 expiry of the token, or null
 * @param notes         what the caller should know (e.g. "nothing could be simulated", sequence values restored)
 * @param blastRadius   rows per table the write changed (statement, cascades, triggers), or null when nothing ran
 * @param noPreview     why the statement cannot be rehearsed ("no_preview" only; empty otherwise)
 * @param approvalId    the write waiting for a person ("awaiting_approval", and the states it moves to), or null
 */
public record ExecuteResult(
        String status,
        long affectedRows,
        QueryResult preview,
        String confirmToken,
        String expiresAt,
        List<String> notes,
        BlastRadius blastRadius,
        List<String> noPreview,
        String approvalId) {
    public ExecuteResult {
        notes = List.copyOf(notes);
        noPreview = noPreview == null ? List.of() : List.copyOf(noPreview);
    }

    /** A result with no blast radius (a remote answer that had none, a test). */
    public ExecuteResult(
            String status,
            long affectedRows,
            QueryResult preview,
            String confirmToken,
            String expiresAt,
            List<String> notes) {
        this(status, affectedRows, preview, confirmToken, expiresAt, notes, null, List.of(), null);
    }

    public ExecuteResult(
            String status,
            long affectedRows,
            QueryResult preview,
            String confirmToken,
            String expiresAt,
            List<String> notes,
            BlastRadius blastRadius,
            List<String> noPreview) {
        this(status, affectedRows, preview, confirmToken, expiresAt, notes, blastRadius, noPreview, null);
    }
}
