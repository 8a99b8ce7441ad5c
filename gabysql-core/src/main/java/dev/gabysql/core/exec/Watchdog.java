package dev.gabysql.core.exec;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Cancels a statement that outlives its timeout, for every driver alike (SQLite has no server-side timeout;
 * PostgreSQL's statement_timeout is set too). One daemon thread for the whole process.
 */
final class Watchdog {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gabysql-watchdog");
        t.setDaemon(true);
        return t;
    });

    private Watchdog() {
    }

    /** A handle that must be closed when the statement ends; {@link Armed#fired()} says whether it timed out. */
    static Armed arm(Statement statement, Duration timeout) {
        AtomicBoolean fired = new AtomicBoolean();
        ScheduledFuture<?> future = TIMER.schedule(() -> {
            fired.set(true);
            try {
                statement.cancel();
            } catch (SQLException ignored) {
                // finished meanwhile
            }
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        return new Armed(future, fired);
    }

    static final class Armed implements AutoCloseable {
        private final ScheduledFuture<?> future;
        private final AtomicBoolean fired;

        Armed(ScheduledFuture<?> future, AtomicBoolean fired) {
            this.future = future;
            this.fired = fired;
        }

        boolean fired() {
            return fired.get();
        }

        @Override
        public void close() {
            future.cancel(false);
        }
    }
}
