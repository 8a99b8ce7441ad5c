package dev.gabysql.cli;

import dev.gabysql.cli.run.Version;
import dev.gabysql.cli.start.Warmup;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.mcp.GabyMcpServer;
import dev.gabysql.mcp.stdio.ClientActivity;
import dev.gabysql.mcp.stdio.StdioHooks;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.ToolSelection;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gabysql mcp}: MCP over stdio for a local agent, on the catalog the common options describe. Standard output
 * carries JSON-RPC frames only: the real stdout is taken for the transport and {@code System.out} is pointed at
 * stderr before anything else runs. The process ends as soon as the client closes stdin.
 * With {@code --server URL --token T} (the gateway, docs/design.md#the-gateway) the tools run against a remote
 * {@code gabysql serve} instead, through the same service interface.
 */
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        description = "Serve MCP over stdio (for local agents such as Claude Code, Claude Desktop or Cursor).",
        footer = {"", "Example: claude mcp add gabysql -- /path/to/gabysql/gabysql mcp --demo   (see docs/clients.md)"})
final class McpCommand implements Callable<Integer> {
    /** How long closing the databases may delay the exit once the client is gone. */
    private static final long CLOSE_WAIT_MS = 1_000;
    /** Below this, a client's initialize may not fit (serve's --max-body has the same floor). */
    private static final int MIN_MAX_MESSAGE = 1024;

    @Mixin
    CommonOptions common;

    @Option(
            names = "--server",
            paramLabel = "URL",
            description = "Gateway mode: forward every call to a running `gabysql serve` at URL (no database is"
                    + " opened here; --mode still caps what is asked for).")
    URI server;

    @Option(
            names = "--token",
            paramLabel = "TOKEN",
            defaultValue = "${env:GABYSQL_TOKEN}",
            description = "Bearer token for --server (default: the GABYSQL_TOKEN environment variable).")
    String token;

    @Option(
            names = "--max-message",
            paramLabel = "BYTES",
            defaultValue = "" + McpOptions.DEFAULT_MAX_MESSAGE_BYTES,
            description = "Largest message read from the client; a longer one is dropped unread and answered with"
                    + " TOO_LARGE (default: ${DEFAULT-VALUE}).")
    int maxMessage;

    @Option(
            names = "--tools",
            paramLabel = "NAME[,NAME...]",
            split = ",",
            description = "The tools to list (the others cannot be called either): tool names or the presets"
                    + " minimal and all (default: all; or tools in [server] of --config, or GABYSQL_TOOLS).")
    List<String> tools;

    @Override
    public Integer call() throws InterruptedException {
        if (maxMessage < MIN_MAX_MESSAGE || maxMessage > McpOptions.MAX_MESSAGE_BYTES_LIMIT) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "--max-message must be from " + MIN_MAX_MESSAGE + " to " + McpOptions.MAX_MESSAGE_BYTES_LIMIT
                            + " bytes.",
                    "For example: --max-message 16777216.");
        }
        ToolSelection selection = server != null ? common.tools(tools) : null;
        OutputStream protocolOut = takeStdout();
        McpOptions options = McpOptions.defaults(Version.current()).withMaxMessageBytes(maxMessage);
        GabyService service;
        StdioHooks hooks;
        if (server != null) {
            service = Services.remote(server, token, common);
            options = options.withApprovalPlace(McpOptions.APPROVE_OVER_HTTP) // the server keeps the writes
                    .withTools(selection);
            hooks = new StdioHooks() {}; // the gateway runs no local database code: nothing to prepare
        } else {
            LocalGabyService local = Services.local(common, "mcp");
            service = local;
            options = options.withTools(curatedSelection(local));
            hooks = localHooks(local, options);
        }
        try {
            GabyMcpServer.serveStdio(service, options, new FileInputStream(FileDescriptor.in), protocolOut, hooks);
        } finally {
            closeWithin(service, CLOSE_WAIT_MS);
        }
        return 0;
    }

    /**
     * The tool selection with the configuration's curated tools, checked by the guard (no connection opens); without
     * any, gabysql's tools alone, and nothing more is loaded on the start-up path.
     */
    private ToolSelection curatedSelection(LocalGabyService local) {
        try {
            CuratedTools curated = common.curatedTools(local);
            return curated.isEmpty() ? common.tools(tools) : common.tools(tools, curated);
        } catch (RuntimeException e) {
            local.close();
            throw e;
        }
    }

    /**
     * Off the spawn-to-initialize path (docs/design.md#start-up): while the client's initialize is answered, one
     * background thread connects to the databases and reads their schemas (LocalGabyService#prefetch), then runs the
     * least-privilege check (layer 1, docs/design.md#three-layers-of-defence) on the connections it opened; once the
     * client is initialized, the JIT warm-up. The usual answers need no Jackson mapper
     * ({@link dev.gabysql.core.json.JsonTrees}), so none is made ahead.
     */
    private static StdioHooks localHooks(LocalGabyService local, McpOptions options) {
        return new StdioHooks() {
            @Override
            public void started() {
                Thread t = new Thread(
                        () -> {
                            Services.reportTransport(local);
                            local.prefetch();
                            Services.reportPrivileges(local);
                        },
                        "gabysql-prefetch");
                t.setDaemon(true);
                t.start();
            }

            @Override
            public void initialized(ClientActivity client) {
                Warmup.start(options, client);
            }
        };
    }

    /** The real stdout for the protocol; from here on System.out writes to stderr. */
    static OutputStream takeStdout() {
        System.out.flush();
        System.setOut(System.err);
        return new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    }

    /** Closes the service (pools) but never lets a stuck connection keep the process alive. */
    private static void closeWithin(GabyService service, long millis) throws InterruptedException {
        Thread closer = new Thread(service::close, "gabysql-close");
        closer.setDaemon(true);
        closer.start();
        closer.join(millis);
    }
}
