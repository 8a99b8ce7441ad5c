package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.Mode;
import io.modelcontextprotocol.common.McpTransportContext;
import java.time.Duration;
import java.util.function.Function;

/**
 * How an MCP server over the service behaves, beyond the service's own settings.
 *
 * @param version      the version reported in {@code serverInfo}
 * @param progressAfter a call that runs longer than this sends progress notifications (when the client asked for
 *                     them with a progress token), then once per this interval
 * @param callerCap    the most a session may do, read from its transport context (Streamable HTTP: the bearer
 *                     token's mode); null from the function means no cap. Stdio sessions have an empty context.
 * @param maxMessageBytes the largest stdio message (a line) read; a longer one is dropped as it comes and answered
 *                     with TOO_LARGE ({@code TooLargeMessages}), so a runaway client cannot exhaust the heap.
 *                     0 means {@link #DEFAULT_MAX_MESSAGE_BYTES}. Streamable HTTP has the server's body limit.
 * @param directToolCalls over stdio, plain {@code tools/call} and {@code tools/list} requests are answered on the
 *                     direct path ({@code stdio.DirectToolCalls}) rather than through the SDK's reactive pipeline;
 *                     off, every line goes to the SDK's session. On by default; a client cannot tell the two apart
 *                     ({@code DirectToolCallsTest}).
 */
public record McpOptions(
        String version,
        Duration progressAfter,
        Function<McpTransportContext, Mode> callerCap,
        int maxMessageBytes,
        boolean directToolCalls) {
    /** Where a transport puts a session's maximum {@link Mode} in its {@link McpTransportContext}. */
    /** The server's name in {@code initialize}. */
    public static final String SERVER_NAME = "gabysql";

    public static final String CALLER_MODE_KEY = "gabysql.callerMode";
    /**
     * Where a transport may put the core's {@code Cancellation} of one tool call in its {@link McpTransportContext}:
     * the Streamable HTTP server tracks {@code notifications/cancelled} itself and cancels it.
     */
    public static final String CANCELLATION_KEY = CallTransportContext.CANCELLATION_KEY;
    /** The default stdio message limit, 16 MiB: far above any statement an agent writes, far below the heap. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 << 20;
    /** The highest limit that can be set: the largest array a JVM makes, less a little. */
    public static final int MAX_MESSAGE_BYTES_LIMIT = Integer.MAX_VALUE - 16;

    public McpOptions {
        version = version == null ? "dev" : version;
        progressAfter = progressAfter == null ? Duration.ofSeconds(1) : progressAfter;
        callerCap = callerCap == null ? McpOptions::modeFromContext : callerCap;
        if (maxMessageBytes < 0 || maxMessageBytes > MAX_MESSAGE_BYTES_LIMIT) {
            throw new IllegalArgumentException(
                    "The message limit must be from 1 to " + MAX_MESSAGE_BYTES_LIMIT + " bytes: " + maxMessageBytes);
        }
        maxMessageBytes = maxMessageBytes == 0 ? DEFAULT_MAX_MESSAGE_BYTES : maxMessageBytes;
    }

    public static McpOptions defaults(String version) {
        return new McpOptions(version, null, null, 0, true);
    }

    public McpOptions withCallerCap(Function<McpTransportContext, Mode> cap) {
        return new McpOptions(version, progressAfter, cap, maxMessageBytes, directToolCalls);
    }

    /** The same options with another stdio message limit ({@link #maxMessageBytes()}). */
    public McpOptions withMaxMessageBytes(int bytes) {
        return new McpOptions(version, progressAfter, callerCap, bytes, directToolCalls);
    }

    /** The same options with the direct stdio path on or off ({@link #directToolCalls()}). */
    public McpOptions withDirectToolCalls(boolean on) {
        return new McpOptions(version, progressAfter, callerCap, maxMessageBytes, on);
    }

    /** The default: a {@link Mode} (or its label) stored under {@link #CALLER_MODE_KEY}, else no cap. */
    static Mode modeFromContext(McpTransportContext ctx) {
        Object v = ctx == null ? null : ctx.get(CALLER_MODE_KEY);
        if (v instanceof Mode) {
            return (Mode) v;
        }
        return v == null ? null : Mode.parse(v.toString());
    }
}
