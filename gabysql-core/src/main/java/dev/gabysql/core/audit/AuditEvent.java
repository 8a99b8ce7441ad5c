package dev.gabysql.core.audit;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One line of the audit log.
 *
 * @param time       ISO-8601 instant
 * @param frontEnd   mcp, http or cli
 * @param client     the client's name when known
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
}
