package dev.gabysql.core.dialect.mariadb;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MariaDB/MySQL sessions from two lazily created HikariCP pools, one for readonly calls and one for writes. Every
 * checkout runs one setup statement (session transactions READ ONLY or not, the server-side time limit, lock waits)
 * and opens an explicit transaction, {@code START TRANSACTION READ ONLY} in readonly mode; readonly transactions
 * always end in ROLLBACK. On return the connection is reset (COM_RESET_CONNECTION: user variables, GET_LOCK locks,
 * temporary tables and HANDLERs go) or, where the server cannot be reset, discarded; a connection in doubt is
 * evicted. A statement cancelled by gabysql's watchdog or by the client is killed on the server: Connector/J's
 * {@code Statement.cancel()} opens a second connection and sends {@code KILL QUERY <thread id>}. Thread-safe.
 */
final class MariaDbConnectionSource implements ConnectionSource {
    private static final Logger LOG = LoggerFactory.getLogger(MariaDbConnectionSource.class);
    private static final int POOL_SIZE = 4;
    private static final long CONNECT_TIMEOUT_MS = 5_000;

    private final DatabaseConfig db;
    private volatile MariaDbServer server;
    private volatile HikariDataSource readPool;
    private volatile HikariDataSource writePool;

    MariaDbConnectionSource(DatabaseConfig db) {
        this.db = db;
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        boolean readOnly = mode == Mode.READONLY;
        HikariDataSource pool = pool(readOnly);
        Connection c;
        try {
            c = pool.getConnection();
        } catch (SQLException e) {
            throw new GabyException(ErrorCode.DATABASE_UNAVAILABLE, "Unable to connect to database `" + db.name()
                    + "` (" + db.displayUrl() + "): " + rootMessage(e), null, e.getSQLState(), null);
        }
        try {
            MariaDbServer s = server(c);
            begin(c, s, readOnly, limits);
            return new MariaDbSession(pool, c, s.canResetConnections());
        } catch (SQLException e) {
            pool.evictConnection(c);
            throw new GabyException(ErrorCode.DATABASE_UNAVAILABLE, "Unable to prepare a session on `" + db.name()
                    + "`: " + e.getMessage(), null, e.getSQLState(), null);
        }
    }

    /** The symmetric setup of every checkout, in one place. */
    private static void begin(Connection c, MariaDbServer server, boolean readOnly, Limits limits)
            throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(server.sessionSetup(readOnly, limits.statementTimeout()));
            st.execute(readOnly ? "START TRANSACTION READ ONLY" : "START TRANSACTION READ WRITE");
        }
    }

    /** Detects the server on the first connection of this database, then remembers it (HikariCP's probe habit). */
    private MariaDbServer server(Connection c) throws SQLException {
        MariaDbServer s = server;
        if (s == null) {
            synchronized (this) {
                if (server == null) {
                    server = MariaDbServer.detect(c);
                    LOG.info("Database `{}` is {}: {}.", db.name(), server.describe(), server.consequences());
                }
                s = server;
            }
        }
        return s;
    }

    /** The server detected on first use, or null before any connection was made. */
    MariaDbServer detectedServer() {
        return server;
    }

    private HikariDataSource pool(boolean readOnly) {
        HikariDataSource p = readOnly ? readPool : writePool;
        if (p != null) {
            return p;
        }
        synchronized (this) {
            if (readOnly && readPool == null) {
                readPool = createPool(true);
            } else if (!readOnly && writePool == null) {
                writePool = createPool(false);
            }
            return readOnly ? readPool : writePool;
        }
    }

    private HikariDataSource createPool(boolean readOnly) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("gabysql-" + db.name() + (readOnly ? "-ro" : "-rw"));
        config.setJdbcUrl(MariaDbUrls.forConnecting(db.url()));
        if (db.user() != null) {
            config.setUsername(db.user());
        }
        if (db.password() != null) {
            config.setPassword(db.password());
        }
        config.setAutoCommit(false);
        config.setReadOnly(readOnly);
        config.setMaximumPoolSize(POOL_SIZE);
        config.setMinimumIdle(0);
        config.setConnectionTimeout(CONNECT_TIMEOUT_MS);
        config.setInitializationFailTimeout(-1);
        return new HikariDataSource(config);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? e.getMessage() : t.getMessage();
    }

    @Override
    public synchronized void close() {
        if (readPool != null) {
            readPool.close();
        }
        if (writePool != null) {
            writePool.close();
        }
    }
}
