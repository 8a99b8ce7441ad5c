package dev.gabysql.mcp;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many messages the SDK's stdio transport was given to send and how many it has written. Its writer runs on a
 * thread of its own and drops whatever it has not written yet once its input has ended; a session that ends
 * waits here until every answer it gave the SDK is out. Thread-safe.
 */
final class SdkOutbound {
    private final AtomicLong given = new AtomicLong();
    private final AtomicLong written = new AtomicLong();

    /** The transport accepted a message ({@link SerializedSendTransport}). */
    void given() {
        given.incrementAndGet();
    }

    /** The transport wrote a message's line end ({@link ProtocolOutput}). */
    void written() {
        written.incrementAndGet();
    }

    /** Waits, for {@code timeout} at most, until every message given has been written; says whether it has. */
    boolean awaitWritten(Duration timeout) throws InterruptedException {
        return Polls.until(() -> written.get() >= given.get(), timeout);
    }
}
