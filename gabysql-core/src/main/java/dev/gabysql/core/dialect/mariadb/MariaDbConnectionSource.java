package dev.gabysql.core.dialect.mariadb;

import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.internal.ReadWritePools;
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
    private final DatabaseConfig db;
    private final ReadWritePools pools;
    private volatile MariaDbServer server;

    MariaDbConnectionSource(DatabaseConfig db) {
        this.db = db;
        this.pools = new ReadWritePools(
                db,
                MariaDbUrls.forConnecting(db.url()),
                org.mariadb.jdbc.Driver::new,
                (config, readOnly) -> config.setReadOnly(readOnly));
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        boolean readOnly = mode == Mode.READONLY;
        HikariDataSource pool = pools.pool(readOnly);
        Connection c = pools.connect(pool);
        try {
            MariaDbServer s = server(c);
            begin(c, s, readOnly, limits);
            return new MariaDbSession(pool, c, s.canResetConnections());
        } catch (SQLException e) {
            pool.evictConnection(c);
            throw new GabyException(
                    ErrorCode.DATABASE_UNAVAILABLE,
                    "Unable to prepare a session on `" + db.name() + "`: " + e.getMessage(),
                    null,
                    e.getSQLState(),
                    null);
        }
    }

    /** The symmetric setup of every checkout, in one place. */
    private static void begin(Connection c, MariaDbServer server, boolean readOnly, Limits limits) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(server.sessionSetup(readOnly, limits));
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

    @Override
    public void close() {
        pools.close();
    }
}
