package dev.gabysql.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.json.Json;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AuditEventTest {

    @Test
    void writesWhatTheMapperWritesWithEveryMember() {
        AuditEvent e = new AuditEvent(
                "2026-11-30T07:00:00.123Z",
                "mcp",
                "claude \"code\"",
                "shop",
                "query",
                "SELECT 'é\n\t', \\x FROM t -- ☃",
                "select",
                "readonly",
                "ok",
                42L,
                "tok-1",
                7,
                "GUARD_REFUSED");
        assertThat(e.toJson()).isEqualTo(Json.write(e));
        assertThat(e.toJsonLine()).isEqualTo((Json.write(e) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void writesWhatTheMapperWritesWithTheCallerAndTheRoleItRanAs() {
        AuditEvent e = new AuditEvent(
                "2026-11-30T07:00:00.123Z",
                "http",
                "curl@127.0.0.1",
                "alice",
                "role analyst",
                "shop",
                "query",
                "SELECT 1",
                "select",
                "readonly",
                "ok",
                1L,
                null,
                3,
                null);
        assertThat(e.toJson()).isEqualTo(Json.write(e)).contains("\"caller\":\"alice\",\"run_as\":\"role analyst\"");
    }

    @Test
    void writesWhatTheMapperWritesWithNullsLeftOut() {
        AuditEvent e = new AuditEvent(
                "2026-11-30T07:00:00Z",
                null,
                null,
                "shop",
                "describe",
                null,
                null,
                null,
                "failed",
                null,
                null,
                0,
                null);
        assertThat(e.toJson()).isEqualTo(Json.write(e)).doesNotContain("null");
    }
}
