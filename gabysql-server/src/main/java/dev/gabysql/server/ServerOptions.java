package dev.gabysql.server;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.mcp.tool.ToolSelection;
import dev.gabysql.server.mcp.McpSessionLimit;
import dev.gabysql.server.oauth.OAuthSettings;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How {@code gabysql serve} listens and what it accepts. The {@code DEFAULT_} constants are the one place each
 * default is written: {@link #defaults()} and the command's option defaults both use them. Immutable; {@link #validate()} refuses what would be
 * unsafe before anything binds.
 *
 * @param host           address to bind; loopback by default. Any other address requires at least one token.
 * @param port           TCP port (0: any free port, for tests)
 * @param tokens         accepted bearer tokens; without an agent's token, no authentication (loopback only),
 *                       except on the approval endpoints, which want an approver's token
 * @param maxConcurrent  requests served at once; one more gets an immediate 503 with Retry-After
 * @param maxBodyBytes   largest request body accepted (413 beyond)
 * @param requestTimeout a call still running after this is cancelled and answered with 504
 * @param idleTimeout    a connection idle this long is closed
 * @param stopTimeout    on shutdown, in-flight calls get this long to finish
 * @param mcp            the MCP endpoint's settings
 * @param console        whether to serve the console at {@code /} (docs/console.md); null: only on loopback
 * @param oauth          the OAuth access tokens accepted beside the configured tokens (docs/configuration.md#oauth),
 *                       or null for none
 */
public record ServerOptions(
        String host,
        int port,
        List<ApiToken> tokens,
        int maxConcurrent,
        long maxBodyBytes,
        Duration requestTimeout,
        Duration idleTimeout,
        Duration stopTimeout,
        Mcp mcp,
        Boolean console,
        OAuthSettings oauth) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 7878;
    public static final int DEFAULT_MAX_CONCURRENT = 64;
    public static final long DEFAULT_MAX_BODY = 1024 * 1024;
    public static final int DEFAULT_REQUEST_TIMEOUT_SECONDS = 120;
    public static final int DEFAULT_IDLE_TIMEOUT_SECONDS = 30;
    public static final int DEFAULT_STOP_TIMEOUT_SECONDS = 15;

    public ServerOptions {
        tokens = List.copyOf(tokens);
        mcp = mcp == null ? Mcp.DEFAULT : mcp;
    }

    /** Without OAuth. */
    public ServerOptions(
            String host,
            int port,
            List<ApiToken> tokens,
            int maxConcurrent,
            long maxBodyBytes,
            Duration requestTimeout,
            Duration idleTimeout,
            Duration stopTimeout,
            Mcp mcp,
            Boolean console) {
        this(
                host,
                port,
                tokens,
                maxConcurrent,
                maxBodyBytes,
                requestTimeout,
                idleTimeout,
                stopTimeout,
                mcp,
                console,
                null);
    }

    /**
     * The MCP endpoint ({@code /mcp}).
     *
     * @param version        reported as the server's version in {@code initialize}
     * @param keepAlive      ping interval of open sessions: finds dead clients, keeps SSE streams under the idle
     *                       timeout
     * @param sessionTimeout a session idle this long is dropped (the SDK sweeps at this interval, so between one
     *                       and two intervals)
     * @param maxSessions    sessions open at once; one more {@code initialize} gets 503 ({@link McpSessionLimit})
     * @param tools          the tools its sessions list and may call ({@code --mcp-tools}); null means every tool
     * @param stateless      no sessions ({@code --mcp-stateless}): every request stands alone, so any replica behind
     *                       a load balancer answers it; keep-alive, session timeout and session cap do not apply
     *                       (docs/http-api.md#stateless-mode)
     */
    public record Mcp(
            String version,
            Duration keepAlive,
            Duration sessionTimeout,
            int maxSessions,
            ToolSelection tools,
            boolean stateless) {
        public static final int DEFAULT_KEEP_ALIVE_SECONDS = 15;
        public static final int DEFAULT_SESSION_TIMEOUT_SECONDS = 30 * 60;
        public static final int DEFAULT_MAX_SESSIONS = 1_000;
        public static final Mcp DEFAULT = new Mcp(
                "dev",
                Duration.ofSeconds(DEFAULT_KEEP_ALIVE_SECONDS),
                Duration.ofSeconds(DEFAULT_SESSION_TIMEOUT_SECONDS),
                DEFAULT_MAX_SESSIONS);

        public Mcp {
            tools = tools == null ? ToolSelection.EVERY_TOOL : tools;
        }

        /** The endpoint with sessions. */
        public Mcp(String version, Duration keepAlive, Duration sessionTimeout, int maxSessions, ToolSelection tools) {
            this(version, keepAlive, sessionTimeout, maxSessions, tools, false);
        }

        /** The endpoint with sessions and every tool. */
        public Mcp(String version, Duration keepAlive, Duration sessionTimeout, int maxSessions) {
            this(version, keepAlive, sessionTimeout, maxSessions, null, false);
        }

        /** The same endpoint, with sessions or without. */
        public Mcp withStateless(boolean on) {
            return new Mcp(version, keepAlive, sessionTimeout, maxSessions, tools, on);
        }
    }

    public static ServerOptions defaults() {
        return new ServerOptions(
                DEFAULT_HOST,
                DEFAULT_PORT,
                List.of(),
                DEFAULT_MAX_CONCURRENT,
                DEFAULT_MAX_BODY,
                Duration.ofSeconds(DEFAULT_REQUEST_TIMEOUT_SECONDS),
                Duration.ofSeconds(DEFAULT_IDLE_TIMEOUT_SECONDS),
                Duration.ofSeconds(DEFAULT_STOP_TIMEOUT_SECONDS),
                Mcp.DEFAULT,
                null);
    }

    public ServerOptions withConsole(Boolean on) {
        return new ServerOptions(
                host,
                port,
                tokens,
                maxConcurrent,
                maxBodyBytes,
                requestTimeout,
                idleTimeout,
                stopTimeout,
                mcp,
                on,
                oauth);
    }

    public ServerOptions withOAuth(OAuthSettings o) {
        return new ServerOptions(
                host,
                port,
                tokens,
                maxConcurrent,
                maxBodyBytes,
                requestTimeout,
                idleTimeout,
                stopTimeout,
                mcp,
                console,
                o);
    }

    /** Whether the console is served: as asked, else on a loopback address only. */
    public boolean consoleEnabled() {
        return console != null ? console : isLoopback(host);
    }

    public ServerOptions withHost(String h) {
        return new ServerOptions(
                h,
                port,
                tokens,
                maxConcurrent,
                maxBodyBytes,
                requestTimeout,
                idleTimeout,
                stopTimeout,
                mcp,
                console,
                oauth);
    }

    public ServerOptions withPort(int p) {
        return new ServerOptions(
                host,
                p,
                tokens,
                maxConcurrent,
                maxBodyBytes,
                requestTimeout,
                idleTimeout,
                stopTimeout,
                mcp,
                console,
                oauth);
    }

    public ServerOptions withTokens(List<ApiToken> t) {
        return new ServerOptions(
                host,
                port,
                t,
                maxConcurrent,
                maxBodyBytes,
                requestTimeout,
                idleTimeout,
                stopTimeout,
                mcp,
                console,
                oauth);
    }

    public ServerOptions withMaxConcurrent(int n) {
        return new ServerOptions(
                host, port, tokens, n, maxBodyBytes, requestTimeout, idleTimeout, stopTimeout, mcp, console, oauth);
    }

    public ServerOptions withMaxBodyBytes(long n) {
        return new ServerOptions(
                host, port, tokens, maxConcurrent, n, requestTimeout, idleTimeout, stopTimeout, mcp, console, oauth);
    }

    public ServerOptions withRequestTimeout(Duration d) {
        return new ServerOptions(
                host, port, tokens, maxConcurrent, maxBodyBytes, d, idleTimeout, stopTimeout, mcp, console, oauth);
    }

    public ServerOptions withMcp(Mcp m) {
        return new ServerOptions(
                host,
                port,
                tokens,
                maxConcurrent,
                maxBodyBytes,
                requestTimeout,
                idleTimeout,
                stopTimeout,
                m,
                console,
                oauth);
    }

    public ServerOptions withStopTimeout(Duration d) {
        return new ServerOptions(
                host, port, tokens, maxConcurrent, maxBodyBytes, requestTimeout, idleTimeout, d, mcp, console, oauth);
    }

    /** Refuses unsafe or meaningless settings with a CONFIG_INVALID error (exit code 2) naming the option. */
    public void validate() {
        require(host != null && !host.isBlank(), "--host is empty.", "For example: --host 127.0.0.1.");
        require(port >= 0 && port <= 65_535, "--port must be between 0 and 65535.", "For example: --port 7878.");
        require(maxConcurrent >= 1, "--max-connections must be at least 1.", "For example: --max-connections 64.");
        require(maxBodyBytes >= 1024, "--max-body must be at least 1024 bytes.", "For example: --max-body 1048576.");
        require(
                positive(requestTimeout)
                        && positive(idleTimeout)
                        && positive(stopTimeout)
                        && positive(mcp.keepAlive())
                        && positive(mcp.sessionTimeout()),
                "Timeouts must be positive.",
                "For example: --request-timeout 120 --idle-timeout 30.");
        require(
                mcp.maxSessions() >= 1,
                "--mcp-max-sessions must be at least 1.",
                "For example: --mcp-max-sessions 1000.");
        if (oauth != null) {
            oauth.validate();
        }
        require(
                tokens.stream().anyMatch(t -> !t.isApprover()) || oauth != null || isLoopback(host),
                "Refusing to listen on `" + host + "` without a token: anyone"
                        + " who can reach that address could query the databases.",
                "Pass --token SECRET (clients send `Authorization: Bearer SECRET`), configure [server.oauth], or"
                        + " bind --host 127.0.0.1."
                        + " An approver token alone does not do: it guards approvals, not the rest of the API.");
        Set<String> labels = new HashSet<>();
        for (ApiToken t : tokens) {
            require(
                    labels.add(t.label()),
                    "Two tokens are named `" + t.label() + "`.",
                    "Name each token once: the audit log and cancellations tell callers apart by the name.");
        }
    }

    /** True when every address the host name stands for is a loopback address. */
    public static boolean isLoopback(String host) {
        try {
            InetAddress[] all = InetAddress.getAllByName(host);
            for (InetAddress a : all) {
                if (!a.isLoopbackAddress()) {
                    return false;
                }
            }
            return all.length > 0;
        } catch (UnknownHostException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Unknown host `" + host + "`.",
                    "Pass --host 127.0.0.1 or an address of this machine.");
        }
    }

    private static boolean positive(Duration d) {
        return d != null && !d.isNegative() && !d.isZero();
    }

    private static void require(boolean ok, String message, String hint) {
        if (!ok) {
            throw new GabyException(ErrorCode.CONFIG_INVALID, message, hint);
        }
    }
}
