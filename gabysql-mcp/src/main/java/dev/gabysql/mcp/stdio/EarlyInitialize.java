package dev.gabysql.mcp.stdio;

import dev.gabysql.core.json.JsonBytes;
import dev.gabysql.mcp.json.IncomingLine;
import dev.gabysql.mcp.json.JsonRpcReply;
import dev.gabysql.mcp.tool.McpOptions;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a stdio session's first line as soon as the process has its configuration and, when it is a plain
 * {@code initialize} request, writes the reply the SDK's session would write, before that session exists.
 *
 * <p>Why (docs/design.md#start-up): the reply depends only on the configuration (the protocol versions the stdio
 * transport speaks, the server's capabilities, name, version and instructions), while building Jackson's mapper and the
 * SDK's server in a fresh JVM took most of spawn → initialize. The rest starts
 * meanwhile (the SDK's server when a line needs it: {@link SdkDemand}). The SDK's session still reads the same
 * request, so its state (the client's info and capabilities) is what it would be, and its own reply is dropped by
 * {@link ProtocolOutput}. Any other first line, or an initialize with members this class does not check, goes to
 * the SDK as before. EarlyInitializeTest holds the reply byte for byte to the SDK's.
 *
 * <p>Thread-safe: one daemon thread reads and answers; {@link #firstLine()} hands the line on (happens-before
 * through the future), after which only the new reader touches the {@link StdioLines}.
 */
public final class EarlyInitialize {
    /** The protocol versions the SDK's stdio transport speaks, oldest first: another is answered with the last. */
    static final List<String> PROTOCOL_VERSIONS = List.of(
            ProtocolVersions.MCP_2024_11_05,
            ProtocolVersions.MCP_2025_03_26,
            ProtocolVersions.MCP_2025_06_18,
            ProtocolVersions.MCP_2025_11_25);
    /** The capabilities {@code GabyMcpServer.build} declares, as the SDK writes them (logging is always there). */
    private static final byte[] CAPABILITIES = JsonBytes.ascii("{\"completions\":{},\"logging\":{},"
            + "\"prompts\":{\"listChanged\":false},\"resources\":{\"subscribe\":false,\"listChanged\":false},"
            + "\"tools\":{\"listChanged\":false}}");

    private static final Logger LOG = LoggerFactory.getLogger(EarlyInitialize.class);

    private final CompletableFuture<byte[]> first = new CompletableFuture<>();
    private volatile boolean answered;

    private EarlyInitialize() {}

    /**
     * Starts reading the first line on a daemon thread. {@code version} and {@code instructions} are what the server
     * reports ({@link McpOptions#version()}, {@link dev.gabysql.mcp.tool.Instructions} of the tools it lists).
     */
    static EarlyInitialize start(StdioLines lines, ProtocolOutput out, String version, String instructions) {
        EarlyInitialize early = new EarlyInitialize();
        Thread t = new Thread(() -> early.readFirst(lines, out, version, instructions), "gabysql-initialize");
        t.setDaemon(true);
        t.start();
        return early;
    }

    /** Waits for the first line and returns it (answered or not), or null at the end of the input or on an error. */
    byte[] firstLine() {
        try {
            return first.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            return null; // readFirst completes normally; kept for the compiler
        }
    }

    /** Whether the first line was answered here; read after {@link #firstLine()}. */
    boolean answered() {
        return answered;
    }

    private void readFirst(StdioLines lines, ProtocolOutput out, String version, String instructions) {
        byte[] line = null;
        try {
            line = lines.next();
            IncomingLine message = line == null ? null : IncomingLine.parse(line);
            if (message != null && isPlainInitialize(message)) {
                out.answerFirst(
                        message.id(),
                        reply(message.id(), (String) message.params().get("protocolVersion"), version, instructions));
                answered = true;
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("The first line was not answered early: {}", e.toString());
        } finally {
            first.complete(line);
        }
    }

    /**
     * An {@code initialize} request whose params are exactly a protocol version, capabilities whose members are
     * objects ({@code roots.listChanged} a boolean) and client info made of strings, with a name and a version.
     */
    static boolean isPlainInitialize(IncomingLine message) {
        Map<String, Object> params = message.params();
        return message.plain()
                && message.id() != null
                && McpSchema.METHOD_INITIALIZE.equals(message.method())
                && params != null
                && params.size() == 3
                && params.get("protocolVersion") instanceof String
                && isPlainCapabilities(params.get("capabilities"))
                && isPlainClientInfo(params.get("clientInfo"));
    }

    private static boolean isPlainCapabilities(Object capabilities) {
        if (!isMapOf(capabilities, Map.class)) {
            return false;
        }
        Object roots = ((Map<?, ?>) capabilities).get("roots");
        Object listChanged = roots == null ? null : ((Map<?, ?>) roots).get("listChanged");
        return listChanged == null || listChanged instanceof Boolean;
    }

    private static boolean isPlainClientInfo(Object info) {
        return isMapOf(info, String.class)
                && ((Map<?, ?>) info).get("name") != null
                && ((Map<?, ?>) info).get("version") != null;
    }

    /** A map whose values are all of {@code type}. */
    private static boolean isMapOf(Object value, Class<?> type) {
        if (!(value instanceof Map)) {
            return false;
        }
        for (Object member : ((Map<?, ?>) value).values()) {
            if (!type.isInstance(member)) {
                return false;
            }
        }
        return true;
    }

    /** The reply line (with its line end) to an initialize request with this id, asking for this version. */
    static byte[] reply(Object id, String requestedVersion, String version, String instructions) {
        String negotiated = PROTOCOL_VERSIONS.contains(requestedVersion)
                ? requestedVersion
                : PROTOCOL_VERSIONS.get(PROTOCOL_VERSIONS.size() - 1);
        JsonBytes json = JsonRpcReply.start(id, 1024);
        json.raw(JsonBytes.ascii(",\"result\":{\"protocolVersion\":"))
                .string(negotiated)
                .raw(JsonBytes.ascii(",\"capabilities\":"))
                .raw(CAPABILITIES)
                .raw(JsonBytes.ascii(",\"serverInfo\":{\"name\":"))
                .string(McpOptions.SERVER_NAME)
                .raw(JsonBytes.ascii(",\"version\":"))
                .string(version)
                .raw(JsonBytes.ascii("},\"instructions\":"))
                .string(instructions)
                .raw(JsonBytes.ascii("}}\n"));
        return json.toBytes();
    }
}
