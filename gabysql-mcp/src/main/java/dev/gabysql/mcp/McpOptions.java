package dev.gabysql.mcp;

import dev.gabysql.core.config.Mode;
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
 */
public record McpOptions(String version, Duration progressAfter, Function<McpTransportContext, Mode> callerCap) {
    /** Where a transport puts a session's maximum {@link Mode} in its {@link McpTransportContext}. */
    public static final String CALLER_MODE_KEY = "gabysql.callerMode";
    /**
     * Where a transport may put the core's {@code Cancellation} of one tool call in its {@link McpTransportContext}:
     * the Streamable HTTP server tracks {@code notifications/cancelled} itself and cancels it (issue 6).
     */
    public static final String CANCELLATION_KEY = CallTransportContext.CANCELLATION_KEY;

    public McpOptions {
        version = version == null ? "dev" : version;
        progressAfter = progressAfter == null ? Duration.ofSeconds(1) : progressAfter;
        callerCap = callerCap == null ? McpOptions::modeFromContext : callerCap;
    }

    public static McpOptions defaults(String version) {
        return new McpOptions(version, null, null);
    }

    public McpOptions withCallerCap(Function<McpTransportContext, Mode> cap) {
        return new McpOptions(version, progressAfter, cap);
    }

    public McpOptions withProgressAfter(Duration after) {
        return new McpOptions(version, after, callerCap);
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
