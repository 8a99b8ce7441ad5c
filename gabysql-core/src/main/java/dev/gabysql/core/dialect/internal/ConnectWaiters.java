package dev.gabysql.core.dialect.internal;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;

/**
 * The calls waiting for a connection from one pool, and the pool's last failed attempt to open one. HikariCP keeps
 * a caller waiting its whole connection timeout (5 s) while it retries a server that refuses the user, has no such
 * database or is down; when such an attempt fails and the pool holds no connection that could come back, the
 * waiting calls are interrupted (HikariCP's wait ends on an interrupt) and answered at once with the failure
 * ({@link ReadWritePools#connect}). Each waiter clears an interrupt it was given here when it leaves. Thread-safe.
 */
final class ConnectWaiters {
    private final Set<Waiter> waiting = new HashSet<>();
    private SQLException lastFailure;
    private long lastFailureNanos;

    /** One call's wait, from {@link #enter()} to {@link #leave}. */
    static final class Waiter {
        private final Thread thread = Thread.currentThread();
        private final long since = System.nanoTime();
        private boolean interrupted;
    }

    /** The calling thread starts waiting for a connection. */
    synchronized Waiter enter() {
        Waiter w = new Waiter();
        waiting.add(w);
        return w;
    }

    /** The wait is over (on the waiting thread): an interrupt given here is taken back. */
    synchronized void leave(Waiter w) {
        waiting.remove(w);
        if (w.interrupted) {
            Thread.interrupted();
        }
    }

    /**
     * An attempt to open a connection, begun at {@code startedNanos}, failed; the waits that began before it end when
     * the pool has no connection to give back. A call that came while the attempt was under way waits for the next:
     * the server may have come back since it began (a database restarted, a Galera node made primary again, whose
     * earlier attempt ends only after the driver's retries over every host).
     */
    synchronized void failed(SQLException e, boolean poolEmpty, long startedNanos) {
        lastFailure = e;
        lastFailureNanos = startedNanos;
        if (!poolEmpty) {
            return;
        }
        for (Waiter w : waiting) {
            if (!w.interrupted && startedNanos - w.since >= 0) {
                w.interrupted = true;
                w.thread.interrupt();
            }
        }
    }

    /** The failure of an attempt begun while {@code w} waited, or null. */
    synchronized SQLException failedSince(Waiter w) {
        return lastFailure != null && lastFailureNanos - w.since >= 0 ? lastFailure : null;
    }

    /** An attempt succeeded: earlier failures are history. */
    synchronized void succeeded() {
        lastFailure = null;
    }
}
