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
 * @param approvalWait how long {@code gabysql_execute} waits for the person to answer the client's approval form
 *                     (elicitation, docs/design.md#approval) before it leaves the write pending; also the SDK's
 *                     timeout of every request the server sends the client (the keep-alive pings of Streamable HTTP).
 *                     Null means {@link #DEFAULT_APPROVAL_WAIT}.
 * @param approvalPlace where a person approves a write the client cannot ask about, in the words of a
 *                     {@code next_step} ({@link #APPROVE_IN_TERMINAL} for {@code gabysql mcp},
 *                     {@link #APPROVE_OVER_HTTP} for {@code gabysql serve} and its gateway). Null means the terminal.
 * @param tools        which tools the server lists and answers ({@code --tools}); null means every tool
 */
public record McpOptions(
        String version,
        Duration progressAfter,
        Function<McpTransportContext, Mode> callerCap,
        int maxMessageBytes,
        boolean directToolCalls,
        Duration approvalWait,
        String approvalPlace,
        ToolSelection tools) {
    /** Where a transport puts a session's maximum {@link Mode} in its {@link McpTransportContext}. */
    /** The server's name in {@code initialize}. */
    public static final String SERVER_NAME = "gabysql";

    public static final String CALLER_MODE_KEY = "gabysql.callerMode";
    /**
     * Where a transport may put the core's {@code Cancellation} of one tool call in its {@link McpTransportContext}:
     * the Streamable HTTP server tracks {@code notifications/cancelled} itself and cancels it.
     */
    public static final String CANCELLATION_KEY = CallTransportContext.CANCELLATION_KEY;
    /**
     * Where a transport may put the caller's name for the audit log (a String), used when no {@code initialize} named
     * the client: the stateless Streamable HTTP server has no session to remember {@code clientInfo} in.
     */
    public static final String CLIENT_NAME_KEY = "gabysql.clientName";
    /**
     * Where a transport may put the name of the credential the caller authenticated with (a String: a token's name,
     * or {@code oauth:SUBJECT} for an access token), which the audit log and the database session labels carry.
     */
    public static final String TOKEN_NAME_KEY = "gabysql.tokenName";
    /** The default stdio message limit, 16 MiB: far above any statement an agent writes, far below the heap. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 << 20;
    /** The highest limit that can be set: the largest array a JVM makes, less a little. */
    public static final int MAX_MESSAGE_BYTES_LIMIT = Integer.MAX_VALUE - 16;
    /** A person reads the form and decides: minutes, not the SDK's default of seconds. */
    public static final Duration DEFAULT_APPROVAL_WAIT = Duration.ofMinutes(10);
    /** Pending writes of {@code gabysql mcp} live in the account's approval store, which {@code gabysql approve} reads. */
    public static final String APPROVE_IN_TERMINAL =
            "a person runs `gabysql approve` in a terminal of this machine, as the same user, to approve or reject it";
    /** Pending writes of {@code gabysql serve} live in the server: its approver endpoints decide them. */
    public static final String APPROVE_OVER_HTTP = "a person with an approver token approves or rejects it at the"
            + " server's /approvals (GET /approvals, POST /approvals/{id}, or the server's console)";

    public McpOptions {
        version = version == null ? "dev" : version;
        progressAfter = progressAfter == null ? Duration.ofSeconds(1) : progressAfter;
        callerCap = callerCap == null ? McpOptions::modeFromContext : callerCap;
        if (maxMessageBytes < 0 || maxMessageBytes > MAX_MESSAGE_BYTES_LIMIT) {
            throw new IllegalArgumentException(
                    "The message limit must be from 1 to " + MAX_MESSAGE_BYTES_LIMIT + " bytes: " + maxMessageBytes);
        }
        maxMessageBytes = maxMessageBytes == 0 ? DEFAULT_MAX_MESSAGE_BYTES : maxMessageBytes;
        approvalWait = approvalWait == null ? DEFAULT_APPROVAL_WAIT : approvalWait;
        approvalPlace = approvalPlace == null ? APPROVE_IN_TERMINAL : approvalPlace;
        tools = tools == null ? ToolSelection.EVERY_TOOL : tools;
    }

    public static McpOptions defaults(String version) {
        return new McpOptions(version, null, null, 0, true, null, null, null);
    }

    public McpOptions withCallerCap(Function<McpTransportContext, Mode> cap) {
        return new McpOptions(
                version, progressAfter, cap, maxMessageBytes, directToolCalls, approvalWait, approvalPlace, tools);
    }

    /** The same options with another stdio message limit ({@link #maxMessageBytes()}). */
    public McpOptions withMaxMessageBytes(int bytes) {
        return new McpOptions(
                version, progressAfter, callerCap, bytes, directToolCalls, approvalWait, approvalPlace, tools);
    }

    /** The same options with the direct stdio path on or off ({@link #directToolCalls()}). */
    public McpOptions withDirectToolCalls(boolean on) {
        return new McpOptions(
                version, progressAfter, callerCap, maxMessageBytes, on, approvalWait, approvalPlace, tools);
    }

    /** The same options with another wait for a person's answer in the client ({@link #approvalWait()}). */
    public McpOptions withApprovalWait(Duration wait) {
        return new McpOptions(
                version, progressAfter, callerCap, maxMessageBytes, directToolCalls, wait, approvalPlace, tools);
    }

    /** The same options with another place where a person approves ({@link #approvalPlace()}). */
    public McpOptions withApprovalPlace(String place) {
        return new McpOptions(
                version, progressAfter, callerCap, maxMessageBytes, directToolCalls, approvalWait, place, tools);
    }

    /** The same options listing another selection of tools ({@link #tools()}). */
    public McpOptions withTools(ToolSelection selection) {
        return new McpOptions(
                version,
                progressAfter,
                callerCap,
                maxMessageBytes,
                directToolCalls,
                approvalWait,
                approvalPlace,
                selection);
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
