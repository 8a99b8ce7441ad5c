package dev.gabysql.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code gabysql mcp}: MCP over stdio. PLACEHOLDER until the MCP module lands. */
@Command(name = "mcp", mixinStandardHelpOptions = true, description = "Serve MCP over stdio (for local agents).")
final class McpCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        System.err.println("not implemented yet");
        return 1;
    }
}
