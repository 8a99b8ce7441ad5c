package dev.gabysql.mcp.stdio;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * When the client of a stdio session last sent something, and how many of its requests are still being answered.
 * Background work that only serves later calls ((the CLI's start-up warm-up)) waits until the client is quiet, so that it never
 * competes with a call for the CPU. Thread-safe.
 */
public final class ClientActivity {
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile long lastNanos = System.nanoTime();

    void requestStarted() {
        inFlight.incrementAndGet();
        lastNanos = System.nanoTime();
    }

    void requestFinished() {
        inFlight.decrementAndGet();
        lastNanos = System.nanoTime();
    }

    void messageReceived() {
        lastNanos = System.nanoTime();
    }

    /**
     * Waits, for {@code timeout} at most, until no request is being answered (each has given its answer to be
     * written); says whether none is.
     */
    boolean awaitNoRequest(Duration timeout) throws InterruptedException {
        return BoundedWait.until(() -> inFlight.get() == 0, timeout);
    }

    /** True when no request is being answered and nothing has arrived or left for {@code quiet}. */
    public boolean idleFor(Duration quiet) {
        return inFlight.get() == 0 && System.nanoTime() - lastNanos >= quiet.toNanos();
    }
}
