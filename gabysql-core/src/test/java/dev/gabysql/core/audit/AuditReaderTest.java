package dev.gabysql.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.AuditPage;
import dev.gabysql.core.api.AuditQuery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pages of a real audit file, newest first, with filters and a cursor; a damaged line is shown, not hidden. */
class AuditReaderTest {
    @TempDir
    Path dir;

    @Test
    void pagesGoNewestFirstAndTheCursorReachesTheStart() throws Exception {
        Path file = log(7);
        AuditPage first = AuditReader.read(file, new AuditQuery(null, null, null, null, null, 3));
        assertThat(lines(first)).containsExactly(7L, 6L, 5L);
        assertThat(first.next()).isEqualTo(5L);
        AuditPage second = AuditReader.read(file, new AuditQuery(null, null, null, null, first.next(), 3));
        assertThat(lines(second)).containsExactly(4L, 3L, 2L);
        AuditPage last = AuditReader.read(file, new AuditQuery(null, null, null, null, second.next(), 3));
        assertThat(lines(last)).containsExactly(1L);
        assertThat(last.next()).isNull();
    }

    @Test
    void filtersMatchExactlyAndACallerIsTheCredentialElseTheClient() throws Exception {
        Path file = log(6);
        assertThat(lines(AuditReader.read(file, new AuditQuery("even", null, null, null, null, 50))))
                .containsExactly(6L, 4L, 2L);
        assertThat(lines(AuditReader.read(file, new AuditQuery(null, "console", "alice", null, null, 50))))
                .containsExactly(6L, 3L);
        assertThat(lines(AuditReader.read(file, new AuditQuery(null, null, "claude", null, null, 50))))
                .containsExactly(5L, 4L, 2L, 1L);
        assertThat(lines(AuditReader.read(file, new AuditQuery(null, null, null, "committed", null, 50))))
                .isEmpty();
    }

    @Test
    void aDamagedLineIsShownAsUnreadableAndAMissingFileIsAnEmptyPage() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        Files.writeString(file, "{\"db\":\"a\"}\nnot json\nnull\n");
        List<Map<String, Object>> events = AuditReader.read(file, new AuditQuery(null, null, null, null, null, 50))
                .events();
        assertThat(events).hasSize(3);
        assertThat(events.get(0)).containsEntry("unreadable", true).containsEntry("line", 3L);
        assertThat(events.get(1)).containsEntry("unreadable", true);
        assertThat(events.get(2)).containsEntry("db", "a");
        assertThat(AuditReader.read(dir.resolve("none.jsonl"), new AuditQuery(null, null, null, null, null, 5))
                        .events())
                .isEmpty();
    }

    /** {@code n} events written by the real log: odd ones on db "odd" by the MCP client claude, every third by alice. */
    private Path log(int n) {
        Path file = dir.resolve("audit.jsonl");
        try (AuditLog log = new AuditLog(file)) {
            for (int i = 1; i <= n; i++) {
                boolean alice = i % 3 == 0;
                log.record(new AuditEvent(
                        "2026-12-02T00:00:0" + i + "Z",
                        alice ? "console" : "mcp",
                        alice ? "127.0.0.1" : "claude",
                        alice ? "alice" : null,
                        i % 2 == 0 ? "even" : "odd",
                        "query",
                        "SELECT " + i,
                        "read",
                        "readonly",
                        "ok",
                        1L,
                        null,
                        1,
                        null));
            }
        }
        return file;
    }

    private static List<Long> lines(AuditPage page) {
        return page.events().stream().map(e -> (Long) e.get("line")).toList();
    }
}
