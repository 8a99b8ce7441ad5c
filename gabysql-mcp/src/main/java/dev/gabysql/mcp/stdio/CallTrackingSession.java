package dev.gabysql.mcp.stdio;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.mcp.json.JsonRpcIds;
import dev.gabysql.mcp.json.TrustedOutputValidator;
import dev.gabysql.mcp.tool.CallTransportContext;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.time.Duration;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * Sits between a transport and the SDK's session: every incoming message passes through {@link #handle}, where
 * {@code notifications/cancelled} cancels the call it names in {@link RunningCalls} (the SDK 2.1.0 would drop it) and each
 * {@code tools/call} gets its own tracked cancellation. Everything else is the SDK's session, unchanged.
 * The superclass is only a shell (its handlers are empty); every public method delegates. Thread-safe as the
 * delegate is.
 */
public final class CallTrackingSession extends McpServerSession {
    static final String METHOD_CANCELLED = "notifications/cancelled";
    static final String METHOD_INITIALIZED = "notifications/initialized";

    private final McpServerSession inner;
    private final RunningCalls<Object> calls;
    private final Runnable onClose;
    private final ClientActivity activity;
    private Runnable onInitialized;

    /**
     * {@code onInitialized} (may be null) runs once, when the client says {@code notifications/initialized};
     * {@code activity} (may be null) hears of every message and request.
     */
    CallTrackingSession(
            McpServerSession inner,
            McpServerTransport transport,
            RunningCalls<Object> calls,
            Runnable onClose,
            Runnable onInitialized,
            ClientActivity activity) {
        super(
                inner.getId(),
                Duration.ZERO,
                transport,
                null,
                Map.of(),
                Map.of(),
                Mono::empty,
                TrustedOutputValidator.INSTANCE);
        this.inner = inner;
        this.calls = calls;
        this.onClose = onClose;
        this.onInitialized = onInitialized;
        this.activity = activity;
    }

    @Override
    public Mono<Void> handle(McpSchema.JSONRPCMessage message) {
        if (activity == null) {
            return route(message);
        }
        if (message instanceof McpSchema.JSONRPCRequest) {
            activity.requestStarted();
            return route(message).doFinally(s -> activity.requestFinished());
        }
        activity.messageReceived();
        return route(message);
    }

    private Mono<Void> route(McpSchema.JSONRPCMessage message) {
        if (onInitialized != null
                && message instanceof McpSchema.JSONRPCNotification
                && METHOD_INITIALIZED.equals(((McpSchema.JSONRPCNotification) message).method())) {
            return inner.handle(message).doFinally(s -> initialized());
        }
        if (message instanceof McpSchema.JSONRPCNotification
                && METHOD_CANCELLED.equals(((McpSchema.JSONRPCNotification) message).method())) {
            calls.cancel(JsonRpcIds.cancelledRequest(((McpSchema.JSONRPCNotification) message).params()));
            return Mono.empty();
        }
        if (message instanceof McpSchema.JSONRPCRequest
                && McpSchema.METHOD_TOOLS_CALL.equals(((McpSchema.JSONRPCRequest) message).method())) {
            return track(((McpSchema.JSONRPCRequest) message).id(), inner.handle(message));
        }
        return inner.handle(message);
    }

    /**
     * Handles a request with a fresh cancellation registered under its id while the handling runs; the tool's
     * handler finds it in the transport context ({@link CallTransportContext}).
     */
    private <T> Mono<T> track(Object requestId, Mono<T> handling) {
        Object key = JsonRpcIds.key(requestId);
        Cancellation cancellation = new Cancellation();
        return handling.contextWrite(ctx -> ctx.put(
                        McpTransportContext.KEY,
                        new CallTransportContext(
                                ctx.getOrDefault(McpTransportContext.KEY, McpTransportContext.EMPTY), cancellation)))
                .doOnSubscribe(s -> calls.start(key, null, cancellation))
                .doFinally(s -> calls.end(key, cancellation));
    }

    /** Runs the hook once (the transport hands messages over one at a time). */
    private void initialized() {
        Runnable hook = onInitialized;
        onInitialized = null;
        if (hook != null) {
            hook.run();
        }
    }

    @Override
    public String getId() {
        return inner.getId();
    }

    @Override
    public void init(McpSchema.ClientCapabilities capabilities, McpSchema.Implementation clientInfo) {
        inner.init(capabilities, clientInfo);
    }

    @Override
    public void setMinLoggingLevel(McpSchema.LoggingLevel level) {
        inner.setMinLoggingLevel(level);
    }

    @Override
    public boolean isNotificationForLevelAllowed(McpSchema.LoggingLevel level) {
        return inner.isNotificationForLevelAllowed(level);
    }

    @Override
    public <T> Mono<T> sendRequest(String method, Object params, TypeRef<T> typeRef) {
        return inner.sendRequest(method, params, typeRef);
    }

    @Override
    public Mono<Void> sendNotification(String method, Object params) {
        return inner.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        calls.cancelAll();
        return inner.closeGracefully();
    }

    @Override
    public void close() {
        calls.cancelAll();
        inner.close();
        onClose.run();
    }
}
