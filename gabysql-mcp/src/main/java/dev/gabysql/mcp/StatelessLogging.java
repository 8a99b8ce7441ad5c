package dev.gabysql.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * A stateless transport whose server answers {@code logging/setLevel}, as the SDK's session server does: the two kinds
 * of server then offer the same capabilities. The SDK's session server keeps the level per session to filter the log
 * messages it sends; without sessions there is nowhere to keep it, and gabysql sends clients no log messages in
 * either mode, so the level is acknowledged and has nothing to filter. Every other message goes to the SDK's handler.
 * Thread-safe.
 */
final class StatelessLogging implements McpStatelessServerTransport {
    private final McpStatelessServerTransport transport;

    StatelessLogging(McpStatelessServerTransport transport) {
        this.transport = transport;
    }

    @Override
    public void setMcpHandler(McpStatelessServerHandler handler) {
        transport.setMcpHandler(new McpStatelessServerHandler() {
            @Override
            public Mono<McpSchema.JSONRPCResponse> handleRequest(
                    McpTransportContext ctx, McpSchema.JSONRPCRequest request) {
                return McpSchema.METHOD_LOGGING_SET_LEVEL.equals(request.method())
                        ? Mono.just(McpSchema.JSONRPCResponse.result(request.id(), Map.of()))
                        : handler.handleRequest(ctx, request);
            }

            @Override
            public Mono<Void> handleNotification(McpTransportContext ctx, McpSchema.JSONRPCNotification notification) {
                return handler.handleNotification(ctx, notification);
            }
        });
    }

    @Override
    public Mono<Void> closeGracefully() {
        return transport.closeGracefully();
    }

    @Override
    public void close() {
        transport.close();
    }

    @Override
    public List<String> protocolVersions() {
        return transport.protocolVersions();
    }
}
