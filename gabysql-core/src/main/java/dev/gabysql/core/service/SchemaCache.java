package dev.gabysql.core.service;

import dev.gabysql.core.exec.SqlErrors;
import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaLookup;
import dev.gabysql.core.introspect.SchemaModel;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Schemas as the service reads them. The whole schema of a database is cached for the schema TTL (a write through
 * gabysql drops it); a filtered read is small and always fresh. describe_table and DESCRIBE answer from the cache
 * when the table is in it — as fresh as describe_database's answer, a round trip of catalog queries cheaper — and
 * read afresh otherwise (a table created since, or a name the cache cannot settle). Every read is the dialect's
 * constant number of catalog queries, in a readonly session. Thread-safe.
 */
final class SchemaCache {
    private final Sessions sessions;
    private final Duration ttl;

    SchemaCache(Sessions sessions, Duration ttl) {
        this.sessions = sessions;
        this.ttl = ttl;
    }

    /** The whole schema, from the cache while it is fresh; one read at a time, who waited finds it cached. */
    SchemaModel model(DatabaseHandle h) {
        SchemaModel cached = h.cachedSchema();
        if (cached != null) {
            return cached;
        }
        synchronized (h.schemaReading()) {
            cached = h.cachedSchema();
            if (cached != null) {
                return cached;
            }
            SchemaModel model = read(h, SchemaFilter.ALL);
            h.cacheSchema(model, ttl);
            return model;
        }
    }

    /** The schema cut by a filter: the cache for no filter, a fresh read otherwise. */
    SchemaModel model(DatabaseHandle h, SchemaFilter filter) {
        return filter.isAll() ? model(h) : read(h, filter);
    }

    /** A table and the model it was found in: the cached schema when it settles the name, else a fresh read. */
    LocatedTable locate(DatabaseHandle h, String table) {
        SchemaModel cached = h.cachedSchema();
        SchemaModel.Table fromCache = cached == null ? null : SchemaLookup.findExactlyOne(cached, table);
        if (fromCache != null) {
            return new LocatedTable(cached, fromCache);
        }
        SchemaModel model = model(h, SchemaFilter.ofTable(table));
        return new LocatedTable(model, SchemaLookup.find(model, table, () -> model(h)));
    }

    /** On the replica, if there is one, unless a write through gabysql changed the schema since it was cached. */
    private SchemaModel read(DatabaseHandle h, SchemaFilter filter) {
        return sessions.read(h, h.schemaMayComeFromReplica(), h.limits(), null, s -> {
                    try {
                        return h.dialect()
                                .schemaReader()
                                .read(s.connection(), filter)
                                .withDatabase(h.config().name());
                    } catch (SQLException e) {
                        throw SqlErrors.translate(
                                "Reading the schema of `" + h.config().name() + "`", e, false, false);
                    }
                })
                .value();
    }

    /** A table found by name, with the model it belongs to (for its foreign keys' other ends). */
    record LocatedTable(SchemaModel model, SchemaModel.Table table) {}
}
