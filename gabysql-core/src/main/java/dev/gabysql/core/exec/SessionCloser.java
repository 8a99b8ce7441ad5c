package dev.gabysql.core.exec;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ends sessions whose end changes nothing the caller could see — a read's ROLLBACK and reset — after the answer has
 * left, on one background thread. On a server database that end is a round trip, a large part of a small read's time
 * (docs/performance.md); the caller's result is complete before it, and a read rolls back whatever happens. Writes,
 * previews and anything in doubt still end before the call returns. {@link #close()} waits for the pending ends, so the
 * pools close after them.
 *
 * <p>The thread takes an end only while it has nothing else to do: when another end is still pending, the caller ends
 * its own session. Under concurrent load the ends then run on the callers' threads, side by side, instead of queueing
 * behind one thread while their connections wait in the queue and the pool runs dry (docs/performance.md#http-api);
 * the deferred end is kept for what it is worth, the single caller between an agent's pauses. Thread-safe.
 */
public final class SessionCloser implements AutoCloseable {
    private static final long DRAIN_SECONDS = 5;

    /** Its one thread starts with the first deferred end, so a process that never reads a server pays nothing. */
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "gabysql-session-closer");
        t.setDaemon(true);
        return t;
    });

    private volatile boolean closed;
    /** Ends handed to the thread and not yet done. */
    private final AtomicInteger pending = new AtomicInteger();

    /** Closes {@code s} now, or soon on the background thread when {@link Session#mayEndLater()}. */
    public void close(Session s) {
        if (!s.mayEndLater() || closed || !pending.compareAndSet(0, 1)) {
            s.close();
            return;
        }
        try {
            executor.execute(() -> {
                try {
                    s.close();
                } finally {
                    pending.decrementAndGet();
                }
            });
        } catch (RejectedExecutionException e) {
            pending.decrementAndGet();
            s.close();
        }
    }

    /** Waits (a few seconds at most) for the sessions still ending. */
    @Override
    public void close() {
        closed = true;
        executor.shutdown();
        try {
            executor.awaitTermination(DRAIN_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }
}
