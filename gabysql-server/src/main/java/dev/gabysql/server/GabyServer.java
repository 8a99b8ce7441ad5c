package dev.gabysql.server;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.api.ApiServlet;
import dev.gabysql.server.api.ClientWatch;
import dev.gabysql.server.api.Deadlines;
import dev.gabysql.server.api.Paths;
import dev.gabysql.server.api.Routes;
import dev.gabysql.server.console.ConsoleFiles;
import dev.gabysql.server.console.ConsoleSignIn;
import dev.gabysql.server.http.AccessLog;
import dev.gabysql.server.http.AuthFilter;
import dev.gabysql.server.http.Authenticator;
import dev.gabysql.server.http.BodyLimitFilter;
import dev.gabysql.server.http.CapacityFilter;
import dev.gabysql.server.http.ConsoleSessions;
import dev.gabysql.server.http.JsonErrorHandler;
import dev.gabysql.server.http.LocalOriginFilter;
import dev.gabysql.server.mcp.McpCancellationFilter;
import dev.gabysql.server.mcp.McpEndpoint;
import dev.gabysql.server.mcp.McpErrorFilter;
import dev.gabysql.server.mcp.McpScopeFilter;
import dev.gabysql.server.mcp.McpSessionLimit;
import dev.gabysql.server.oauth.OAuthResourceServer;
import dev.gabysql.server.oauth.ResourceMetadataServlet;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Clock;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code gabysql serve}: the JSON API on Jetty, over one {@link GabyService} (the same the MCP and CLI front ends
 * call). {@link #close()} stops gracefully: new requests get 503, in-flight calls get the stop timeout to finish,
 * so a write that was committing completes and its answer is sent. Thread-safe.
 */
public final class GabyServer implements AutoCloseable {
    /** Threads beyond the concurrency cap: Jetty's acceptor and selector, and room to refuse over-cap requests. */
    private static final int SPARE_THREADS = 16;

    private static final Logger LOG = LoggerFactory.getLogger(GabyServer.class);
    private static final long MIN_STOP_MILLIS = 2_000;

    private final Server jetty;
    private final ServerConnector connector;
    private final Deadlines deadlines;
    private final CapacityFilter capacity;
    private final McpEndpoint mcp;
    private final long stopTimeoutNanos;
    private final String consoleSecret;

    private GabyServer(
            Server jetty,
            ServerConnector connector,
            Deadlines deadlines,
            CapacityFilter capacity,
            McpEndpoint mcp,
            long stopTimeoutNanos,
            String consoleSecret) {
        this.jetty = jetty;
        this.connector = connector;
        this.deadlines = deadlines;
        this.capacity = capacity;
        this.mcp = mcp;
        this.stopTimeoutNanos = stopTimeoutNanos;
        this.consoleSecret = consoleSecret;
    }

    /** Starts serving; the access log goes to {@code accessLog} (stderr in {@code gabysql serve}). */
    public static GabyServer start(GabyService service, ServerOptions options, PrintStream accessLog) {
        return start(service, options, accessLog, CuratedTools.NONE);
    }

    /**
     * Starts serving, with the operator's curated tools at {@code /tools} (docs/http-api.md#curated-tools); which of
     * them {@code /mcp} lists is the MCP options' tool selection.
     */
    public static GabyServer start(
            GabyService service, ServerOptions options, PrintStream accessLog, CuratedTools curated) {
        options.validate();
        QueuedThreadPool pool = new QueuedThreadPool(options.maxConcurrent() + SPARE_THREADS, 4);
        pool.setName("gabysql-http");
        Server jetty = new Server(pool);
        ServerConnector connector = connector(jetty, options);
        Deadlines deadlines = new Deadlines(options.requestTimeout());
        CapacityFilter capacity = new CapacityFilter(options.maxConcurrent());
        McpEndpoint mcp = new McpEndpoint(service, options);
        String consoleSecret =
                options.consoleEnabled() && options.tokens().stream().noneMatch(ApiToken::isApprover)
                        ? "gcs_" + randomSecret()
                        : null;
        ServletContextHandler context = context(service, options, deadlines, capacity, mcp, consoleSecret, curated);
        jetty.setHandler(new GracefulHandler(context));
        jetty.setErrorHandler(new JsonErrorHandler());
        jetty.setRequestLog(new AccessLog(accessLog));
        jetty.setStopTimeout(options.stopTimeout().toMillis());
        jetty.setStopAtShutdown(false);
        GabyServer server = new GabyServer(
                jetty,
                connector,
                deadlines,
                capacity,
                mcp,
                options.stopTimeout().toNanos(),
                consoleSecret);
        server.startJetty(options);
        return server;
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /** The base URI clients use, e.g. {@code http://127.0.0.1:7878}. */
    public URI uri() {
        String host = connector.getHost();
        if (host.contains(":") && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + port());
    }

    /**
     * The secret a person signs in to the console with when no approver token is configured (made at start, for this
     * process only, and printed on its stderr), or null.
     */
    public String consoleSecret() {
        return consoleSecret;
    }

    private static String randomSecret() {
        byte[] bytes = new byte[24];
        new java.security.SecureRandom().nextBytes(bytes);
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Threads of the server's pool busy right now (its acceptor and selector always are). */
    int busyThreads() {
        return ((QueuedThreadPool) jetty.getThreadPool()).getBusyThreads();
    }

    /** Requests being served right now (not counting {@code /health}). */
    public int inFlight() {
        return capacity.inFlight();
    }

    /**
     * Graceful stop, bounded by the stop timeout: new requests are refused (503), calls in flight may finish, then
     * MCP sessions are closed and Jetty stops. Calls still running at the deadline have their statements
     * cancelled and their connections closed. Never throws.
     */
    @Override
    public void close() {
        long deadline = System.nanoTime() + stopTimeoutNanos;
        try {
            if (!capacity.drain(deadline)) {
                LOG.warn(
                        "{} call(s) still running after the stop timeout: cancelling them",
                        deadlines.cancelAll() + mcp.calls().cancelAll());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        mcp.close();
        try {
            // what was cancelled at the deadline still gets a moment to send its answer
            jetty.setStopTimeout(Math.max(MIN_STOP_MILLIS, (deadline - System.nanoTime()) / 1_000_000));
            jetty.stop();
        } catch (TimeoutException e) {
            LOG.warn("Connections still open after the stop timeout were closed");
        } catch (Exception e) {
            LOG.warn("The HTTP server did not stop cleanly: {}", e.toString());
        } finally {
            deadlines.close();
        }
    }

    private void startJetty(ServerOptions options) {
        try {
            jetty.start();
        } catch (IOException e) {
            close();
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Cannot listen on " + options.host() + ":" + options.port() + ": " + e.getMessage() + ".",
                    "Choose another --port, or stop the process that holds this one.");
        } catch (Exception e) {
            close();
            throw new GabyException(ErrorCode.INTERNAL, "The HTTP server failed to start: " + e.getMessage());
        }
    }

    private static ServerConnector connector(Server jetty, ServerOptions options) {
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        ServerConnector connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(options.host());
        connector.setPort(options.port());
        connector.setIdleTimeout(options.idleTimeout().toMillis());
        jetty.addConnector(connector);
        return connector;
    }

    private static ServletContextHandler context(
            GabyService service,
            ServerOptions options,
            Deadlines deadlines,
            CapacityFilter capacity,
            McpEndpoint mcp,
            String consoleSecret,
            CuratedTools curated) {
        ServletContextHandler context = new ServletContextHandler("/");
        context.setErrorHandler(new JsonErrorHandler());
        Authenticator authenticator = new Authenticator(options.tokens());
        ConsoleSessions consoleSessions = options.consoleEnabled() ? new ConsoleSessions(Clock.systemUTC()) : null;
        OAuthResourceServer oauth =
                options.oauth() == null ? null : new OAuthResourceServer(options.oauth(), service.highestMode());
        if (authenticator.isOpen() && oauth == null) {
            filter(context, new LocalOriginFilter(localHosts(options.host())));
        }
        filter(context, capacity);
        filter(context, new BodyLimitFilter(options.maxBodyBytes()));
        filter(context, new AuthFilter(authenticator, consoleSessions, oauth));
        if (oauth != null) {
            ServletHolder metadata = new ServletHolder("oauth-metadata", new ResourceMetadataServlet(options.oauth()));
            for (String path : ResourceMetadataServlet.paths(options.oauth())) {
                context.getServletHandler().addServletWithMapping(metadata, path);
            }
        }
        filter(context, new McpErrorFilter(), McpEndpoint.PATH);
        filter(
                context,
                new McpCancellationFilter(mcp.calls(), options.maxBodyBytes(), mcp.stateless()),
                McpEndpoint.PATH);
        if (oauth != null) {
            filter(context, new McpScopeFilter(), McpEndpoint.PATH);
        }
        if (!mcp.stateless()) { // no sessions to count
            filter(
                    context,
                    new McpSessionLimit(
                            options.mcp().maxSessions(), options.mcp().sessionTimeout()),
                    McpEndpoint.PATH);
        }
        ServletHolder mcpHolder = new ServletHolder("mcp", mcp.servlet());
        mcpHolder.setAsyncSupported(true);
        context.addServlet(mcpHolder, McpEndpoint.PATH);
        if (consoleSessions != null) {
            ApiToken secret = consoleSecret == null ? null : ApiToken.approver(consoleSecret, "console");
            ServletHolder files = new ServletHolder("console", new ConsoleFiles()); // one cache for both paths
            context.addServlet(files, "");
            context.addServlet(files, Paths.CONSOLE + "*");
            context.addServlet(
                    new ServletHolder(
                            "console-session", new ConsoleSignIn(authenticator, secret, consoleSessions, service)),
                    Paths.CONSOLE_SESSION);
        }
        RunningCalls<String> calls = new RunningCalls<>();
        context.addServlet(
                new ServletHolder(
                        "api",
                        new ApiServlet(
                                Routes.of(
                                        service,
                                        calls,
                                        authenticator.hasApprovers() || oauth != null && oauth.hasApprovers(),
                                        curated),
                                deadlines,
                                calls,
                                new ClientWatch(),
                                options.maxBodyBytes())),
                "/");
        return context;
    }

    private static void filter(ServletContextHandler context, Filter filter) {
        filter(context, filter, "/*");
    }

    private static void filter(ServletContextHandler context, Filter filter, String path) {
        FilterHolder holder = new FilterHolder(filter);
        holder.setAsyncSupported(true); // the MCP servlet answers with event streams (async)
        context.addFilter(holder, path, EnumSet.of(DispatcherType.REQUEST));
    }

    /** Host names a local client may use: the loopback names and the one the server is bound to. */
    public static Set<String> localHosts(String boundHost) {
        Set<String> hosts = new HashSet<>(LocalOriginFilter.LOCAL_HOSTS);
        String h = boundHost.toLowerCase(Locale.ROOT);
        hosts.add(h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h);
        return hosts;
    }
}
