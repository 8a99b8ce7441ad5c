package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.audit.AuditEvent;
import dev.gabysql.core.audit.AuditLog;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gabysql audit verify} on real audit files: its output, line numbers and exit codes. */
class AuditCommandTest {
    @TempDir
    Path dir;

    Path log;

    @BeforeEach
    void log() {
        log = dir.resolve("audit.jsonl");
    }

    @Test
    void aCleanLogIsOk() {
        write(4);
        Run r = verify();
        assertThat(r.exit).isZero();
        assertThat(r.out).isEqualTo("ok: 4 lines\n");
        assertThat(r.err).isEmpty();
    }

    @Test
    void anEditedLineIsReportedWithItsNumberAndExitOne() throws Exception {
        write(4);
        List<String> lines = lines();
        lines.set(1, lines.get(1).replace("SELECT 1", "SELECT 7"));
        Files.writeString(log, String.join("\n", lines) + "\n");
        Run r = verify();
        assertThat(r.exit).isEqualTo(1);
        assertThat(r.out).startsWith("tampered: line 2 was edited");
    }

    @Test
    void aRemovedLineIsReportedWhereItWas() throws Exception {
        write(4);
        List<String> lines = lines();
        lines.remove(2);
        Files.writeString(log, String.join("\n", lines) + "\n");
        Run r = verify();
        assertThat(r.exit).isEqualTo(1);
        assertThat(r.out).startsWith("tampered: line 3 follows removed lines");
    }

    @Test
    void legacyLinesAreNamedAndTheRestVerified() throws Exception {
        Files.writeString(log, event(0).toJson() + "\n");
        write(2);
        Run r = verify();
        assertThat(r.exit).isZero();
        assertThat(r.out)
                .isEqualTo("1 unchained legacy lines at the start (written before chaining), not verified\n"
                        + "ok: 2 lines\n");
    }

    @Test
    void aRemovedLogWhoseKeyFileRemainsIsReported() throws Exception {
        write(1);
        Files.delete(log);
        Run r = verify();
        assertThat(r.exit).isEqualTo(1);
        assertThat(r.out).contains("the log was removed or moved");
    }

    @Test
    void aChainedLogWithoutItsKeyIsAConfigurationError() throws Exception {
        write(1);
        Files.delete(AuditLog.keyFile(log));
        Run r = verify();
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err).startsWith("error [CONFIG_INVALID]: The audit log ").contains("hint: ");
        assertThat(r.out).isEmpty();
    }

    @Test
    void auditHelpListsVerify() {
        Run r = run("--help");
        assertThat(r.exit).isZero();
        assertThat(r.out).contains("verify", "Check the audit log's hash chain");
    }

    private Run verify() {
        return run("verify", "--audit-log", log.toString());
    }

    private Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new AuditCommand())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .setExecutionExceptionHandler(new ErrorHandler());
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private void write(int n) {
        int from = Files.exists(log) ? lines().size() : 0;
        try (AuditLog a = new AuditLog(log)) {
            for (int i = from; i < from + n; i++) {
                a.record(event(i));
            }
        }
    }

    private List<String> lines() {
        try {
            return new ArrayList<>(Files.readAllLines(log, StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static AuditEvent event(int i) {
        return new AuditEvent(
                "2026-11-30T09:00:00Z",
                "cli",
                null,
                "shop",
                "query",
                "SELECT " + i,
                "select",
                "readonly",
                "ok",
                1L,
                null,
                1,
                null);
    }

    private record Run(int exit, String out, String err) {}
}
