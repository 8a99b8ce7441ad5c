package dev.gabysql.core.dialect.generic;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.TransactionSession;
import java.sql.SQLException;

/**
 * Sessions on a database of the generic tier from two lazily created HikariCP pools: readonly connections are
 * {@code setReadOnly(true)} (HikariCP applies and restores it), every session is one transaction (autocommit off)
 * that ends in ROLLBACK unless committed, and a connection in doubt is evicted. Thread-safe.
 */
final class GenericConnectionSource implements ConnectionSource {
    private static final int POOL_SIZE = 4;
    private static final long CONNECT_TIMEOUT_MS = 5_000;

    private final DatabaseConfig db;
    private volatile HikariDataSource readPool;
    private volatile HikariDataSource writePool;

    GenericConnectionSource(DatabaseConfig db) {
        this.db = db;
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        HikariDataSource pool = pool(mode == Mode.READONLY);
        try {
            return TransactionSession.pooled(pool, pool.getConnection());
        } catch (SQLException e) {
            throw new GabyException(ErrorCode.DATABASE_UNAVAILABLE, "Unable to connect to database `" + db.name()
                    + "` (" + db.displayUrl() + "): " + e.getMessage(), null, e.getSQLState(), null);
        }
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
        config.setJdbcUrl(db.url());
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
