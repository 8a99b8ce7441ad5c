package dev.gabysql.mcp;

import java.time.Duration;

/**
 * How many messages the SDK's stdio transport was given to send and how many it has written. Its writer runs on a
 * thread of its own and drops whatever it has not written yet once its input has ended; a session that ends
 * waits here until every answer it gave the SDK is out. Thread-safe.
 */
final class SdkOutbound {
    private long given;
    private long written;

    /** The transport accepted a message ({@link SerializedSendTransport}). */
    synchronized void given() {
        given++;
    }

    /** The transport wrote a message's line end ({@link ProtocolOutput}). */
    synchronized void written() {
        written++;
        notifyAll();
    }

    /** Waits, for {@code timeout} at most, until every message given has been written; says whether it has. */
    synchronized boolean awaitWritten(Duration timeout) throws InterruptedException {
        return Monitors.awaitUntil(this, () -> written >= given, timeout);
    }
}
