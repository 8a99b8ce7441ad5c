package dev.gabysql.mcp.stdio;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Sends one message at a time. The SDK's stdio transport (2.1.0) puts outgoing messages into a unicast sink that
 * must not be written from two threads at once; it retries a concurrent write for only 100 ms and then drops the
 * message ("Failed to enqueue message"). Tool answers come from several worker threads, and on a loaded machine
 * answers were lost that way. Holding a lock while the delegate enqueues (its send runs synchronously once the
 * transport is started) makes the writes serial. Thread-safe.
 */
final class SerializedSendTransport implements McpServerTransport {
    private final McpServerTransport delegate;
    private final SdkOutbound outbound;
    private final Object lock = new Object();

    /** {@code outbound} (may be null) hears of each message the delegate accepted. */
    SerializedSendTransport(McpServerTransport delegate, SdkOutbound outbound) {
        this.delegate = delegate;
        this.outbound = outbound;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.create(sink -> {
            synchronized (lock) {
                delegate.sendMessage(message).subscribe(v -> {}, sink::error, () -> {
                    if (outbound != null) {
                        outbound.given(message);
                    }
                    sink.success();
                });
            }
        });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return delegate.unmarshalFrom(data, typeRef);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return delegate.closeGracefully();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }
}
