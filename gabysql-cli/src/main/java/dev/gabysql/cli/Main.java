package dev.gabysql.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code gabysql} command. Subcommands: {@code sql} (the CLI), {@code mcp} (MCP over stdio), {@code serve}
 * (the HTTP/JSON API), {@code check} (integrity), {@code audit}. Exit codes follow picocli's convention: 0 ok,
 * 1 failure, 2 usage error.
 */
@Command(name = "gabysql", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Safe, fast SQL for AI agents and programs: MCP server, SQL shell and integrity checks.",
        subcommands = {SqlCommand.class, McpCommand.class, ServeCommand.class, CheckCommand.class,
            AuditCommand.class},
        footer = {"", "Examples:",
            "  gabysql sql --demo -c 'SHOW TABLES'",
            "  gabysql mcp --demo                         MCP over stdio on the sample database",
            "  gabysql mcp --db sales=jdbc:postgresql://localhost/sales",
            "  gabysql serve --demo                       HTTP/JSON API on http://127.0.0.1:7878",
            "  gabysql check --data-dir ./data"})
public final class Main {

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (used by tests too). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler(new ErrorHandler());
        return cl.execute(args);
    }
}
