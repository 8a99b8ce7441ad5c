package dev.gabysql.cli;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.error.GabyException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gabysql check [DB]}: the engine's integrity check of one database or of all of them. */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = "Integrity check of one database, or of every database in the catalog.")
final class CheckCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "0..1", paramLabel = "DB", description = "Database name (default: all).")
    String db;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (GabyService service = Services.local(common, "check")) {
            CallContext ctx = CallContext.of("cli");
            List<String> names = db != null
                    ? List.of(db)
                    : service.listDatabases(ctx).stream().map(d -> d.name()).toList();
            if (names.isEmpty()) {
                err.println("No databases: pass --db, --data-dir or --demo.");
                return 2;
            }
            int exit = 0;
            for (String name : names) {
                try {
                    IntegrityReport r = service.integrityCheck(ctx, name);
                    out.println(name + ": " + (r.ok() ? "ok" : "PROBLEMS") + " (" + r.method() + "; checked "
                            + r.checked() + ")");
                    r.problems().forEach(p -> out.println("  - " + p));
                    exit = r.ok() ? exit : 1;
                } catch (GabyException e) {
                    out.println(name + ": error [" + e.code() + "] " + e.getMessage());
                    exit = 1;
                }
            }
            out.flush();
            return exit;
        }
    }
}
