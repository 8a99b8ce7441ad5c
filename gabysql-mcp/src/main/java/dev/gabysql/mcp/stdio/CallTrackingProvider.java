package dev.gabysql.mcp.stdio;

import dev.gabysql.core.api.RunningCalls;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Wraps a session-based transport provider (stdio) so that each session it creates is a
 * {@link CallTrackingSession} (MCP cancellation then cancels the running statement:
 * docs/design.md#limits-and-cancellation) sending through a {@link SerializedSendTransport} (no answer lost to
 * concurrent sends). Everything else is the wrapped provider's. Thread-safe as the delegate is.
 */
final class CallTrackingProvider implements McpServerTransportProvider {
    private final McpServerTransportProvider delegate;
    private final RunningCalls<Object> calls;
    private final Runnable onSessionClose;
    private final Runnable onInitialized;
    private final ClientActivity activity;
    private final SdkOutbound outbound;

    /** Tracks the calls of each session in {@code calls}; nothing else is heard of. */
    CallTrackingProvider(McpServerTransportProvider delegate, RunningCalls<Object> calls) {
        this(delegate, calls, null, null, null, null);
    }

    /**
     * {@code onSessionClose} (may be null) runs when the transport closes a session, e.g. at the end of stdin;
     * {@code onInitialized} (may be null) once per session, after the client's {@code notifications/initialized};
     * {@code activity} (may be null) hears of the session's messages (one session: stdio), {@code outbound} (may be
     * null) of each message handed to the transport.
     */
    CallTrackingProvider(
            McpServerTransportProvider delegate,
            RunningCalls<Object> calls,
            Runnable onSessionClose,
            Runnable onInitialized,
            ClientActivity activity,
            SdkOutbound outbound) {
        this.delegate = delegate;
        this.calls = calls;
        this.onSessionClose = onSessionClose == null ? () -> {} : onSessionClose;
        this.onInitialized = onInitialized;
        this.activity = activity;
        this.outbound = outbound;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        delegate.setSessionFactory(transport -> {
            McpServerTransport serial = new SerializedSendTransport(transport, outbound);
            return new CallTrackingSession(
                    factory.create(serial), serial, calls, onSessionClose, onInitialized, activity);
        });
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return delegate.notifyClients(method, params);
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return delegate.notifyClient(sessionId, method, params);
    }

    @Override
    public void close() {
        calls.cancelAll();
        delegate.close();
    }

    @Override
    public Mono<Void> closeGracefully() {
        calls.cancelAll();
        return delegate.closeGracefully();
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }
}
