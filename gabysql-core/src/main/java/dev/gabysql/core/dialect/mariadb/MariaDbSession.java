package dev.gabysql.core.dialect.mariadb;

import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Session;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One transaction on one pooled connection. Closing it rolls back unless committed, then resets the connection
 * (COM_RESET_CONNECTION through Connector/J) so that nothing a statement left in the session survives; a connection
 * that cannot be reset, or whose state is in doubt, is evicted. Not thread-safe.
 */
final class MariaDbSession implements Session {
    private final HikariDataSource pool;
    private final Connection connection;
    private final boolean resettable;
    private boolean committed;
    private boolean broken;

    MariaDbSession(HikariDataSource pool, Connection connection, boolean resettable) {
        this.pool = pool;
        this.connection = connection;
        this.resettable = resettable;
    }

    @Override
    public Connection connection() {
        return connection;
    }

    @Override
    public void commit() {
        try {
            connection.commit();
            committed = true;
        } catch (SQLException e) {
            broken = true;
            throw new GabyException(ErrorCode.SQL_ERROR, "Commit failed: " + e.getMessage(), null, e.getSQLState(),
                    null);
        }
    }

    @Override
    public void markBroken() {
        broken = true;
    }

    @Override
    public void close() {
        if (!committed) {
            try {
                connection.rollback();
            } catch (SQLException e) {
                broken = true;
            }
        }
        if (!broken && resettable) {
            try {
                connection.unwrap(org.mariadb.jdbc.Connection.class).reset();
            } catch (SQLException e) {
                broken = true;
            }
        }
        if (broken || !resettable) {
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
