package dev.gabysql.core.dialect.mariadb;

import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.exec.ResultColumns;
import dev.gabysql.core.exec.TransactionSession;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One transaction on one pooled connection. Before it goes back the connection is reset (COM_RESET_CONNECTION
 * through Connector/J) so that nothing a statement left in the session survives: user variables, GET_LOCK locks,
 * temporary tables, HANDLERs. Where the server cannot be reset that way (MySQL through this driver) the connection
 * is evicted instead. Not thread-safe.
 */
final class MariaDbSession extends TransactionSession {
    private final HikariDataSource pool;
    private final boolean resettable;

    MariaDbSession(HikariDataSource pool, Connection connection, boolean resettable) {
        super(connection);
        this.pool = pool;
        this.resettable = resettable;
    }

    /** Dates and times as the server writes them ({@link MariaDbResultColumns}). */
    @Override
    public ResultColumns resultColumns() {
        return MariaDbResultColumns.INSTANCE;
    }

    @Override
    protected void reset() throws SQLException {
        if (resettable) {
            connection().unwrap(org.mariadb.jdbc.Connection.class).reset();
        }
    }

    @Override
    protected void release(boolean inDoubt) {
        TransactionSession.releaseToPool(pool, connection(), inDoubt || !resettable);
    }
}
