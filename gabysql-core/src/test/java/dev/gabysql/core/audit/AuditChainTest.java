package dev.gabysql.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit log's hash chain on real files (docs/design.md#audit-log): what verifies, and each kind of tampering
 * reported at its line.
 */
class AuditChainTest {
    @TempDir
    Path dir;

    Path file;

    @Test
    void aCleanLogVerifies() throws Exception {
        write(5);
        AuditVerifier.Result r = verify();
        assertThat(r.ok()).isTrue();
        assertThat(r.chainedLines()).isEqualTo(5);
        assertThat(r.legacyLines()).isZero();
    }

    @Test
    void eachLineIsItsEventWithSeqAndChainAsDocumented() throws Exception {
        write(2);
        List<String> lines = lines();
        byte[] key = Files.readAllBytes(dir.resolve("audit.jsonl.key"));
        String previous = "";
        for (int i = 0; i < 2; i++) {
            String line = lines.get(i);
            assertThat(Json.MAPPER.readTree(line).get("seq").asLong()).isEqualTo(i + 1);
            String event = event(i).toJson();
            String body = event.substring(0, event.length() - 1) + ",\"seq\":" + (i + 1);
            String chain = hmac(key, previous + body);
            assertThat(line).isEqualTo(body + ",\"chain\":\"" + chain + "\"}");
            previous = chain;
        }
    }

    @Test
    void anEditedLineIsReportedAtItsLine() throws Exception {
        write(5);
        List<String> lines = lines();
        lines.set(2, lines.get(2).replace("\"rows\":2", "\"rows\":3"));
        rewrite(lines);
        assertProblem(3, "was edited");
    }

    @Test
    void aDeletedLineIsReportedWhereItWas() throws Exception {
        write(5);
        List<String> lines = lines();
        lines.remove(1);
        rewrite(lines);
        assertProblem(2, "follows removed lines (seq 3 where 2 was expected): chain lines 2 are missing");
    }

    @Test
    void twoSwappedLinesAreReportedAsOutOfOrder() throws Exception {
        write(5);
        List<String> lines = lines();
        String third = lines.get(2);
        lines.set(2, lines.get(3));
        lines.set(3, third);
        rewrite(lines);
        assertProblem(3, "is out of order (seq 4 where 3 was expected)");
    }

    @Test
    void anAppendedLineWithAWrongChainIsReported() throws Exception {
        write(3);
        List<String> lines = lines();
        String forged = lines.get(2)
                .replace("\"seq\":3", "\"seq\":4")
                .replaceAll("\"chain\":\"[^\"]+\"", "\"chain\":\"" + "A".repeat(43) + "\"");
        lines.add(forged);
        rewrite(lines);
        assertProblem(4, "was edited, or inserted");
    }

    @Test
    void anInsertedLineWithoutAChainIsReported() throws Exception {
        write(3);
        List<String> lines = lines();
        lines.add(1, event(9).toJson());
        rewrite(lines);
        assertProblem(2, "has no chain");
    }

