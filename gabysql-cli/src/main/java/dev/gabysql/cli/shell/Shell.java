package dev.gabysql.cli.shell;

import dev.gabysql.cli.format.Format;
import dev.gabysql.cli.run.StatementExecutor;
import dev.gabysql.cli.run.ToolCommand;
import dev.gabysql.cli.run.Version;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The interactive SQL shell: reads statements (multi-line, ended by {@code ;}) and backslash commands, runs them
 * through the service with the same guard, modes, previews and confirmation as MCP, and shows the results. Ctrl-C
 * cancels the running statement (or clears the line being typed); Ctrl-D, {@code \q}, {@code quit} leave.
 * Single-threaded, apart from Ctrl-C arriving on JLine's signal thread.
 */
public final class Shell {
    private final GabyService service;
    private final Terminal terminal;
    private final ShellState state;
    private final Calls calls = new Calls();
    private final ResultPrinter printer;
    private final CatalogNames names;
    private final BackslashCommands commands;
    private final StatementExecutor executor;
    private final LineReader reader;
    private final TerminalConfirmer confirmer;
    private final CuratedTools tools;

    Shell(GabyService service, Terminal terminal, String db, Format format, Path history) {
        this(service, terminal, db, format, history, CuratedTools.NONE);
    }

    Shell(GabyService service, Terminal terminal, String db, Format format, Path history, CuratedTools tools) {
        this.tools = tools;
        this.service = service;
        this.terminal = terminal;
        this.state = new ShellState(db, format);
        this.printer = new ResultPrinter(terminal, state);
        this.names = new CatalogNames(service);
        this.commands = new BackslashCommands(service, calls, state, printer, names);
        this.executor = new StatementExecutor(service, calls);
        this.reader = ShellSetup.statementReader(
                terminal, history, new SqlCompleter(names, () -> state.db, this::databaseNames), () -> state.splitter);
        this.confirmer = new TerminalConfirmer(ShellSetup.questionReader(terminal), printer);
    }

    /** Runs the shell on the process's terminal until the person leaves; returns the exit code. */
    public static int start(GabyService service, String db, Format format) throws IOException {
        return start(service, db, format, CuratedTools.NONE);
    }

    /** {@link #start(GabyService, String, Format)} with curated tools for {@code \tool}. */
    public static int start(GabyService service, String db, Format format, CuratedTools tools) throws IOException {
        try (Terminal terminal = ShellSetup.systemTerminal()) {
            return new Shell(service, terminal, db, format, ShellSetup.historyFile(System.getenv()), tools).run();
        }
    }

    int run() {
        DatabaseInfo info = commands.find(state.db);
        state.splitter = service.scriptSplitter(calls.get(), info.name());
        calls.finished();
        state.dialect = info.dialect();
        state.mode = ShellSetup.modeOf(info);
        state.approval = info.approval();
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, s -> calls.cancelRunning());
        try {
            greet(info);
            loop();
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
            saveHistory();
        }
        return 0;
    }

    private void loop() {
        String pending = "";
        while (pending != null) {
            String buffer;
            try {
                reader.setVariable(LineReader.SECONDARY_PROMPT_PATTERN, state.continuationPrompt());
                buffer = reader.readLine(state.prompt(), null, pending.isEmpty() ? null : pending);
            } catch (UserInterruptException e) {
                pending = ""; // Ctrl-C at the prompt drops what was typed, as in psql
                continue;
            } catch (EndOfFileException e) {
                printer.info("");
                return;
            }
            pending = handle(Submission.of(buffer, state.splitter));
        }
    }

    /** Does what the buffer asks; returns the SQL left pending for the next prompt, or null to quit. */
    private String handle(Submission s) {
        if (s.quit()) {
            return null;
        }
        if (s.command() == null) {
            runAll(s.statements());
            return "";
        }
        String name = s.command().split("\\s+", 2)[0];
        switch (name) {
            case "\\g":
                runAll(state.splitter.split(s.pending()));
                return "";
            case "\\r":
                printer.info("Query buffer reset (cleared).");
                return "";
            case ToolCommand.NAME:
                runTool(s.command());
                return s.pending();
            default:
                return commands.run(s.command()) == BackslashCommands.Next.QUIT ? null : s.pending();
        }
    }

    private void runAll(List<String> statements) {
        statements.forEach(this::runOne);
    }

    private void runOne(String sql) {
        try {
            StatementExecutor.Outcome o = executor.run(state.db, sql, confirmer);
            if (o.isRead()) {
                printer.result(o.read());
            } else {
                showWrite(o);
            }
            if (state.timing) {
                printer.timing(o.elapsedMillis());
            }
        } catch (GabyException e) {
            printer.error(e);
        } finally {
            calls.finished();
        }
    }

    /** {@code \tool NAME param=value …}, or {@code \tool} alone to list the curated tools. */
    private void runTool(String line) {
        try {
            ToolCommand.Call call = ToolCommand.parse(line, tools);
            if (call == null) {
                printer.info(ToolCommand.list(tools).stripTrailing());
                return;
            }
            StatementExecutor.Outcome o = executor.runTool(call.tool(), call.values(), confirmer);
            if (o.isRead()) {
                printer.result(o.read());
            } else {
                showWrite(o);
            }
        } catch (GabyException e) {
            printer.error(e);
        } finally {
            calls.finished();
        }
    }

    /** The confirmer has already shown a preview that carried a token; what is left is its end. */
    private void showWrite(StatementExecutor.Outcome o) {
        if (o.committed() != null) {
            printer.write(o.committed());
            names.invalidate();
        } else if (o.preview().confirmToken() == null) {
            printer.write(o.preview());
            names.invalidate();
        } else {
            printer.info("Not committed.");
        }
    }

    private void greet(DatabaseInfo info) {
        printer.info("gabysql " + Version.current() + " — `" + info.name() + "` (" + info.dialect() + ", "
                + info.mode().label() + "). Type \\? for help, \\q to quit.");
        info.warnings().forEach(printer::note);
        List<String> others = new ArrayList<>(databaseNames());
        others.remove(info.name());
        if (!others.isEmpty()) {
            printer.info("Other databases: " + String.join(", ", others) + " (\\c NAME to switch).");
        }
    }

    private List<String> databaseNames() {
        List<String> out = new ArrayList<>();
        try {
            service.listDatabases(calls.get()).forEach(d -> out.add(d.name()));
        } finally {
            calls.finished();
        }
        return out;
    }

    private void saveHistory() {
        try {
            reader.getHistory().save();
        } catch (IOException | RuntimeException ignored) {
            // the history is a convenience; failing to save it must not fail the session
        }
    }
}
