package dev.gabysql.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit file: created with its directory, appended to by several logs at once, never failing a call. */
class AuditLogTest {
    @TempDir
    Path dir;

    @Test
    void twoLogsOnOneFileAppendWholeLines() throws Exception {
        Path file = dir.resolve("nested/audit.jsonl");
        try (AuditLog a = new AuditLog(file);
                AuditLog b = new AuditLog(file)) {
            for (int i = 0; i < 200; i++) {
                (i % 2 == 0 ? a : b).record(event(i));
            }
        }
        try (AuditLog again = new AuditLog(file)) {
            again.record(event(200));
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(201);
        for (int i = 0; i <= 200; i++) {
            assertThat(Json.MAPPER.readTree(lines.get(i)).get("rows").asLong()).isEqualTo(i);
        }
        assertThat(AuditLog.tail(file, 2)).containsExactly(lines.get(199), lines.get(200));
    }

    @Test
    void aFileThatCannotBeWrittenDoesNotFailTheCall() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("plain-file"), "x");
        try (AuditLog log = new AuditLog(notADirectory.resolve("audit.jsonl"))) {
            log.record(event(1));
            log.record(event(2));
        }
        assertThat(Files.readString(notADirectory)).isEqualTo("x");
    }

    private static AuditEvent event(int i) {
        return new AuditEvent(
                "2026-11-30T09:00:00Z",
                "mcp",
                "t",
                "shop",
                "query",
                "SELECT " + i + " -- ☃",
                "select",
                "readonly",
                "ok",
                (long) i,
                null,
                1,
                null);
    }
}
