package dev.gabysql.core.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.gabysql.core.util.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

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

    /**
     * The event as one compact JSON object, members in declaration order, nulls left out: what the process's mapper
     * writes for this record ({@code AuditEventTest} holds the two together), without its bean serialization, which
     * a call early in a process runs in the interpreter (issue 7).
     */
    public String toJson() {
        byte[] line = toJsonLine();
        return new String(line, 0, line.length - 1, StandardCharsets.UTF_8);
    }

    /** {@link #toJson()} in UTF-8 followed by a line feed: one line of the audit file. */
    public byte[] toJsonLine() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            string(g, "time", time);
            string(g, "front_end", frontEnd);
            string(g, "client", client);
            string(g, "db", db);
            string(g, "tool", tool);
            string(g, "sql", sql);
            string(g, "kind", kind);
            string(g, "mode", mode);
            string(g, "outcome", outcome);
            if (rows != null) {
                g.writeNumberField("rows", rows);
            }
            string(g, "token_id", tokenId);
            g.writeNumberField("duration_ms", durationMs);
            string(g, "error_code", errorCode);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        out.write('\n');
        return out.toByteArray();
    }

    private static void string(JsonGenerator g, String name, String value) throws IOException {
        if (value != null) {
            g.writeStringField(name, value);
        }
    }
}
