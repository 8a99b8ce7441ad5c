package dev.gabysql.cli;

import dev.gabysql.core.audit.AuditLog;
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

/** {@code gabysql audit}: prints the last lines of the audit log (one JSON object per call). */
@Command(name = "audit", mixinStandardHelpOptions = true, description = "Print the tail of the audit log.")
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
}
