package dev.gabysql.core.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gabysql.core.json.JsonBytes;
import java.nio.charset.StandardCharsets;

/**
 * One line of the audit log.
 *
 * @param time       ISO-8601 instant
 * @param frontEnd   mcp, http or cli
 * @param client     the client's name when known
 * @param caller     the name of the credential the caller presented (an HTTP token, a console login), or null
 * @param runAs      who the call ran as on the database when not gabysql's own login ({@code role analyst},
 *                   {@code user alice}: docs/security.md#per-caller-database-roles), or null
 * @param db         database name
 * @param tool       query, execute, describe, explain, check, …
 * @param sql        the statement (cut to 4 KB), or null
 * @param kind       the guard's statement kind, or null
 * @param mode       the effective mode of the call
 * @param outcome    ok, previewed, committed, refused, failed
 * @param rows       rows returned or affected, or null
 * @param tokenId    the confirm token's id for previews and confirms, or null
 * @param durationMs how long the call took
 * @param errorCode  the error code when refused or failed
 */
public record AuditEvent(
        String time,
        @JsonProperty("front_end") String frontEnd,
        String client,
        String caller,
        @JsonProperty("run_as") String runAs,
        String db,
        String tool,
        String sql,
        String kind,
        String mode,
        String outcome,
        Long rows,
        @JsonProperty("token_id") String tokenId,
        @JsonProperty("duration_ms") long durationMs,
        @JsonProperty("error_code") String errorCode) {

    /** An event of a caller that ran as gabysql's own login. */
    public AuditEvent(
            String time,
            String frontEnd,
            String client,
            String caller,
            String db,
            String tool,
            String sql,
            String kind,
            String mode,
            String outcome,
            Long rows,
            String tokenId,
            long durationMs,
            String errorCode) {
        this(
                time,
                frontEnd,
                client,
                caller,
                null,
                db,
                tool,
                sql,
                kind,
                mode,
                outcome,
                rows,
                tokenId,
                durationMs,
                errorCode);
    }

    /** An event without a named credential (the stdio and shell front ends, and lines written before it was kept). */
    public AuditEvent(
            String time,
            String frontEnd,
            String client,
            String db,
            String tool,
            String sql,
            String kind,
            String mode,
            String outcome,
            Long rows,
            String tokenId,
            long durationMs,
            String errorCode) {
        this(
                time,
                frontEnd,
                client,
                null,
                null,
                db,
                tool,
                sql,
                kind,
                mode,
                outcome,
                rows,
                tokenId,
                durationMs,
                errorCode);
    }

    /**
     * The event as one compact JSON object, members in declaration order, nulls left out: what the process's mapper
     * writes for this record ({@code AuditEventTest} holds the two together), without its bean serialization, which
     * a call early in a process runs in the interpreter.
     */
    public String toJson() {
        byte[] line = toJsonLine();
        return new String(line, 0, line.length - 1, StandardCharsets.UTF_8);
    }

    /** {@link #toJson()} in UTF-8 followed by a line feed: one line of the audit file ({@link JsonBytes}). */
    public byte[] toJsonLine() {
        JsonBytes out = new JsonBytes(256 + (sql == null ? 0 : sql.length()));
        out.raw('{');
        boolean first = string(out, true, "time", time);
        first = string(out, first, "front_end", frontEnd);
        first = string(out, first, "client", client);
        first = string(out, first, "caller", caller);
        first = string(out, first, "run_as", runAs);
        first = string(out, first, "db", db);
        first = string(out, first, "tool", tool);
        first = string(out, first, "sql", sql);
        first = string(out, first, "kind", kind);
        first = string(out, first, "mode", mode);
        first = string(out, first, "outcome", outcome);
        if (rows != null) {
            name(out, first, "rows").number(rows);
            first = false;
        }
        first = string(out, first, "token_id", tokenId);
        name(out, first, "duration_ms").number(durationMs);
        string(out, false, "error_code", errorCode);
        return out.raw('}').raw('\n').toBytes();
    }

    /** Writes {@code "name":"value"} unless the value is null; returns whether nothing has been written yet. */
    private static boolean string(JsonBytes out, boolean first, String name, String value) {
        if (value == null) {
            return first;
        }
        name(out, first, name).string(value);
        return false;
    }

    private static JsonBytes name(JsonBytes out, boolean first, String name) {
        return (first ? out : out.raw(',')).string(name).raw(':');
    }
}
