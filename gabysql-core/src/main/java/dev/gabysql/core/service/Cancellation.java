package dev.gabysql.core.service;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * Lets a front end cancel the statement a call is running (MCP notifications/cancelled, Ctrl-C in the shell).
 * Thread-safe: {@link #cancel()} comes from another thread than the one running the statement.
 */
public final class Cancellation {
    private Statement running;
    private boolean cancelled;

    public synchronized void cancel() {
        cancelled = true;
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
     * statement would run to its end (a Ctrl-C right after Enter in the shell, issue 8).
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
}
