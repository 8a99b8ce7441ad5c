package dev.gabysql.cli.shell;

import dev.gabysql.cli.format.Format;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shell's backslash commands, psql style ({@code \d}, {@code \x}, {@code \q}…). Each is answered through the
 * service: {@code \d} is gabysql's own {@code SHOW TABLES}, {@code \d NAME} its {@code DESCRIBE} plus keys and
 * indexes, {@code \l} {@code SHOW DATABASES}; {@code \health}, {@code \top}, {@code \activity} and {@code \advise}
 * are the DBA reports and index advice (docs/dba.md). Single-threaded.
 */
final class BackslashCommands {
    /** Names offered by completion. */
    static final List<String> NAMES = List.of(
            "\\?",
            "\\q",
            "\\l",
            "\\d",
            "\\dt",
            "\\dv",
            "\\c",
            "\\x",
            "\\timing",
            "\\mode",
            "\\format",
            "\\g",
            "\\r",
            "\\health",
            "\\top",
            "\\activity",
            "\\advise");
    /** The rankings {@code \\top} takes. */
    static final List<String> TOP_ORDERS = List.of("total_time", "mean_time", "calls", "rows");

    static final String HELP = String.join(
            "\n",
            "General",
            "  \\q                quit (also Ctrl-D, quit, exit)",
            "  \\?                this help",
            "Informational",
            "  \\l                list the databases of the catalog (SHOW DATABASES)",
            "  \\d                list tables and views (SHOW TABLES)",
            "  \\d NAME           describe a table or view: columns, primary key, foreign keys, indexes",
            "  \\dt, \\dv          list tables only, views only",
            "  \\mode             the access mode of this database, what it allows and who approves writes",
            "DBA (read-only reports of the catalog; docs/dba.md)",
            "  \\health [CHECK …] what needs attention, worst first, each finding with its fix (only the named checks)",
            "  \\top [ORDER]      the heaviest statements by total_time (default), mean_time, calls or rows",
            "  \\activity         what runs now, and which session blocks which",
            "  \\advise SELECT …  the plan of a read and the indexes that would help (proven with hypopg)",
            "  (\\health, \\top and \\activity take a cursor a long report ends with: \\health CURSOR)",
            "Connection",
            "  \\c NAME           switch to another database of the catalog",
            "Output",
            "  \\x [on|off|auto]  expanded display: one line per column (auto: when a table is too wide)",
            "  \\timing [on|off]  show how long each statement took",
            "  \\format FORMAT    table, csv, json or markdown",
            "Query buffer",
            "  \\g                run the statement typed so far, without a ;",
            "  \\r                clear the statement typed so far",
            "",
            "End a statement with ; (it may span lines). Tab completes keywords, tables and columns.",
            "gabysql's own statements work too: SHOW TABLES; DESCRIBE name; INTEGRITY CHECK; SHOW DATABASES;",
            "Writes (readwrite/admin only) are previewed, then you are asked Commit? [y/N].",
            "Ctrl-C cancels a running statement (or clears the line); Ctrl-D quits.");

    /** What the shell does after a command. */
    enum Next {
        CONTINUE,
        QUIT
    }

    private final GabyService service;
    private final Calls calls;
    private final ShellState state;
    private final ResultPrinter printer;
    private final CatalogNames names;

    BackslashCommands(GabyService service, Calls calls, ShellState state, ResultPrinter printer, CatalogNames names) {
        this.service = service;
        this.calls = calls;
        this.state = state;
        this.printer = printer;
        this.names = names;
    }

    /** Runs one command line such as {@code \d orders}; failures are printed, never thrown. */
    Next run(String commandLine) {
        String[] parts = commandLine.strip().split("\\s+", 2);
        String name = parts[0];
        String arg = parts.length > 1 ? parts[1].strip() : "";
        try {
            return dispatch(name, arg);
        } catch (GabyException e) {
            printer.error(e);
            return Next.CONTINUE;
        } finally {
            calls.finished();
        }
    }

