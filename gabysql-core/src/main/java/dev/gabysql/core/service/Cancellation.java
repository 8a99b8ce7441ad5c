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

    /** Registers the statement now running; cancels it at once if the call was already cancelled. */
    public synchronized void attach(Statement statement) throws SQLException {
        running = statement;
        if (cancelled) {
            statement.cancel();
        }
    }

    public synchronized void detach() {
        running = null;
    }
}
