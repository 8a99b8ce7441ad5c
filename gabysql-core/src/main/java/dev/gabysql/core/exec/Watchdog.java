package dev.gabysql.core.exec;

import dev.gabysql.core.internal.Poller;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Cancels a statement that outlives its timeout, for every driver alike (SQLite has no server-side timeout;
 * PostgreSQL's statement_timeout is set too). Running statements sit in one list that a {@link Poller} thread
 * looks at every {@link #PERIOD_NANOS}: a timeout fires at most that late, and arming one costs a list insertion
 * instead of a timer task (a scheduled executor's task per call is measurable in a small query's time
 * early in a process). One daemon thread for the whole process, parked while nothing runs.
 */
final class Watchdog {
    /** How often running statements are looked at: the most a timeout fires late. */
    static final long PERIOD_NANOS = 50_000_000;

    private static final long LINGER_NANOS = 2_000_000_000L;
    private static final Object LOCK = new Object();
    /** The running statements, a doubly linked list through {@link Armed}; guarded by {@link #LOCK}. */
    private static Armed first;

    private static final Poller POLLER = new Poller("gabysql-watchdog", PERIOD_NANOS, LINGER_NANOS, Watchdog::check);

    private Watchdog() {}

    /** A handle that must be closed when the statement ends; {@link Armed#fired()} says whether it timed out. */
    static Armed arm(Statement statement, Duration timeout) {
        Armed a = new Armed(statement, System.nanoTime() + timeout.toNanos());
        synchronized (LOCK) {
            a.next = first;
            if (first != null) {
                first.previous = a;
            }
            first = a;
        }
        POLLER.wake();
        return a;
    }

    /** Cancels what has run out of time; true while statements are running. */
    private static boolean check(long now) {
        Armed expired = null;
        synchronized (LOCK) {
            for (Armed a = first; a != null; a = a.next) {
                if (now - a.deadline >= 0 && !a.fired) {
                    a.fired = true;
                    a.nextExpired = expired;
                    expired = a;
                }
            }
        }
        for (Armed a = expired; a != null; a = a.nextExpired) {
            try {
                a.statement.cancel(); // outside the lock: a driver's cancel may take a round trip
            } catch (SQLException ignored) {
                // finished meanwhile
            }
        }
        synchronized (LOCK) {
            return first != null;
        }
    }

    static final class Armed implements AutoCloseable {
        private final Statement statement;
        private final long deadline;
        private volatile boolean fired;
        private Armed previous;
        private Armed next;
        private Armed nextExpired;
        private boolean closed;

        private Armed(Statement statement, long deadline) {
            this.statement = statement;
            this.deadline = deadline;
        }

        boolean fired() {
            return fired;
        }

        @Override
        public void close() {
            synchronized (LOCK) {
                if (closed) {
                    return;
                }
                closed = true;
                if (previous != null) {
                    previous.next = next;
                } else {
                    first = next;
                }
                if (next != null) {
                    next.previous = previous;
                }
            }
        }
    }
}
