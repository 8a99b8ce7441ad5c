package dev.gabysql.cli;

import dev.gabysql.cli.format.Format;
import dev.gabysql.cli.run.ScriptConfirmer;
import dev.gabysql.cli.run.ScriptRunner;
import dev.gabysql.cli.shell.Shell;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.service.LocalGabyService;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gabysql sql [DB|PATH.db] [-c SQL]}: the interactive shell on a terminal; otherwise runs SQL from
 * {@code -c} or from standard input (statements end at {@code ;} as the database's flavour reads it), printing
 * results as a table, CSV, JSON or Markdown. Errors go to stderr with exit code 1. Which database: {@link SqlTarget}.
 */
@Command(
        name = "sql",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run SQL against a database of the catalog, or a SQLite file given as DB (PATH.db).",
            "On a terminal without -c: an interactive shell (history, multi-line statements ended by ;,"
                    + " completion, \\d and friends; \\? lists them). Otherwise the -c statements, or a script read"
                    + " from standard input, which stops at the first error (exit code 1).",
            "Writes (--mode readwrite or admin) are previewed first and committed only when confirmed: the shell"
                    + " and -c on a terminal ask Commit? [y/N]; a script commits only with --yes, and a write it leaves"
                    + " uncommitted makes the exit code 1. Without --yes and with approval human (the default), a"
                    + " script's write waits for a person: its approval id is printed, and gabysql approve decides it."
        },
        footer = {
            "",
            "Examples:",
            "  gabysql sql --demo                    # interactive shell on the sample database",
            "  gabysql sql ./shop.db                 # a SQLite file, as sqlite3 opens it",
            "  gabysql sql new.db --create --mode admin  # a new, empty SQLite file",
            "  gabysql sql --demo -c 'SELECT * FROM customers LIMIT 5' --format csv",
            "  gabysql sql sales --db sales=jdbc:postgresql://localhost/sales < report.sql",
            "  gabysql sql --demo --mode readwrite --yes \\",
            "      -c \"UPDATE products SET price = price * 1.1 WHERE id = 3\""
        })
final class SqlCommand implements Callable<Integer> {
    private static final String POOL_LOG_LEVEL = "org.slf4j.simpleLogger.log.com.zaxxer.hikari";

    @Parameters(
            arity = "0..1",
            paramLabel = "DB",
            description = "A database name, or a SQLite file (PATH.db) to open as sqlite3 does (default: the"
                    + " database given with --db or --demo, else the only one).")
    String db;

    @Option(
            names = "--create",
            description = "Make DB, a SQLite file that does not exist yet, as a new empty database"
                    + " (--mode readwrite or admin).")
    boolean create;

    @Option(
            names = {"-c", "--command"},
            paramLabel = "SQL",
            description = "Run this statement and exit (repeatable).")
    List<String> commands;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "table",
            description = "Output format: table (default), csv, json, markdown.")
    String format;

    @Option(names = "--continue-on-error", description = "Scripts and -c: go on after a failing statement.")
    boolean continueOnError;

    @Option(
            names = {"-y", "--yes"},
            description = "Scripts and -c: commit each previewed write without asking (readwrite/admin only).")
    boolean yes;

    @Option(
            names = "--allow-full-table",
            description = "Scripts and -c: allow UPDATE/DELETE without WHERE (still previewed and confirmed).")
    boolean allowFullTable;

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        quietLibraryLogs();
        Format fmt = Format.parse(format);
        Console terminal = Terminals.interactive();
        boolean interactive = terminal != null;
        String named = SqlTarget.prepare(db, create, common);
        try (LocalGabyService service = Services.local(common, "sql")) {
            Services.reportTransport(service);
            CuratedTools curated = common.curatedTools(service);
            if ((commands == null || commands.isEmpty()) && interactive) {
                return Shell.start(
                        service, SqlTarget.choose(named, service, common.catalogOptions(), true), fmt, curated);
            }
            String target = SqlTarget.choose(named, service, common.catalogOptions(), false);
            ScriptRunner runner = new ScriptRunner(
                            service,
                            target,
                            fmt,
                            spec.commandLine(),
                            new ScriptConfirmer(
                                    yes,
                                    allowFullTable,
                                    terminal,
                                    spec.commandLine().getOut()))
                    .withTools(curated);
            Iterable<String> statements = commands != null && !commands.isEmpty()
                    ? commands
                    : service.scriptSplitter(CallContext.of("cli"), target)
                            .statements(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            return runner.runAll(statements, continueOnError);
        }
    }

    /**
     * The pool's start/stop lines (INFO) would land on the shell's screen and in a script's stderr; its warnings
     * still show. A per-logger property, read when the pool's logger is created (later than the logging set-up);
     * an explicit -D of the same property wins.
     */
    private static void quietLibraryLogs() {
        if (System.getProperty(POOL_LOG_LEVEL) == null) {
            System.setProperty(POOL_LOG_LEVEL, "warn");
        }
    }
}
