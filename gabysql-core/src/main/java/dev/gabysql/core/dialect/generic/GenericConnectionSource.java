package dev.gabysql.core.dialect.generic;

import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.internal.ReadWritePools;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.TransactionSession;

/**
 * Sessions on a database of the generic tier from two lazily created HikariCP pools: readonly connections are
 * {@code setReadOnly(true)} (HikariCP applies and restores it), every session is one transaction (autocommit off)
 * that ends in ROLLBACK unless committed, and a connection in doubt is evicted. Thread-safe.
 */
final class GenericConnectionSource implements ConnectionSource {
    private final ReadWritePools pools;

    GenericConnectionSource(DatabaseConfig db) {
        this.pools = new ReadWritePools(db, db.url(), (config, readOnly) -> config.setReadOnly(readOnly));
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        HikariDataSource pool = pools.pool(mode == Mode.READONLY);
        return TransactionSession.pooled(pool, pools.connect(pool));
    }

    @Override
    public void close() {
        pools.close();
    }
}
