package dev.gabysql.cli;

import dev.gabysql.core.audit.AuditLog;
import dev.gabysql.core.audit.AuditVerifier;
import dev.gabysql.core.config.Settings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gabysql audit}: prints the last lines of the audit log (one JSON object per call); {@code gabysql audit
 * verify} checks its hash chain (docs/design.md#audit-log).
 */
@Command(
        name = "audit",
        mixinStandardHelpOptions = true,
        description = "Print the tail of the audit log.",
        subcommands = AuditCommand.Verify.class)
final class AuditCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(
            names = {"-n", "--lines"},
            paramLabel = "N",
            defaultValue = "20",
            description = "How many of the last lines to print (default: ${DEFAULT-VALUE}).")
    int lines;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path file = common.settings().auditLog();
        PrintWriter err = spec.commandLine().getErr();
        if (file == null) {
            err.println("The audit log is disabled (--audit-log none).");
            return 1;
        }
        if (!Files.exists(file)) {
            err.println("No audit log yet at " + file + ".");
            return 0;
        }
        PrintWriter out = spec.commandLine().getOut();
        AuditLog.tail(file, Math.max(1, lines)).forEach(out::println);
        out.flush();
        return 0;
    }

    /**
     * {@code gabysql audit verify}: {@code ok: N lines} and exit 0, or the first line that was edited, removed,
     * inserted or reordered and exit 1.
     */
    @Command(
            name = "verify",
            mixinStandardHelpOptions = true,
            description = {
                "Check the audit log's hash chain: print `ok: N lines`, or the first line that was edited, removed,"
                        + " inserted or reordered, with its line number (exit 1).",
                "Lines written before chaining existed, at the start of the file, are counted, not verified."
            })
    static final class Verify implements Callable<Integer> {
        @Mixin
        CommonOptions common;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Settings settings = common.settings();
            Path file = settings.auditLog();
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            if (file == null) {
                err.println("The audit log is disabled (--audit-log none).");
                return 1;
            }
            if (!Files.exists(file)) {
                return missing(file, settings, out, err);
            }
            AuditVerifier.Result r = AuditVerifier.verify(file, settings.auditKey());
            if (r.legacyLines() > 0) {
                out.println(r.legacyLines() + " unchained legacy lines at the start (written before chaining),"
                        + " not verified");
            }
            if (r.ok()) {
                out.println("ok: " + r.chainedLines() + " lines");
            } else {
                out.println("tampered: line " + r.problem().line() + " "
                        + r.problem().what());
            }
            out.flush();
            return r.ok() ? 0 : 1;
        }

        /** No log: nothing to verify, unless its key file says that a chained log was there. */
        private static int missing(Path file, Settings settings, PrintWriter out, PrintWriter err) {
            Path key = AuditLog.keyFile(file);
            if (settings.auditKey() == null && Files.exists(key)) {
                out.println("tampered: there is no audit log at " + file + ", but its key file " + key
                        + " exists: the log was removed or moved");
                out.flush();
                return 1;
            }
            err.println("No audit log yet at " + file + ".");
            out.println("ok: 0 lines");
            out.flush();
            return 0;
        }
    }
}