    private Next dispatch(String name, String arg) {
        switch (name) {
            case "\\q":
                return Next.QUIT;
            case "\\?":
            case "\\h":
            case "\\help":
                printer.info(HELP);
                break;
            case "\\l":
                show(query("SHOW DATABASES"));
                break;
            case "\\d":
                describe(arg);
                break;
            case "\\dt":
                show(kind(query("SHOW TABLES"), "table"));
                break;
            case "\\dv":
                show(kind(query("SHOW TABLES"), "view"));
                break;
            case "\\c":
            case "\\connect":
                connect(arg);
                break;
            case "\\x":
                expanded(arg);
                break;
            case "\\timing":
                timing(arg);
                break;
            case "\\mode":
                printer.info(modeText());
                break;
            case "\\format":
                format(arg);
                break;
            case "\\health":
                health(arg);
                break;
            case "\\top":
                top(arg);
                break;
            case "\\activity":
                report("activity", null, arg, List.of());
                break;
            case "\\advise":
                advise(arg);
                break;
            default:
                printer.error(new GabyException(
                        ErrorCode.BAD_REQUEST, "Unknown command " + name + ".", "Type \\? for the list of commands."));
        }
        return Next.CONTINUE;
    }

    private void describe(String table) {
        if (table.isEmpty()) {
            show(query("SHOW TABLES"));
            return;
        }
        show(query("DESCRIBE " + table));
        String bare = table.startsWith("\"") && table.endsWith("\"") && table.length() > 1
                ? table.substring(1, table.length() - 1).replace("\"\"", "\"")
                : table;
        TableDetails.lines(service.describeTable(calls.get(), state.db, bare, false)
                        .json())
                .forEach(printer::info);
    }

    /** A DBA report, its whole first page (or the page at {@code cursor}), as the service words it. */
    private void report(String report, String by, String cursor, List<String> checks) {
        printer.info(service.health(
                        calls.get(),
                        new HealthRequest(
                                state.db,
                                report,
                                by,
                                HealthRequest.MAX_LIMIT,
                                cursor.isEmpty() ? null : cursor,
                                checks))
                .text());
    }

    /**
     * {@code \\health [CHECK …] [CURSOR]}: a word of lowercase letters and underscores names a check (a cursor is
     * base64 of an offset, which always has another character).
     */
    private void health(String arg) {
        List<String> checks = new ArrayList<>();
        String cursor = "";
        for (String w : arg.isEmpty() ? new String[0] : arg.split("[,\\s]+")) {
            if (w.matches("[a-z_]+")) {
                checks.add(w);
            } else if (!w.isEmpty()) {
                cursor = w;
            }
        }
        report("health", null, cursor, checks);
    }

    /** {@code \\top [ORDER] [CURSOR]}. */
    private void top(String arg) {
        String[] words = arg.isEmpty() ? new String[0] : arg.split("\\s+");
        String by = null;
        String cursor = "";
        for (String w : words) {
            if (TOP_ORDERS.contains(w.toLowerCase(Locale.ROOT))) {
                by = w.toLowerCase(Locale.ROOT);
            } else {
                cursor = w;
            }
        }
        report("top_queries", by, cursor, List.of());
    }

    private void advise(String sql) {
        if (sql.isEmpty()) {
            throw usage("\\advise SELECT …");
        }
        String read = sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
        printer.info(service.adviseIndexes(calls.get(), state.db, read).text());
    }

    private void connect(String db) {
        if (db.isEmpty()) {
            printer.info("You are on `" + state.db + "` (" + state.dialect + ", " + state.mode.label() + ").");
            return;
        }
        DatabaseInfo info = find(db);
        state.splitter = service.scriptSplitter(calls.get(), info.name());
        calls.finished();
        state.db = info.name();
        state.dialect = info.dialect();
        state.mode = ShellSetup.modeOf(info);
        state.approval = info.approval();
        names.invalidate();
        printer.info("You are now on `" + info.name() + "` (" + info.dialect() + ", "
                + info.mode().label() + ").");
        info.warnings().forEach(printer::note);
    }

    /** The database called {@code db} as listed by the service; UNKNOWN_DATABASE naming the known ones. */
    DatabaseInfo find(String db) {
        // listed without the shell's own approval, so that each database says its policy for other callers
        List<DatabaseInfo> all = service.listDatabases(calls.get().withApproval(null));
        calls.finished();
        for (DatabaseInfo info : all) {
            if (info.name().equals(db)) {
                return info;
            }
        }
        List<String> known = new ArrayList<>();
        all.forEach(d -> known.add(d.name()));
        throw new GabyException(
                ErrorCode.UNKNOWN_DATABASE,
                "Unknown database `" + db + "`. Known databases: " + String.join(", ", known) + ".",
                "\\l lists them.");
    }

