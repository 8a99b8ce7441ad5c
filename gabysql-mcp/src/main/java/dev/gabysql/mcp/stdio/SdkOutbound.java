package dev.gabysql.mcp.stdio;

import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * How many messages the SDK's stdio transport was given to send and how many it has written. Its writer runs on a
 * thread of its own and drops whatever it has not written yet once its input has ended; a session that ends
 * waits here until every answer it gave the SDK is out; each response's request id is reported as it is accepted
 * ({@link PendingRequests}). Thread-safe.
 */
final class SdkOutbound {
    private final AtomicLong given = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final Consumer<Object> answered;

    /** Counts only. */
    SdkOutbound() {
        this(id -> {});
    }

    /** {@code answered} hears of the request id of each response the transport accepts. */
    SdkOutbound(Consumer<Object> answered) {
        this.answered = answered;
    }

    /** The transport accepted {@code message} ({@link SerializedSendTransport}). */
    void given(McpSchema.JSONRPCMessage message) {
        given.incrementAndGet();
        if (message instanceof McpSchema.JSONRPCResponse) {
            answered.accept(((McpSchema.JSONRPCResponse) message).id());
        }
    }

    /** The transport wrote a message's line end ({@link ProtocolOutput}). */
    void written() {
        written.incrementAndGet();
    }

    /** Waits, for {@code timeout} at most, until every message given has been written; says whether it has. */
    boolean awaitWritten(Duration timeout) throws InterruptedException {
        return BoundedWait.until(() -> written.get() >= given.get(), timeout);
    }
}
