package dev.gabysql.core.dialect.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Mode;
import dev.gabysql.core.dialect.internal.ReadWritePools;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.TransactionSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * PostgreSQL sessions from two lazily created HikariCP pools: one whose connections carry
 * {@code default_transaction_read_only=on} for readonly calls, one for writes. Every checkout runs in an explicit
 * transaction with {@code statement_timeout}, {@code lock_timeout} and {@code idle_in_transaction_session_timeout}
 * set locally; readonly transactions are READ ONLY and always end in ROLLBACK. A connection in doubt is evicted.
 * Thread-safe.
 */
final class PostgresConnectionSource implements ConnectionSource {
    private final DatabaseConfig db;
    private final ReadWritePools pools;

    PostgresConnectionSource(DatabaseConfig db) {
        this.db = db;
        this.pools = new ReadWritePools(db, db.url(), PostgresConnectionSource::configure);
    }

    /** Driver properties: the application name, a connect timeout, and read-only sessions for the read pool. */
    private static void configure(HikariConfig config, boolean readOnly) {
        config.addDataSourceProperty("ApplicationName", "gabysql");
        config.addDataSourceProperty("connectTimeout", "5");
        if (readOnly) {
            config.addDataSourceProperty("options", "-c default_transaction_read_only=on");
        }
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        boolean readOnly = mode == Mode.READONLY;
        HikariDataSource pool = pool(readOnly);
        Connection c = pools.connect(pool);
        try {
            begin(c, readOnly, limits);
            return new PgSession(pool, c);
        } catch (SQLException e) {
            pool.evictConnection(c);
            throw new GabyException(ErrorCode.DATABASE_UNAVAILABLE, "Unable to prepare a session on `" + db.name()
                    + "`: " + e.getMessage(), null, e.getSQLState(), null);
        }
    }

    private static void begin(Connection c, boolean readOnly, Limits limits) throws SQLException {
        long timeoutMs = limits.statementTimeout().toMillis();
        try (Statement st = c.createStatement()) {
            st.execute((readOnly ? "SET TRANSACTION READ ONLY; " : "")
                    + "SET LOCAL statement_timeout = " + timeoutMs + "; "
                    + "SET LOCAL lock_timeout = " + Math.min(timeoutMs, 10_000) + "; "
                    + "SET LOCAL idle_in_transaction_session_timeout = " + (timeoutMs + 30_000));
        }
    }

    /** The pool; a URL the driver rejects (bad port, malformed) is a configuration error, its text never shown. */
    private HikariDataSource pool(boolean readOnly) {
        try {
            return pools.pool(readOnly);
        } catch (RuntimeException e) { // HikariCP: "Failed to get driver instance for jdbcUrl=…" (URL unmasked)
            throw new GabyException(ErrorCode.CONFIG_INVALID, "Database `" + db.name() + "` ("
                    + db.displayUrl() + "): the PostgreSQL driver does not accept this JDBC URL.",
                    "Fix the URL given for it, e.g. jdbc:postgresql://host:5432/dbname?user=name.");
        }
    }

    @Override
    public void close() {
        pools.close();
    }

    /** One transaction on one pooled connection, reset with DISCARD ALL before it goes back. */
    private static final class PgSession extends TransactionSession {
        private final HikariDataSource pool;

        PgSession(HikariDataSource pool, Connection connection) {
            super(connection);
            this.pool = pool;
        }

        /**
         * Drops what a transaction's end does not: session advisory locks, LISTEN registrations, prepared
         * statements, temporary tables, session settings (back to the connection's start-up values).
         */
        @Override
        protected void reset() throws SQLException {
            Connection c = connection();
            c.setAutoCommit(true);
            try (Statement st = c.createStatement()) {
                st.execute("DISCARD ALL");
                // DISCARD ALL also resets application_name to '' (issue 3 wants every session to say gabysql)
                st.execute("SET application_name = 'gabysql'");
            }
            c.setAutoCommit(false);
        }

        @Override
        protected void release(boolean inDoubt) {
            TransactionSession.releaseToPool(pool, connection(), inDoubt);
        }
    }
}
