package dev.gabysql.core.exec;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The one checkout protocol every dialect shares: a session is one transaction; closing it rolls back unless
 * {@link #commit()} succeeded, then lets the dialect {@link #reset()} what a transaction's end does not undo,
 * then {@link #release(boolean) releases} the connection — as in doubt when anything failed on the way, so that
 * it is discarded rather than reused. Dialects supply only the reset and the release. Not thread-safe.
 */
public abstract class TransactionSession implements Session {
    private final Connection connection;
    private boolean readOnly;
    private boolean committed;
    private boolean broken;

    protected TransactionSession(Connection connection) {
        this.connection = connection;
    }

    /** A session on a HikariCP connection: returned to the pool, or evicted when in doubt. */
    public static Session pooled(HikariDataSource pool, Connection connection) {
        return new Pooled(pool, connection);
    }

    @Override
    public final Connection connection() {
        return connection;
    }

    @Override
    public final void commit() {
        try {
            connection.commit();
            committed = true;
        } catch (SQLException e) {
            broken = true;
            throw SqlErrors.commitFailed(e);
        }
    }

    /** A readonly session that is not in doubt: its end is a rollback and a reset. */
    @Override
    public boolean mayEndLater() {
        return readOnly && !committed && !broken;
    }

    @Override
    public final void markBroken() {
        broken = true;
    }

    @Override
    public final void close() {
        try {
            if (committed) {
                if (!broken) {
                    reset();
                }
            } else if (broken) {
                connection.rollback();
            } else {
                rollbackAndReset();
            }
        } catch (SQLException e) {
            broken = true;
        }
        release(broken);
    }

    /** Says the session is a readonly one (its end may then be deferred: {@link #mayEndLater()}). */
    protected final void markReadOnly() {
        readOnly = true;
    }

    /** Undoes session state a transaction's end leaves behind (locks, variables, settings). Default: nothing. */
    protected void reset() throws SQLException {}

    /**
     * Rolls the transaction back, then {@link #reset()}s. A dialect may do both in one round trip to the server
     * (PostgreSQL does: every read ends here).
     */
    protected void rollbackAndReset() throws SQLException {
        connection.rollback();
        reset();
    }

    /** Gives the connection back; {@code inDoubt} means it must not be reused. */
    protected abstract void release(boolean inDoubt);

    /** Returns a pooled connection, or evicts it from the pool when in doubt. */
    private static final class Pooled extends TransactionSession {
        private final HikariDataSource pool;

        Pooled(HikariDataSource pool, Connection connection) {
            super(connection);
            this.pool = pool;
        }

        @Override
        protected void release(boolean inDoubt) {
            releaseToPool(pool, connection(), inDoubt);
        }
    }

    /** The release of every HikariCP-backed session. */
    public static void releaseToPool(HikariDataSource pool, Connection connection, boolean inDoubt) {
        if (inDoubt) {
            pool.evictConnection(connection);
            return;
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // the pool discards it
        }
    }
}
