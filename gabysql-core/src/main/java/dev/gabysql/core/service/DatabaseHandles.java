package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.dialect.Dialects;
import dev.gabysql.core.exec.Limits;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The catalog's databases at run time, by name: each one's handle (made on first use), its limits, and the mode a
 * call gets on it — the lowest of the server's mode, the database's maximum and the caller's cap
 * (docs/design.md#access-modes). Thread-safe.
 */
final class DatabaseHandles implements AutoCloseable {
    private final Catalog catalog;
    private final Settings settings;
    private final Map<String, DatabaseHandle> handles = new ConcurrentHashMap<>();

    DatabaseHandles(Catalog catalog, Settings settings) {
        this.catalog = catalog;
        this.settings = settings;
    }

    Catalog catalog() {
        return catalog;
    }

    /** The handle of a database named in a call; an unknown name is refused by the catalog. */
    DatabaseHandle handle(String name) {
        DatabaseConfig db = catalog.resolve(name);
        return handles.computeIfAbsent(
                db.name(), n -> new DatabaseHandle(db, Dialects.forDatabase(db), limitsOf(db), settings.command()));
    }

    /** What the replica of a database in use is not doing as it should, or null (docs/design.md#read-replicas). */
    String replicaWarning(String name) {
        DatabaseHandle h = handles.get(name);
        return h == null ? null : h.replicaWarning();
    }

    /**
     * What the connections of a database in use say of their safeguards; null for one not used yet (listing the
     * catalog opens nothing).
     */
    String safeguards(String name) {
        DatabaseHandle h = handles.get(name);
        return h == null ? null : h.safeguards();
    }

    Mode effectiveMode(CallContext ctx, DatabaseConfig db) {
        return serverMode(db).capTo(ctx == null ? null : ctx.callerCap());
    }

    /** The mode the server gives a database before any caller's cap. */
    Mode serverMode(DatabaseConfig db) {
        return settings.mode().capTo(db.maxMode());
    }

    /** The highest mode any call could get: decides whether write tools exist at all. */
    Mode highestMode() {
        Mode best = Mode.READONLY;
        for (DatabaseConfig db : catalog.all()) {
            Mode m = serverMode(db);
            if (m.compareTo(best) > 0) {
                best = m;
            }
        }
        return best;
    }

    private Limits limitsOf(DatabaseConfig db) {
        Limits limits = settings.limits();
        if (db.statementTimeout() != null) {
            limits = limits.withStatementTimeout(db.statementTimeout());
        }
        if (db.rowCap() > 0) {
            limits = limits.withMaxRows(db.rowCap());
        }
        return limits;
    }

    @Override
    public void close() {
        handles.values().forEach(DatabaseHandle::close);
        handles.clear();
    }
}
