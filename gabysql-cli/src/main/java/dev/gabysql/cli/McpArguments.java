package dev.gabysql.cli;

import dev.gabysql.mcp.tool.McpOptions;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the arguments of {@code gabysql mcp} without picocli, for the start-up of a process an MCP client spawns
 * per session (docs/design.md#start-up). picocli is built for Java 5: its classes cannot go into the AppCDS archive and
 * its model is read by reflection, all of it before the first byte of the protocol. This reader takes only the plain
 * forms ({@code --opt value}, {@code --opt=value}, {@code --demo}) with values that convert cleanly; for anything else
 * (help, version, an unknown or repeated option, a bad number, a value that looks like an option) it returns null
 * and picocli parses the arguments, with its usage and error messages.
 *
 * <p>The option names and types are those of {@link McpCommand} and {@link CommonOptions}; McpArgumentsTest
 * checks both against picocli's own model and parse, so the two readers cannot drift apart unnoticed.
 */
final class McpArguments {
    private McpArguments() {}

    /** The command ready to run, or null when picocli must read {@code args} (everything after {@code mcp}). */
    static McpCommand parse(String[] args) {
        McpCommand cmd = new McpCommand();
        cmd.common = new CommonOptions();
        cmd.common.dataDir = Path.of("data");
        cmd.token = System.getenv("GABYSQL_TOKEN");
        cmd.maxMessage = McpOptions.DEFAULT_MAX_MESSAGE_BYTES;
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 2) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            if ("--demo".equals(name)) {
                if (value != null || !seen.add(name)) {
                    return null;
                }
                cmd.common.demo = true;
                continue;
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    return null;
                }
                value = args[++i];
            }
            if (value.startsWith("-") || !(repeatable(name) || seen.add(name)) || !set(cmd, name, value)) {
                return null;
            }
        }
        return cmd;
    }

    /** The options picocli takes more than once (its lists). */
    private static boolean repeatable(String name) {
        return "--db".equals(name) || "--tools".equals(name);
    }

    /** Sets one option; false when the name is not one of ours or the value does not convert. */
    private static boolean set(McpCommand cmd, String name, String value) {
        CommonOptions c = cmd.common;
        try {
            switch (name) {
                case "--db":
                    c.dbs.add(value);
                    return true;
                case "--data-dir":
                    c.dataDir = Path.of(value);
                    return true;
                case "--config":
                    c.config = Path.of(value);
                    return true;
                case "--mode":
                    c.mode = value;
                    return true;
                case "--max-rows":
                    c.maxRows = Integer.valueOf(value);
                    return true;
                case "--timeout":
                    c.timeoutSeconds = Integer.valueOf(value);
                    return true;
                case "--schema-ttl":
                    c.schemaTtlSeconds = Integer.valueOf(value);
                    return true;
                case "--audit-log":
                    c.auditLog = value;
                    return true;
                case "--approval":
                    c.approval = value;
                    return true;
                case "--approvals-dir":
                    c.approvalsDir = value;
                    return true;
                case "--state":
                    c.state = value;
                    return true;
                case "--server":
                    cmd.server = new URI(value);
                    return true;
                case "--token":
                    cmd.token = value;
                    return true;
                case "--max-message":
                    cmd.maxMessage = Integer.valueOf(value);
                    return true;
                case "--tools":
                    return addTools(cmd, value);
                default:
                    return false;
            }
        } catch (NumberFormatException | InvalidPathException | URISyntaxException e) {
            return false;
        }
    }

    /**
     * {@code --tools a,b}: picocli's split on commas, which also honours quotes; a value with a quote is left to it.
     */
    private static boolean addTools(McpCommand cmd, String value) {
        if (value.indexOf('"') >= 0 || value.indexOf('\'') >= 0) {
            return false;
        }
        if (cmd.tools == null) {
            cmd.tools = new ArrayList<>();
        }
        cmd.tools.addAll(List.of(value.split(",")));
        return true;
    }
}
