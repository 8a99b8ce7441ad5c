package dev.gabysql.server.mcp;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.mcp.GabyMcpServer;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.GabyServer;
import dev.gabysql.server.ServerOptions;
import dev.gabysql.server.api.ApiCall;
import dev.gabysql.server.http.AuthFilter;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * MCP over Streamable HTTP at {@code /mcp}: the very server {@code gabysql mcp} runs on stdio (same tools,
 * resources, prompts), on the SDK's servlet transport — with sessions (the default), or stateless
 * ({@code --mcp-stateless}: the SDK's stateless server, every request answered on its own by whichever replica gets
 * it, docs/http-api.md#stateless-mode). The bearer token is checked before the SDK sees the request
 * ({@link AuthFilter}); its mode goes into each request's transport context, where the tools read their caller cap
 * (a readonly token neither lists nor runs {@code gabysql_execute}). Origin and Host are validated by the SDK's
 * validator against DNS rebinding. A session whose client declared elicitation is asked to approve its writes in the
 * call, as on stdio (docs/design.md#approval); for the others, and for every stateless call, pending writes wait for
 * the server's approvers. Thread-safe.
 */
public final class McpEndpoint implements AutoCloseable {
    public static final String PATH = "/mcp";

    private final HttpServlet servlet;
    private final Runnable close;
    private final boolean stateless;
    private final RunningCalls<String> calls = new RunningCalls<>();

    public McpEndpoint(GabyService service, ServerOptions options) {
        McpOptions mcpOptions = McpOptions.defaults(options.mcp().version())
                .withApprovalPlace(McpOptions.APPROVE_OVER_HTTP)
                .withTools(options.mcp().tools());
        int maxRequest = (int) Math.min(Integer.MAX_VALUE, options.maxBodyBytes());
        this.stateless = options.mcp().stateless();
        if (stateless) {
            HttpServletStatelessServerTransport transport = HttpServletStatelessServerTransport.builder()
                    .jsonMapper(GabyMcpServer.jsonMapper())
                    .messageEndpoint(PATH)
                    .securityValidator(validator(options))
                    .contextExtractor(McpEndpoint::context)
                    .maxRequestSize(maxRequest)
                    .build();
            McpStatelessSyncServer server = GabyMcpServer.createStateless(transport, service, mcpOptions);
            this.servlet = transport;
            this.close = server::close;
        } else {
            HttpServletStreamableServerTransportProvider transport =
                    HttpServletStreamableServerTransportProvider.builder()
                            .jsonMapper(GabyMcpServer.jsonMapper())
                            .mcpEndpoint(PATH)
                            .securityValidator(validator(options))
                            .contextExtractor(McpEndpoint::context)
                            .keepAliveInterval(options.mcp().keepAlive())
                            .sessionSweepInterval(options.mcp().sessionTimeout())
                            .maxRequestSize(maxRequest)
                            .build();
            McpSyncServer server = GabyMcpServer.create(transport, service, mcpOptions);
            this.servlet = transport;
            this.close = server::close;
        }
    }

    /** Whether {@code /mcp} runs without sessions. */
    public boolean stateless() {
        return stateless;
    }

    /** The tool calls running now (for cancellation). */
    public RunningCalls<String> calls() {
        return calls;
    }

    /** The servlet to mount at {@link #PATH}. */
    public HttpServlet servlet() {
        return servlet;
    }

    /**
     * The transport context of one POST: the token's cap (and the caller's own {@code X-Gabysql-Max-Mode}) as the
     * caller mode, the token's name (the audit log's), for a tool call its cancellation ({@link McpCancellationFilter}), and the caller's name and
     * address as the HTTP API gives them (used where no {@code initialize} named the client: stateless calls).
     */
    static McpTransportContext context(HttpServletRequest request) {
        Map<String, Object> values = new HashMap<>();
        Mode cap;
        try {
            cap = ApiCall.cap(request);
        } catch (GabyException e) {
            cap = Mode.READONLY; // an unreadable X-Gabysql-Max-Mode: fail closed
        }
        if (cap != null) {
            values.put(McpOptions.CALLER_MODE_KEY, cap);
        }
        Object cancellation = request.getAttribute(McpCancellationFilter.CANCELLATION);
        if (cancellation != null) {
            values.put(McpOptions.CANCELLATION_KEY, cancellation);
        }
        values.put(McpOptions.CLIENT_NAME_KEY, ApiCall.client(request));
        ApiToken token = AuthFilter.tokenOf(request);
        if (token != null) {
            values.put(McpOptions.CALLER_KEY, token.identity());
        }
        return McpTransportContext.create(values);
    }

    /**
     * Browsers may call only from local pages; a Host check applies when the server listens on loopback only
     * (with tokens on another address, clients use whatever name reaches the machine, and the token is the guard).
     */
    static DefaultServerTransportSecurityValidator validator(ServerOptions options) {
        List<String> origins = new ArrayList<>();
        List<String> hosts = new ArrayList<>();
        for (String host : GabyServer.localHosts(options.host())) {
            for (String scheme : List.of("http://", "https://")) {
                origins.add(scheme + host);
                origins.add(scheme + host + ":*");
            }
            hosts.add(host);
            hosts.add(host + ":*");
        }
        DefaultServerTransportSecurityValidator.Builder b =
                DefaultServerTransportSecurityValidator.builder().allowedOrigins(origins);
        if (ServerOptions.isLoopback(options.host())) {
            b.allowedHosts(hosts);
        }
        return b.build();
    }

    @Override
    public void close() {
        close.run();
    }
}
