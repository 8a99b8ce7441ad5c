package dev.gabysql.core.api;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Supplier;

/**
 * Lets a front end cancel the statement a call is running (MCP notifications/cancelled, Ctrl-C in the shell), or
 * the wait before it: a call waiting for a pooled connection ({@link #awaiting}) stops waiting.
 * Thread-safe: {@link #cancel()} comes from another thread than the one running the statement.
 */
public final class Cancellation {
    private Statement running;
    private boolean cancelled;
    private Thread waiting;
    private boolean interruptedWaiting;

    public synchronized void cancel() {
        cancelled = true;
        if (waiting != null && !interruptedWaiting) {
            interruptedWaiting = true;
            waiting.interrupt();
        }
        if (running != null) {
            try {
                running.cancel();
            } catch (SQLException ignored) {
                // the statement finished or the connection broke: nothing left to cancel
            }
        }
    }

    public synchronized boolean isCancelled() {
        return cancelled;
    }

    /**
     * Registers the statement about to run. A call cancelled before this point is refused here, before execution:
     * drivers ignore a cancel that reaches an idle statement (pgJDBC does), so cancelling it would be lost and the
     * statement would run to its end (a Ctrl-C right after Enter in the shell).
     *
     * @throws SQLException with SQLSTATE 57014 (query_canceled) when the call is already cancelled
     */
    public synchronized void attach(Statement statement) throws SQLException {
        if (cancelled) {
            throw new SQLException("The call was cancelled before its statement started.", "57014");
        }
        running = statement;
    }

    public synchronized void detach() {
        running = null;
    }

    /**
     * Runs {@code wait}, what a call waits for before its statement can start ({@code what}: "a connection to
     * `shop`"), so that {@link #cancel} ends it: the waiting thread is interrupted, and the wait's failure is
     * CANCELLED. Without this a call waiting for one of a busy pool's connections went on waiting (five seconds) and
     * then answered OVER_CAPACITY, however early it was cancelled. A call cancelled before is refused at once; an
     * interrupt given here is taken back.
     */
    public <T> T awaiting(String what, Supplier<T> wait) {
        synchronized (this) {
            if (cancelled) {
                throw cancelledWaiting(what);
            }
            waiting = Thread.currentThread();
        }
        try {
            return wait.get();
        } catch (RuntimeException e) {
            if (isCancelled()) {
                throw cancelledWaiting(what);
            }
            throw e;
        } finally {
            synchronized (this) {
                waiting = null;
                if (interruptedWaiting) {
                    interruptedWaiting = false;
                    Thread.interrupted();
                }
            }
        }
    }

    private static GabyException cancelledWaiting(String what) {
        return new GabyException(ErrorCode.CANCELLED, "The call was cancelled while it waited for " + what + ".");
    }
}
