package dev.gabysql.cli;

import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/**
 * The {@code gabysql} command. Subcommands: {@code sql} (the shell and scripts), {@code mcp} (MCP over stdio),
 * {@code serve} (the HTTP/JSON API and MCP over HTTP), {@code approve} (a person decides pending writes),
 * {@code check} (integrity), {@code audit}, {@code help}.
 * Exit codes follow picocli's convention: 0 ok, 1 failure, 2 usage error.
 */
@Command(
        name = "gabysql",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        usageHelpAutoWidth = true,
        description = {
            "Safe, fast SQL for AI agents and programs: an MCP server, an HTTP/JSON API, a SQL shell and"
                    + " integrity checks over SQLite and PostgreSQL. Readonly unless told otherwise; writes are previewed"
                    + " and confirmed."
        },
        subcommands = {
            SqlCommand.class,
            McpCommand.class,
            ServeCommand.class,
            ApproveCommand.class,
            CheckCommand.class,
            AuditCommand.class,
            HelpCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  gabysql sql --demo                        # SQL shell on the sample database",
            "  gabysql sql --demo -c 'SHOW TABLES'       # one statement, then exit",
            "  gabysql sql shop --db ./shop.db --format csv < report.sql",
            "  gabysql mcp --demo                        # MCP over stdio for Claude, Cursor...",
            "  gabysql serve --demo                      # HTTP/JSON API and /mcp on 127.0.0.1:7878",
            "  gabysql mcp --server http://127.0.0.1:7878  # MCP gateway to a running serve",
            "  gabysql approve                           # a person decides pending writes",
            "  gabysql check --data-dir ./data           # integrity check of every database",
            "  GABYSQL_DB_URL=jdbc:postgresql://localhost/sales gabysql mcp",
            "",
            "Databases: --db NAME=JDBC_URL, --db PATH.db, every *.db file in --data-dir",
            "(default ./data), --demo, or the environment: GABYSQL_DB_URL (a JDBC URL or",
            "a SQLite file), GABYSQL_DB_NAME (default db), GABYSQL_DB_USER and",
            "GABYSQL_DB_PASSWORD. Passwords are never printed.",
            "`gabysql help COMMAND` shows a command's options.",
            "Exit codes: 0 ok, 1 failure, 2 usage or configuration error."
        })
public final class Main {

    public static void main(String[] args) {
        nameTheLoggingProvider();
        System.exit(run(args));
    }

    /**
     * Names slf4j-simple as the logging provider (unless the user named one), so that SLF4J does not search the
     * class path for providers with a ServiceLoader at the first logger — several milliseconds of every start
     * (docs/design.md#start-up) — and keeps its own notes below warnings (naming a provider would otherwise print one).
     */
    static void nameTheLoggingProvider() {
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", "org.slf4j.simple.SimpleServiceProvider");
            if (System.getProperty("slf4j.internal.verbosity") == null) {
                System.setProperty("slf4j.internal.verbosity", "WARN");
            }
        }
    }

    /**
     * Runs the command line and returns the exit code (used by tests too). Start-up is a product feature
     * (docs/design.md#start-up): {@code gabysql mcp} with plain arguments skips picocli altogether
     * ({@link McpArguments}), and any other subcommand has only its own model built, since picocli reads every
     * annotated class of the tree by reflection. Usage lines still read {@code gabysql NAME}.
     */
    public static int run(String... args) {
        String first = args.length > 0 ? args[0] : "";
        String[] rest = args.length > 0 ? Arrays.copyOfRange(args, 1, args.length) : args;
        if ("mcp".equals(first)) {
            McpCommand mcp = McpArguments.parse(rest);
            if (mcp != null) {
                return runDirectly(mcp);
            }
        }
        CommandLine sub = subcommand(first);
        CommandLine cl = sub != null ? sub : new CommandLine(new Main());
        cl.setExecutionExceptionHandler(new ErrorHandler());
        return cl.execute(sub != null ? rest : args);
    }

    /** Runs a command read by {@link McpArguments}; a failure is reported as picocli's handler would. */
    private static int runDirectly(McpCommand mcp) {
        try {
            return mcp.call();
        } catch (Exception e) {
            return new ErrorHandler().handleExecutionException(e, new CommandLine(mcp), null);
        }
    }

    /**
     * The named subcommand alone, or null for anything else (help, options of the top command, a typo). The names
     * and classes are those of this class's {@code @Command(subcommands = …)}: one list, nothing to keep in step.
     */
    private static CommandLine subcommand(String name) {
        for (Class<?> type : Main.class.getAnnotation(Command.class).subcommands()) {
            Command command = type.getAnnotation(Command.class);
            if (command != null && command.name().equals(name) && type != HelpCommand.class) {
                return new CommandLine(type).setCommandName("gabysql " + name);
            }
        }
        return null;
    }
}
