package dev.gabysql.core.exec;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Ends sessions whose end changes nothing the caller could see — a read's ROLLBACK and reset — after the answer has
 * left, on one background thread. On a server database that end is a round trip, a large part of a small read's time
 * (docs/performance.md); the caller's result is complete before it, and a read rolls back whatever happens. Writes,
 * previews and anything in doubt still end before the call returns. {@link #close()} waits for the pending ends, so the
 * pools close after them. Thread-safe.
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

    /** Closes {@code s} now, or soon on the background thread when {@link Session#mayEndLater()}. */
    public void close(Session s) {
        if (!s.mayEndLater() || closed) {
            s.close();
            return;
        }
        try {
            executor.execute(s::close);
        } catch (RejectedExecutionException e) {
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
