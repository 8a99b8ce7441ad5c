package dev.gabysql.mcp.stdio;

import dev.gabysql.core.internal.Poller;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Passes the reading of stdin on to another thread when the thread that read a tool call has been answering it for
 * longer than {@link #GRACE_NANOS}; a call answered sooner keeps its thread, which then reads on.
 *
 * <p>Why (docs/performance.md): {@link DirectToolCalls} used to hand the reading over before every call, so that a
 * {@code notifications/cancelled} or a second request is read while a call runs. That cost a thread wake-up and a
 * change of thread per call, a good part of a 1-row query's time early in a process. Now a watcher thread,
 * polling once per grace period while calls come and parked when they stop, hands the reading over only for calls
 * that last: a cancellation, a ping or a concurrent request waits at most about two grace periods (20 ms) to be
 * read.
 *
 * <p>Thread-safe: one reading thread at a time begins and ends turns; the watcher runs beside it.
 */
final class ReadingRelay {
    /**
     * How long a call may keep the reading thread before another thread takes over the reading; also the watcher's
     * polling period while calls come (a much shorter period cost as much as it saved: docs/performance.md).
     */
    static final long GRACE_NANOS = 10_000_000;
    /** How long the watcher keeps polling after the last call began, before it parks until the next one. */
    static final long LINGER_NANOS = 200_000_000;

    private static final int RUNNING = 0;
    private static final int KEPT = 1;
    private static final int PASSING = 2;
    private static final int HANDED_OVER = 3;
    private static final int REFUSED = 4;

    private final Runnable startReader;
    private final Poller watcher = new Poller("gabysql-mcp-relay", GRACE_NANOS, LINGER_NANOS, this::watch);
    private volatile Turn current;

    /** {@code startReader} makes another thread read (it may throw {@link RejectedExecutionException}). */
    ReadingRelay(Runnable startReader) {
        this.startReader = startReader;
    }

    /** The reading thread starts answering a call. */
    Turn begin() {
        Turn turn = new Turn();
        current = turn;
        watcher.wake();
        return turn;
    }

    /** The call is answered: true when this thread still holds the reading (it reads on), false when it passed. */
    boolean end(Turn turn) {
        if (turn.state.compareAndSet(RUNNING, KEPT)) {
            return true;
        }
        while (turn.state.get() == PASSING) { // the watcher is starting another reader: a few microseconds
            Thread.onSpinWait();
        }
        return turn.state.get() == REFUSED;
    }

    /** Passes the reading on when the current call has lasted; true while a call is running. */
    private boolean watch(long now) {
        Turn t = current;
        if (t == null || t.state.get() != RUNNING) {
            return false;
        }
        if (now - t.started >= GRACE_NANOS) {
            handOver(t);
        }
        return true;
    }

    private void handOver(Turn t) {
        if (!t.state.compareAndSet(RUNNING, PASSING)) {
            return;
        }
        int outcome = REFUSED; // unless another thread reads now, the answering thread reads on
        try {
            startReader.run();
            outcome = HANDED_OVER;
        } catch (RejectedExecutionException e) {
            // the pool is closing
        } finally {
            t.state.set(outcome);
        }
    }

    /** One call's hold on the reading thread. */
    static final class Turn {
        private final long started = System.nanoTime();
        private final AtomicInteger state = new AtomicInteger(RUNNING);
    }
}