    private void expanded(String arg) {
        switch (arg.toLowerCase(Locale.ROOT)) {
            case "":
                state.expanded =
                        state.expanded == ShellState.Expanded.ON ? ShellState.Expanded.OFF : ShellState.Expanded.ON;
                break;
            case "on":
                state.expanded = ShellState.Expanded.ON;
                break;
            case "off":
                state.expanded = ShellState.Expanded.OFF;
                break;
            case "auto":
                state.expanded = ShellState.Expanded.AUTO;
                break;
            default:
                throw usage("\\x [on|off|auto]");
        }
        printer.info("Expanded display is " + state.expanded.name().toLowerCase(Locale.ROOT) + ".");
    }

    private void timing(String arg) {
        switch (arg.toLowerCase(Locale.ROOT)) {
            case "":
                state.timing = !state.timing;
                break;
            case "on":
                state.timing = true;
                break;
            case "off":
                state.timing = false;
                break;
            default:
                throw usage("\\timing [on|off]");
        }
        printer.info("Timing is " + (state.timing ? "on" : "off") + ".");
    }

    private void format(String arg) {
        if (arg.isEmpty()) {
            printer.info("Output format is " + state.format.name().toLowerCase(Locale.ROOT) + ".");
            return;
        }
        state.format = Format.parse(arg);
        printer.info("Output format is " + state.format.name().toLowerCase(Locale.ROOT) + ".");
    }

    String modeText() {
        return accessText() + approvalText();
    }

    /**
     * Who approves writes to this database (docs/design.md#approval): what agents get, and what a y here means. Empty
     * when the database cannot be written.
     */
    private String approvalText() {
        if (state.approval == null || !state.mode.allowsWrites()) {
            return "";
        }
        switch (state.approval) {
            case HUMAN:
                return "\nApproval: human — an agent's write (gabysql mcp, gabysql serve) waits for a person, who"
                        + " approves it\nwith gabysql approve in a terminal; here your y to Commit? is that person's yes.";
            default:
                return "\nApproval: agent — an agent's confirm token commits its own preview (chosen with"
                        + " approval = \"agent\"\nor --approval agent); here your y to Commit? commits.";
        }
    }

    private String accessText() {
        String head = "Access mode on `" + state.db + "`: " + state.mode.label() + " — ";
        switch (state.mode) {
            case READONLY:
                return head + "reads only (SELECT, WITH, VALUES, SHOW, EXPLAIN, DESCRIBE); writes are refused.\n"
                        + "Start gabysql with --mode readwrite to preview and commit INSERT/UPDATE/DELETE,"
                        + " --mode admin for DDL.";
            case READWRITE:
                return head + "reads, and INSERT/UPDATE/DELETE/MERGE. Each write is previewed (run and rolled"
                        + " back)\nand committed only when you answer y to Commit? [y/N]. DDL needs --mode admin.";
            default:
                return head + "reads, writes and DDL. Each is previewed and committed only when you answer y;"
                        + "\nstatements that cannot run in a transaction get no preview, and say so.";
        }
    }

    private QueryResult query(String sql) {
        return service.query(calls.get(), QueryRequest.of(state.db, sql));
    }

    private void show(QueryResult r) {
        printer.result(r);
    }

    /** SHOW TABLES rows of one kind (its columns: schema, name, kind). */
    private static QueryResult kind(QueryResult all, String kind) {
        int col = 0;
        for (int i = 0; i < all.columns().size(); i++) {
            if (all.columns().get(i).name().equals("kind")) {
                col = i;
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row : all.rows()) {
            if (kind.equals(String.valueOf(row.get(col)))) {
                rows.add(row);
            }
        }
        return new QueryResult(all.columns(), rows, all.truncated(), all.note(), all.elapsedMillis());
    }

    private static GabyException usage(String text) {
        return new GabyException(ErrorCode.BAD_REQUEST, "Usage: " + text, "Type \\? for the list of commands.");
    }
}
