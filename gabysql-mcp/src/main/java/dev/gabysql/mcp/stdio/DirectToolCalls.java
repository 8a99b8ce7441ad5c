package dev.gabysql.mcp.stdio;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.mcp.json.HotPathJsonMapper;
import dev.gabysql.mcp.json.IncomingLine;
import dev.gabysql.mcp.json.JsonRpcIds;
import dev.gabysql.mcp.tool.GabyTool;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.ToolBoundary;
import dev.gabysql.mcp.tool.ToolOutcome;
import dev.gabysql.mcp.tool.Tools;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a stdio session's input and answers plain {@code tools/call} and {@code tools/list} requests itself, and
 * applies {@code notifications/cancelled} to the calls in flight; every other line goes on to the SDK's session
 * unchanged (through a {@link LineFeed}, where it waits until that session exists: {@link SdkDemand} hears of each
 * line that needs it), and so do requests before {@code notifications/initialized}, with {@code _meta} (a progress
 * token) or a cursor, for a tool it does not know, calls beyond {@link #MAX_RUNNING} at once, and
 * {@code gabysql_execute} from a client that declared elicitation (only the SDK's exchange can ask its person).
 *
 * <p>Why (docs/design.md#mcp): through the SDK a call crosses three threads (the transport's reader, Reactor's
 * bounded-elastic worker, the transport's writer) and a few hundred Reactor operators, and a process that has just
 * started runs all of it in the interpreter — most of a 1-row query's time for its first hundreds of calls. Here the
 * thread that read the request answers it and then reads on; when a call lasts more than 10 ms, another thread of
 * the pool takes over the reading ({@link ReadingRelay}: the next line is read meanwhile,
 * {@code notifications/cancelled} included). It runs the same {@link ToolBoundary} the SDK's handler runs, with
 * the call registered in {@link RunningCalls} so cancellation works as before, and writes the reply (the same
 * JSON, {@link HotPathJsonMapper}) under the lock the SDK's writer takes on the output stream.
 * DirectToolCallsTest holds the replies to the SDK's.
 *
 * <p>Thread-safe: one thread reads at a time; the reading role passes through the executor ({@link ReadingRelay}).
 */
public final class DirectToolCalls {
    /** Direct calls running at once; more go to the SDK, whose worker pool queues them. */
    static final int MAX_RUNNING = 32;

    private static final Logger LOG = LoggerFactory.getLogger(DirectToolCalls.class);
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final StdioLines lines;
    private final LineFeed sdkInput;
    private final ProtocolOutput out;
    private final GabyService service;
    private final McpOptions options;
    private final RunningCalls<Object> calls;
    private final PendingRequests pending;
    private final ClientActivity activity;
    private final McpJsonMapper mapper;
    private final Runnable sdkWanted;
    private final Runnable initialized;
    private final AtomicInteger running = new AtomicInteger();
    private final ExecutorService threads =
            new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "gabysql-mcp-" + THREADS.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
    /** The first line was an initialize {@link EarlyInitialize} answered: the SDK's session need not hurry. */
    private boolean answeredEarly;
    /** The tools answered here, by name; null: the SDK answers every call. */
    private volatile Map<String, BoundTool> bound;
    /** Set ({@link #bound}) when the client has said {@code notifications/initialized}: calls are answered here. */
    private volatile Map<String, BoundTool> tools;

    private volatile McpSchema.Implementation client;
    /**
     * The client declared elicitation in {@code initialize}: its {@code gabysql_execute} calls go to the SDK, whose
     * exchange can ask the person (ExecuteTool, docs/design.md#approval); this path has no exchange.
     */
    private volatile boolean elicits;
    /** The tools the SDK's server lists (the very objects: their JSON is rendered once); null: the SDK answers. */
    private volatile List<McpSchema.Tool> toolList;
    /** Passes the reading to another thread of the pool when a call lasts. */
    private final ReadingRelay relay = new ReadingRelay(() -> threads.execute(() -> read(null)));

    /**
     * {@code out} is the stream the SDK's transport writes to: replies are written under its lock.
     * {@code sdkWanted} runs when a line needs the SDK's session (a request not answered here), {@code initialized}
     * when the client says {@code notifications/initialized}. Each request read is charged to {@code pending}
     * until it is answered; one it has no room for is answered at once with OVER_CAPACITY.
     */
    DirectToolCalls(
            StdioLines lines,
            LineFeed sdkInput,
            ProtocolOutput out,
            GabyService service,
            McpOptions options,
            RunningCalls<Object> calls,
            PendingRequests pending,
            ClientActivity activity,
            McpJsonMapper mapper,
            Runnable sdkWanted,
            Runnable initialized) {
        this.lines = lines;
        this.sdkInput = sdkInput;
        this.out = out;
        this.service = service;
        this.options = options;
        this.calls = calls;
        this.pending = pending;
        this.activity = activity;
        this.mapper = mapper;
        this.sdkWanted = sdkWanted;
        this.initialized = initialized;
    }

    /**
     * Answers plain {@code tools/list} requests with {@code listed} (the very Tool objects the SDK's server
     * registers) and plain calls of {@code gabyTools} (those the server runs).
     */
    void serveTools(List<McpSchema.Tool> listed, List<GabyTool> gabyTools) {
        this.toolList = List.copyOf(listed);
        this.bound = bind(gabyTools);
    }

    /**
     * Starts reading with the first line {@code early} read (and may have answered): it goes on to the SDK like any
     * other. The SDK's input is ended by the caller once the requests read are answered ({@link SessionEnd}).
     */
    void start(EarlyInitialize early) {
        threads.execute(() -> {
            byte[] first = early.firstLine();
            answeredEarly = first != null && early.answered();
            read(first);
        });
    }

    /** No new thread after this; calls still running finish. */
    void close() {
        threads.shutdown();
    }

    /** Handles {@code first} (when not null), then reads on until the input ends or another thread reads. */
    private void read(byte[] first) {
        try {
            byte[] line = first != null ? first : lines.next();
            while (line != null) {
                if (!handle(line)) {
                    return; // another thread reads now
                }
                line = lines.next();
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("Reading the MCP input stopped: {}", e.toString());
        }
    }

    /** Answers one line or hands it to the SDK; false when a call lasted and another thread reads on. */
    private boolean handle(byte[] line) throws IOException {
        IncomingLine message = IncomingLine.parse(line);
        BoundTool tool = directTool(message);
        if (tools != null && toolList != null && message.isPlainToolList()) {
            answerToolList(message.id());
        } else if (tool != null) {
            if (!pending.charge(line.length)) {
                running.decrementAndGet();
                refuse(message.id(), line.length);
                return true;
            }
            Cancellation cancellation = calls.start(JsonRpcIds.key(message.id()));
            activity.requestStarted();
            ReadingRelay.Turn turn = relay.begin();
            answer(tool, message, cancellation, line.length);
            return relay.end(turn);
        } else if (CallTrackingSession.METHOD_CANCELLED.equals(message.method()) && message.id() == null) {
            activity.messageReceived(); // as CallTrackingSession would, without waiting for the SDK's session
            calls.cancel(JsonRpcIds.cancelledRequest(message.params()));
        } else {
            activity.messageReceived();
            if (message.id() != null && message.method() != null && !pending.chargeForSdk(message.id(), line.length)) {
                refuse(message.id(), line.length);
                return true;
            }
            observe(message);
            if (needsSdk(message)) {
                sdkWanted.run();
            }
            sdkInput.add(line);
        }
        return true;
    }

    /** Answers a request the pending requests' budget has no room for, without reading it further. */
    private void refuse(Object id, int bytes) {
        LOG.warn("A request of {} bytes (id {}) was refused: too many bytes of requests wait for answers", bytes, id);
        try {
            out.writeLine(ToolOutcome.protocolError(id, McpSchema.ErrorCodes.INTERNAL_ERROR, pending.refusal(bytes)));
        } catch (IOException e) {
            LOG.debug("The refusal of request {} was not sent: {}", id, e.toString());
        }
    }

    /** Anything but the early-answered initialize and notifications/initialized needs the SDK's session soon. */
    private boolean needsSdk(IncomingLine message) {
        if (McpSchema.METHOD_INITIALIZE.equals(message.method()) && answeredEarly) {
            answeredEarly = false; // only the first line was answered early
            return false;
        }
        return !McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(message.method());
    }

    /** The tool to run here, or null when the line goes to the SDK. Counts the call as running. */
    private BoundTool directTool(IncomingLine message) {
        Map<String, BoundTool> known = tools;
        BoundTool tool = known == null || !message.isPlainToolCall() ? null : known.get(message.toolName());
        if (tool == null) {
            return null;
        }
        if (running.incrementAndGet() > MAX_RUNNING) {
            running.decrementAndGet();
            return null;
        }
        return tool;
    }

    private void answer(BoundTool tool, IncomingLine message, Cancellation cancellation, int bytes) {
        try {
            McpSchema.CallToolResult result = ToolBoundary.run(
                    tool.tool(),
                    tool.known(),
                    service,
                    options,
                    message.arguments(),
                    ToolBoundary.context(options, client, McpTransportContext.EMPTY, cancellation));
            write(mapper.writeValueAsBytes(
                    new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, message.id(), result, null)));
        } catch (IOException | RuntimeException e) {
            LOG.debug("The answer to {} was not sent: {}", message.id(), e.toString());
        } finally {
            calls.end(JsonRpcIds.key(message.id()), cancellation);
            pending.discharge(bytes);
            running.decrementAndGet();
            activity.requestFinished();
        }
    }

    /**
     * The server's tool list, the reply the SDK's handler gives (its JSON rendered once, {@link HotPathJsonMapper}),
     * without the SDK's pipeline: every client's first request after initialize.
     */
    private void answerToolList(Object id) throws IOException {
        activity.requestStarted();
        try {
            write(mapper.writeValueAsBytes(new McpSchema.JSONRPCResponse(
                    McpSchema.JSONRPC_VERSION, id, new McpSchema.ListToolsResult(toolList, null), null)));
        } finally {
            activity.requestFinished();
        }
    }

    /** One line, written and flushed under the lock the SDK's transport takes on the same stream. */
    private void write(byte[] json) throws IOException {
        byte[] line = Arrays.copyOf(json, json.length + 1);
        line[json.length] = '\n';
        out.writeLine(line);
    }

    /** Learns the client's name from {@code initialize}; {@code notifications/initialized} opens the direct path. */
    private void observe(IncomingLine message) {
        if (McpSchema.METHOD_INITIALIZE.equals(message.method()) && message.params() != null) {
            client = clientInfo(message.params().get("clientInfo"));
            elicits = declaresElicitation(message.params().get("capabilities"));
        } else if (McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(message.method())) {
            if (tools == null) {
                tools = elicits ? withoutWriteTools(bound) : bound;
            }
            initialized.run();
        }
    }

    private static McpSchema.Implementation clientInfo(Object info) {
        if (!(info instanceof Map)) {
            return null;
        }
        Object name = ((Map<?, ?>) info).get("name");
        Object version = ((Map<?, ?>) info).get("version");
        return name instanceof String
                ? new McpSchema.Implementation((String) name, version instanceof String ? (String) version : null)
                : null;
    }

    /**
     * Whether {@code initialize}'s capabilities name {@code elicitation} (any object: the SDK's exchange decides
     * which kinds); when in doubt, the SDK answers.
     */
    static boolean declaresElicitation(Object capabilities) {
        return capabilities instanceof Map && ((Map<?, ?>) capabilities).get("elicitation") != null;
    }

    /** The tools but those that write: their calls may ask the person, which only the SDK's exchange can. */
    private static Map<String, BoundTool> withoutWriteTools(Map<String, BoundTool> tools) {
        if (tools == null) {
            return null;
        }
        Map<String, BoundTool> rest = new HashMap<>();
        for (Map.Entry<String, BoundTool> e : tools.entrySet()) { // a loop, not a lambda: the start-up archive
            if (!Tools.writes(e.getValue().tool().definition())) {
                rest.put(e.getKey(), e.getValue());
            }
        }
        return rest.size() == tools.size() ? tools : Map.copyOf(rest);
    }

    /** The tools by name. */
    private static Map<String, BoundTool> bind(List<GabyTool> gabyTools) {
        Map<String, BoundTool> byName = new HashMap<>();
        for (GabyTool t : gabyTools) {
            byName.put(t.definition().name(), new BoundTool(t, ToolBoundary.argumentNames(t)));
        }
        return Map.copyOf(byName);
    }

    /** A tool and the argument names its input schema declares. */
    private record BoundTool(GabyTool tool, Set<String> known) {}
}
