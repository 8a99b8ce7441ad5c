package dev.gabysql.cli;

import dev.gabysql.cli.format.Format;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.CallContext;
import dev.gabysql.core.service.DatabaseInfo;
import dev.gabysql.core.service.GabyService;
import dev.gabysql.core.service.QueryRequest;
import dev.gabysql.core.service.QueryResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gabysql sql [DB] [-c SQL]}: runs SQL from {@code -c} or from standard input (one statement per
 * {@code ;}), printing results as a table, CSV, JSON or Markdown. Errors go to stderr with exit code 1.
 */
@Command(name = "sql", mixinStandardHelpOptions = true, description = "Run SQL against a database of the catalog.")
final class SqlCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "0..1", paramLabel = "DB",
            description = "Database name (default: the only database, if there is exactly one).")
    String db;

    @Option(names = {"-c", "--command"}, paramLabel = "SQL", description = "Run this statement and exit.")
    List<String> commands;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "table",
            description = "Output format: table (default), csv, json, markdown.")
    String format;

    @Option(names = "--continue-on-error", description = "In script mode, go on after a failing statement.")
    boolean continueOnError;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Format fmt = Format.parse(format);
        try (GabyService service = common.openService()) {
            String target = chooseDatabase(service);
            Runner runner = new Runner(service, target, fmt, spec.commandLine());
            if (commands != null && !commands.isEmpty()) {
                return runner.runAll(commands, continueOnError);
            }
            List<String> script = ScriptSplitter.split(readStdin());
            return runner.runAll(script, continueOnError);
        }
    }

    private String chooseDatabase(GabyService service) {
        if (db != null) {
            return db;
        }
        List<DatabaseInfo> dbs = service.listDatabases(CallContext.of("cli"));
        if (dbs.size() == 1) {
            return dbs.get(0).name();
        }
        throw new GabyException(ErrorCode.BAD_REQUEST, dbs.isEmpty()
                ? "No database: pass --db NAME=URL, --db PATH.db, --data-dir DIR or --demo."
                : "Several databases; name one: " + String.join(", ", dbs.stream().map(DatabaseInfo::name).toList()),
                "gabysql sql DB -c 'SELECT …'");
    }

    private static String readStdin() throws IOException {
        StringBuilder sb = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            char[] buf = new char[8192];
            int n;
            while ((n = r.read(buf)) > 0) {
                sb.append(buf, 0, n);
            }
        }
        return sb.toString();
    }

    /** Runs statements one by one, printing each result; stops at the first error unless told otherwise. */
    static final class Runner {
        private final GabyService service;
        private final String db;
        private final Format format;
        private final CommandLine cl;

        Runner(GabyService service, String db, Format format, CommandLine cl) {
            this.service = service;
            this.db = db;
            this.format = format;
            this.cl = cl;
        }

        int runAll(List<String> statements, boolean continueOnError) {
            int exit = 0;
            for (String sql : statements) {
                try {
                    print(service.query(CallContext.of("cli"), QueryRequest.of(db, sql)));
                } catch (GabyException e) {
                    ErrorHandler.print(cl, e);
                    exit = 1;
                    if (!continueOnError) {
                        break;
                    }
                }
            }
            return exit;
        }

        private void print(QueryResult result) {
            PrintWriter out = cl.getOut();
            out.print(format.render(result));
            if (result.truncated() && result.note() != null) {
                cl.getErr().println("note: " + result.note());
                cl.getErr().flush();
            }
            out.flush();
        }
    }
}
