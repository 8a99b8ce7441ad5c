package dev.gabysql.cli;

import dev.gabysql.cli.run.Version;
import dev.gabysql.core.config.ConfigFile;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.GabyServer;
import dev.gabysql.server.ServerOptions;
import dev.gabysql.server.oauth.OAuthSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gabysql serve}: the HTTP/JSON API over the same service as the other commands. Runs until SIGINT or
 * SIGTERM, then stops gracefully: in-flight calls get {@code --shutdown-timeout} to finish.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Serve the HTTP/JSON API (POST /sql, GET /databases, …) and MCP over Streamable HTTP (/mcp)"
                + " on " + ServerOptions.DEFAULT_HOST + ":" + ServerOptions.DEFAULT_PORT + ".",
        footer = {
            "",
            "Tokens come from --token, the GABYSQL_TOKEN environment variable and [[tokens]] in --config.",
            "Clients send `Authorization: Bearer SECRET`. Without a token the server only binds to loopback.",
            "An approver token (--approver-token, GABYSQL_APPROVER_TOKEN, role = \"approver\") is a person's: it",
            "only lists, approves and rejects writes at /approvals, and runs nothing else.",
            "OAuth 2.1 access tokens (JWTs of an authorization server) are accepted with [server.oauth] in --config."
        })
