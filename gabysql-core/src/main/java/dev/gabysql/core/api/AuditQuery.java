package dev.gabysql.core.api;

/**
 * Which audit lines a person asks to read, newest first: each filter is an exact match on the line's member (null:
 * any), {@code before} the line number to start below (null: the end of the log), {@code limit} at most this many.
 *
 * @param db       the database's name
 * @param frontEnd mcp, http, console or cli
 * @param caller   the credential's name, or the client's name where the line names no credential
 * @param outcome  ok, previewed, awaiting_approval, approved, committed, refused, failed, …
 */
public record AuditQuery(String db, String frontEnd, String caller, String outcome, Long before, int limit) {
    /** The most lines one page holds. */
    public static final int MAX_LIMIT = 500;

    public AuditQuery {
        limit = Math.max(1, Math.min(limit, MAX_LIMIT));
    }
}