    @Test
    void aTruncatedLastLineIsReported() throws Exception {
        write(3);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 10));
        assertProblem(3, "is cut short");
    }

    @Test
    void aLineWrittenWithAnotherKeyIsReported() throws Exception {
        write(2);
        try (AuditLog other = new AuditLog(file, "another-key-of-sixteen-or-more")) {
            other.record(event(2));
        }
        assertProblem(3, "was edited, or inserted");
    }

    @Test
    void unchainedLegacyLinesAtTheStartAreCountedAndTheChainStartsAfterThem() throws Exception {
        Files.writeString(file, event(100).toJson() + "\n" + event(101).toJson() + "\n");
        write(3);
        AuditVerifier.Result r = verify();
        assertThat(r.ok()).isTrue();
        assertThat(r.legacyLines()).isEqualTo(2);
        assertThat(r.chainedLines()).isEqualTo(3);
        assertThat(Json.MAPPER.readTree(lines().get(2)).get("seq").asLong()).isEqualTo(1);
    }

    @Test
    void strippingTheChainOffTheFirstLinesDoesNotMakeThemLegacy() throws Exception {
        write(3);
        List<String> lines = lines();
        lines.set(0, event(0).toJson());
        rewrite(lines);
        assertProblem(2, "follows removed lines (seq 2 where 1 was expected)");
    }

    @Test
    void twoLogsOnOneFileInterleavedStillVerify() throws Exception {
        try (AuditLog a = new AuditLog(file);
                AuditLog b = new AuditLog(file)) {
            for (int i = 0; i < 50; i++) {
                (i % 3 == 0 ? a : b).record(event(i));
            }
        }
        try (AuditLog again = new AuditLog(file)) {
            again.record(event(50));
        }
        AuditVerifier.Result r = verify();
        assertThat(r.problem()).isNull();
        assertThat(r.chainedLines()).isEqualTo(51);
    }

    @Test
    void twoLogsAppendingFromTwoThreadsAtOnceStillVerify() throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<AuditLog> logs = List.of(new AuditLog(file), new AuditLog(file));
        for (AuditLog log : logs) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 200; i++) {
                    log.record(event(i));
                }
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        logs.forEach(AuditLog::close);
        AuditVerifier.Result r = verify();
        assertThat(r.problem()).isNull();
        assertThat(r.chainedLines()).isEqualTo(400);
    }

    @Test
    void anAppendAfterACutOffLineStartsOnItsOwnLine() throws Exception {
        write(2);
        Files.writeString(file, "{\"time\":\"cut", java.nio.file.StandardOpenOption.APPEND);
        write(1);
        List<String> lines = lines();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(2)).isEqualTo("{\"time\":\"cut");
        assertThat(Json.MAPPER.readTree(lines.get(3)).get("seq").asLong()).isEqualTo(3);
        assertProblem(3, "has no chain");
    }

    @Test
    void theKeyFileIsOwnerOnlyAndKeptAcrossRestarts() throws Exception {
        write(1);
        Path key = dir.resolve("audit.jsonl.key");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key)))
                .isEqualTo("rw-------");
        assertThat(Files.size(key)).isEqualTo(32);
        byte[] before = Files.readAllBytes(key);
        write(1);
        assertThat(Files.readAllBytes(key)).isEqualTo(before);
        assertThat(verify().chainedLines()).isEqualTo(2);
    }

    @Test
    void aConfiguredKeyIsUsedInsteadOfAFileAndNeededToVerify() throws Exception {
        String key = "a-configured-audit-key-0123456789";
        try (AuditLog log = new AuditLog(file, key)) {
            log.record(event(1));
            log.record(event(2));
        }
        assertThat(dir.resolve("audit.jsonl.key")).doesNotExist();
        assertThat(AuditVerifier.verify(file, key).ok()).isTrue();
        assertThat(AuditVerifier.verify(file, "a-different-key-of-enough-length")
                        .problem()
                        .line())
                .isEqualTo(1);
    }

    private void write(int n) {
        int from = (int) lines().size();
        try (AuditLog log = new AuditLog(file)) {
            for (int i = from; i < from + n; i++) {
                log.record(event(i));
            }
        }
    }

    private void assertProblem(long line, String what) {
        AuditVerifier.Problem p = verify().problem();
        assertThat(p).isNotNull();
        assertThat(p.line()).isEqualTo(line);
        assertThat(p.what()).contains(what);
    }

    private AuditVerifier.Result verify() {
        return AuditVerifier.verify(file, null);
    }

    private List<String> lines() {
        try {
            return Files.exists(file)
                    ? new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8))
                    : new ArrayList<>();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void rewrite(List<String> lines) throws Exception {
        Files.writeString(file, String.join("\n", lines) + "\n");
    }

    private static String hmac(byte[] key, String text) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    }

    static AuditEvent event(int i) {
        return new AuditEvent(
                "2026-11-30T09:00:00Z",
                "mcp",
                "t",
                "shop",
                "query",
                "SELECT " + i + " -- ☃ \"quoted\",\"chain\":\"",
                "select",
                "readonly",
                "ok",
                (long) i,
                null,
                1,
                null);
    }

    @org.junit.jupiter.api.BeforeEach
    void file() {
        file = dir.resolve("audit.jsonl");
    }
}