final class ServeCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(
            names = "--host",
            paramLabel = "ADDRESS",
            defaultValue = ServerOptions.DEFAULT_HOST,
            description = "Address to bind (default: ${DEFAULT-VALUE}). Any non-loopback address needs a token.")
    String host;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            defaultValue = "" + ServerOptions.DEFAULT_PORT,
            description = "TCP port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(
            names = "--token",
            paramLabel = "SECRET[:MODE]",
            description = "A bearer token clients must send, optionally capped to a mode (readonly, readwrite, admin)."
                    + " Repeatable.")
    List<String> tokens = new ArrayList<>();

    @Option(
            names = "--approver-token",
            paramLabel = "SECRET",
            description = "A person's token for GET /approvals and POST /approvals/{id}: it approves or rejects"
                    + " writes that wait for a person and runs nothing else. Prefer GABYSQL_APPROVER_TOKEN (keeps"
                    + " the secret off the command line). Repeatable.")
    List<String> approverTokens = new ArrayList<>();

    @Option(
            names = "--max-connections",
            paramLabel = "N",
            defaultValue = "" + ServerOptions.DEFAULT_MAX_CONCURRENT,
            description = "Requests served at once; one more gets 503 with Retry-After (default: ${DEFAULT-VALUE}).")
    int maxConnections;

    @Option(
            names = "--max-body",
            paramLabel = "BYTES",
            defaultValue = "" + ServerOptions.DEFAULT_MAX_BODY,
            description = "Largest request body accepted (default: ${DEFAULT-VALUE}).")
    long maxBody;

    @Option(
            names = "--request-timeout",
            paramLabel = "SECONDS",
            defaultValue = "" + ServerOptions.DEFAULT_REQUEST_TIMEOUT_SECONDS,
            description = "A call running longer is cancelled and answered with 504 (default: ${DEFAULT-VALUE}).")
    int requestTimeout;

    @Option(
            names = "--idle-timeout",
            paramLabel = "SECONDS",
            defaultValue = "" + ServerOptions.DEFAULT_IDLE_TIMEOUT_SECONDS,
            description = "Idle connections are closed after this (default: ${DEFAULT-VALUE}).")
    int idleTimeout;

    @Option(
            names = "--shutdown-timeout",
            paramLabel = "SECONDS",
            defaultValue = "" + ServerOptions.DEFAULT_STOP_TIMEOUT_SECONDS,
            description = "On stop, in-flight calls get this long to finish (default: ${DEFAULT-VALUE}).")
    int shutdownTimeout;

    @Option(
            names = "--mcp-keep-alive",
            paramLabel = "SECONDS",
            defaultValue = "" + ServerOptions.Mcp.DEFAULT_KEEP_ALIVE_SECONDS,
            description = "Ping interval of MCP sessions at /mcp (default: ${DEFAULT-VALUE}).")
    int mcpKeepAlive;

    @Option(
            names = "--mcp-session-timeout",
            paramLabel = "SECONDS",
            defaultValue = "" + ServerOptions.Mcp.DEFAULT_SESSION_TIMEOUT_SECONDS,
            description = "An idle MCP session is dropped after about this long (default: ${DEFAULT-VALUE}).")
    int mcpSessionTimeout;

    @Option(
            names = "--mcp-max-sessions",
            paramLabel = "N",
            defaultValue = "" + ServerOptions.Mcp.DEFAULT_MAX_SESSIONS,
            description =
                    "MCP sessions open at once at /mcp; one more is refused with 503 (default:" + " ${DEFAULT-VALUE}).")
    int mcpMaxSessions;

    @Option(
            names = "--console",
            negatable = true,
            description = "Serve the console (a person's view in the browser) at / (default: on when listening on"
                    + " loopback; --no-console turns it off).")
    Boolean console;

    @Option(
            names = "--mcp-tools",
            paramLabel = "NAME[,NAME...]",
            split = ",",
            description = "The tools MCP sessions at /mcp list and may call: tool names or the presets minimal and"
                    + " all (default: all; or tools in [server] of --config, or GABYSQL_TOOLS).")
    List<String> mcpTools;

    @Option(
            names = "--mcp-stateless",
            description = "Serve /mcp without sessions, so that replicas behind a load balancer need no sticky"
                    + " sessions: every request stands alone. Writes that wait for a person answer awaiting_approval"
                    + " (no approval form in the client), and there are no progress notifications; the --mcp-keep-alive,"
                    + " --mcp-session-timeout and --mcp-max-sessions settings do not apply (default: sessions).")
    boolean mcpStateless;

    @Override
    public Integer call() throws InterruptedException {
        quietJetty();
        LocalGabyService service = Services.local(common, "serve"); // opens nothing until a call
        GabyServer server;
        ServerOptions options;
        CuratedTools curated;
        try {
            curated = common.curatedTools(service); // the guard only: no connection
            options = options(curated);
            options.validate();
            requireKnownDatabases(options, service);
            Services.checkPrivilegesInBackground(service);
            server = GabyServer.start(service, options, System.err, curated);
        } catch (RuntimeException e) {
            service.close();
            throw e;
        }
        System.err.println(banner(server, service, options) + curatedWords(curated));
        if (options.consoleEnabled()) {
            System.err.println(consoleWords(server, service.highestMode()));
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            System.err.println(
                                    "gabysql serve: stopping (in-flight calls get " + shutdownTimeout + " s)");
                            server.close();
                            service.close();
                            stopped.countDown();
                        },
                        "gabysql-serve-stop"));
        stopped.await();
        return 0;
    }

    ServerOptions options() {
        return options(CuratedTools.NONE);
    }

    /** The server's options, its {@code /mcp} selecting among gabysql's tools and these curated ones. */
    ServerOptions options(CuratedTools curated) {
        return new ServerOptions(
                host,
                port,
                tokens(),
                maxConnections,
                maxBody,
                Duration.ofSeconds(requestTimeout),
                Duration.ofSeconds(idleTimeout),
                Duration.ofSeconds(shutdownTimeout),
                new ServerOptions.Mcp(
                        Version.current(),
                        Duration.ofSeconds(mcpKeepAlive),
                        Duration.ofSeconds(mcpSessionTimeout),
                        mcpMaxSessions,
                        common.tools(mcpTools, curated),
                        mcpStateless),
                console,
                OAuthSettings.from(common.configuredOAuth()));
    }

    private List<ApiToken> tokens() {
        List<ApiToken> out = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            out.add(ApiToken.parse(tokens.get(i), "--token #" + (i + 1)));
        }
        String env = System.getenv("GABYSQL_TOKEN");
        if (env != null && !env.isBlank()) {
            out.add(ApiToken.parse(env, "GABYSQL_TOKEN"));
        }
        for (int i = 0; i < approverTokens.size(); i++) {
            out.add(ApiToken.approver(approverTokens.get(i), "--approver-token #" + (i + 1)));
        }
        String approverEnv = System.getenv("GABYSQL_APPROVER_TOKEN");
        if (approverEnv != null && !approverEnv.isBlank()) {
            out.add(ApiToken.approver(approverEnv, "GABYSQL_APPROVER_TOKEN"));
        }
        List<ConfigFile.TokenConfig> configured = common.configuredTokens();
        for (int i = 0; i < configured.size(); i++) {
            out.add(token(configured.get(i), "tokens[" + i + "]"));
        }
        return out;
    }

    /** A {@code [[tokens]]} entry: named by its {@code name}, else by its place in the file. */
    static ApiToken token(ConfigFile.TokenConfig t, String place) {
        String label = t.name() != null ? t.name() : place;
        return t.role() == ConfigFile.TokenConfig.Role.APPROVER
                ? ApiToken.approver(t.secret(), label).withIdentity(t.identity(label))
                : ApiToken.of(t.secret(), t.mode(), label)
                        .withApproval(t.approval())
                        .withIdentity(t.identity(label));
    }

    /**
     * A token's {@code [tokens.databases.NAME]} must name a database of the catalog: a misspelt name would leave
     * the token's calls on that database running as gabysql's login (docs/configuration.md#per-caller-database-roles).
     */
    static void requireKnownDatabases(ServerOptions options, LocalGabyService service) {
        java.util.Set<String> known = new java.util.HashSet<>();
        service.listDatabases(dev.gabysql.core.api.CallContext.of("http")).forEach(d -> known.add(d.name()));
        for (ApiToken t : options.tokens()) {
            for (String db : t.identity().databases().keySet()) {
                if (!known.contains(db)) {
                    throw new dev.gabysql.core.error.GabyException(
                            dev.gabysql.core.error.ErrorCode.CONFIG_INVALID,
                            "Token " + t.label() + " names database `" + db + "` in [tokens.databases], which the"
                                    + " catalog does not have.",
                            "Use a name the catalog lists (" + String.join(", ", new java.util.TreeSet<>(known))
                                    + "), or remove the entry.");
                }
            }
        }
    }

    private static String banner(GabyServer server, LocalGabyService service, ServerOptions options) {
        int dbs = service.listDatabases(dev.gabysql.core.api.CallContext.of("http"))
                .size();
        return "gabysql serve: listening on " + server.uri() + " — " + dbs + " database(s), mode "
                + service.settings().mode().label() + ", "
                + tokenWords(options) + ", at most "
                + options.maxConcurrent() + " requests at once"
                + (options.mcp().stateless() ? ", /mcp stateless (no sessions)" : "");
    }

    /** The curated tools served (docs/configuration.md#curated-tools), when there are any. */
    private static String curatedWords(CuratedTools curated) {
        return curated.isEmpty() ? "" : ", " + curated.all().size() + " curated tool(s) at /tools";
    }

    /** Where a person opens the console, and what to sign in with (docs/console.md). */
    static String consoleWords(GabyServer server, dev.gabysql.core.api.Mode highest) {
        String secret = server.consoleSecret();
        return "gabysql serve: console at " + server.uri() + "/ — sign in with "
                + (secret == null
                        ? "an approver token (or an agent's token, to browse and query without approving)"
                        : "this console secret (valid until this process stops): " + secret)
                + (highest.allowsWrites()
                        ? ""
                        : "\ngabysql serve: writes are off (mode readonly); start with --mode readwrite to preview,"
                                + " approve and commit writes");
    }

    private static String tokenWords(ServerOptions options) {
        long approvers = options.tokens().stream().filter(ApiToken::isApprover).count();
        long agents = options.tokens().size() - approvers;
        String configured = options.oauth() == null ? "no token (loopback only)" : "no configured token";
        return (agents == 0 ? configured : agents + " token(s)")
                + (approvers == 0 ? ", no approver token" : ", " + approvers + " approver token(s)")
                + (options.oauth() == null ? "" : ", " + oauthWords(options.oauth()));
    }

    /** Who issues the access tokens the server accepts, for which resource, and which scope approves. */
    private static String oauthWords(OAuthSettings oauth) {
        return "OAuth access tokens of " + oauth.issuer() + " for " + oauth.resource()
                + (oauth.approverScope() == null ? "" : " (scope " + oauth.approverScope() + " approves)");
    }

    /** Jetty's start/stop chatter is INFO; the access log and warnings are what an operator wants on stderr. */
    private static void quietJetty() {
        if (System.getProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty") == null) {
            System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
        }
    }
}
