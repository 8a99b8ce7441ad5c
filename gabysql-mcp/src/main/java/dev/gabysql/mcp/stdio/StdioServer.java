package dev.gabysql.mcp.stdio;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.mcp.json.HotPathJsonMapper;
import dev.gabysql.mcp.tool.GabyTool;
import dev.gabysql.mcp.tool.Instructions;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.Tools;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * MCP over stdio for one client: serves until the client closes stdin (or the transport gives up), then answers
 * the requests already received ({@link SessionEnd}) and returns, so the process can exit. The SDK's session
 * handles the protocol; the first {@code initialize} is answered by {@link EarlyInitialize} as soon as the
 * configuration is known, plain tool calls and tool lists by {@link DirectToolCalls}, which reads stdin and hands
 * every other line on to the SDK, whose server is built when a line needs it or the client pauses
 * ({@link SdkDemand}). {@code out} must be the real standard output; nothing else may write to it (the caller
 * points {@code System.out} at stderr first).
 */
public final class StdioServer {
    private StdioServer() {}

    /**
     * Builds the SDK's server over the stdio transport's specification with these tools: the root package's job
     * ({@code GabyMcpServer.serveStdio}), handed in so that this package needs nothing above the tools.
     */
    @FunctionalInterface
    public interface SdkServerBuilder {
        McpSyncServer build(McpServer.SyncSpecification<?> spec, List<McpServerFeatures.SyncToolSpecification> tools);
    }

    /**
     * Serves until the input ends, calling {@code hooks} at their moments. {@code in} may be any stream but a
     * {@link java.io.PipedInputStream}: its first line is read by a thread of its own that then ends, and a piped
     * stream refuses writes once a thread that read it has ended.
     */
    public static void serve(
            GabyService service,
            McpOptions options,
            InputStream in,
            OutputStream out,
            StdioHooks hooks,
            SdkServerBuilder builder)
            throws InterruptedException {
        EndOfInput input = new EndOfInput(in);
        PendingRequests pending = PendingRequests.forHeap(options.maxMessageBytes());
        SdkOutbound outbound = new SdkOutbound(pending::answered);
        ProtocolOutput protocolOut = new ProtocolOutput(out, outbound);
        StdioLines lines = new StdioLines(
                input, options.maxMessageBytes(), new TooLargeMessages(protocolOut, options.maxMessageBytes()));
        boolean writes = service.highestMode().allowsWrites();
        EarlyInitialize early = EarlyInitialize.start(
                lines, protocolOut, options.version(), Instructions.text(writes, options.tools()));
        hooks.started();
        LineFeed sdkInput =
                new LineFeed(new UnreadableMessages(protocolOut, HotPathJsonMapper.shared(), pending::answered));
        RunningCalls<Object> calls = new RunningCalls<>();
        // The direct path reads on at once (lines for the SDK wait in sdkInput until its session is built):
        // the tool list and plain calls need only the tools, which the SDK's server then registers as they are.
        List<GabyTool> gabyTools = Tools.of(writes, options.tools());
        List<McpServerFeatures.SyncToolSpecification> specs = Tools.specs(gabyTools, service, options);
        SdkDemand sdk = new SdkDemand();
        ClientActivity activity = new ClientActivity(); // quiet is counted from here, when reading starts
        Runnable initialized = once(() -> hooks.initialized(activity)); // said by the direct path or the SDK
        SessionEnd end = new SessionEnd(sdkInput, activity, calls, outbound);
        DirectToolCalls direct = new DirectToolCalls(
                lines,
                sdkInput,
                protocolOut,
                service,
                options,
                calls,
                pending,
                activity,
                HotPathJsonMapper.shared(),
                sdk::want,
                initialized);
        if (options.directToolCalls()) {
            direct.serveTools(listed(specs, options), gabyTools);
        }
        direct.start(early);
        McpSyncServer server = null;
        try {
            if (sdk.await(input, activity)) {
                StdioServerTransportProvider stdio =
                        new StdioServerTransportProvider(HotPathJsonMapper.shared(), sdkInput, protocolOut);
                server = builder.build(
                        McpServer.sync(
                                new CallTrackingProvider(stdio, calls, input::end, initialized, activity, outbound)),
                        specs);
            }
            input.await();
        } finally {
            direct.close();
            end.finish(server != null);
            if (server != null) {
                server.close();
            }
        }
    }

    /** The tools as a stdio session lists them (the SDK's tool filter, with the stdio transport's empty context). */
    private static List<McpSchema.Tool> listed(
            List<McpServerFeatures.SyncToolSpecification> specs, McpOptions options) {
        List<McpSchema.Tool> tools = new ArrayList<>();
        for (McpServerFeatures.SyncToolSpecification spec : specs) {
            if (Tools.listed(options, McpTransportContext.EMPTY, spec.tool())) {
                tools.add(spec.tool());
            }
        }
        return tools;
    }

    /** {@code action}, run the first time the returned runnable runs. */
    private static Runnable once(Runnable action) {
        AtomicBoolean done = new AtomicBoolean();
        return () -> {
            if (done.compareAndSet(false, true)) {
                action.run();
            }
        };
    }
}
