package dev.gabysql.core.service;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.GabyException;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The service's start-up work, which front ends run in the background once they can answer
 * (docs/design.md#start-up): reading every schema into the cache, and layer 1 of the defence, the least-privilege
 * check (docs/design.md#three-layers-of-defence). Thread-safe.
 */
final class Startup {
    private final DatabaseHandles databases;
    private final Sessions sessions;
    private final SchemaCache schemas;
    private final Map<String, String> privilegeWarnings = new ConcurrentHashMap<>();

    Startup(DatabaseHandles databases, Sessions sessions, SchemaCache schemas) {
        this.databases = databases;
        this.sessions = sessions;
        this.schemas = schemas;
    }

    /** What the least-privilege check found for a database, or null. */
    String privilegeWarning(String db) {
        return privilegeWarnings.get(db);
    }

    /**
     * For each database that is readonly, asks its dialect whether the credentials could write anyway, remembers
     * the answer for the catalog listing and returns the warnings by database name. Connects to each such database.
     */
    Map<String, String> checkLeastPrivilege() {
        Map<String, String> found = new LinkedHashMap<>();
        for (DatabaseConfig db : databases.catalog().all()) {
            if (databases.serverMode(db).allowsWrites()) {
                continue;
            }
            String warning = writeAccessWarning(db);
            if (warning != null) {
                privilegeWarnings.put(db.name(), warning);
                found.put(db.name(), warning);
            }
        }
        return found;
    }

    private String writeAccessWarning(DatabaseConfig db) {
        try {
            DatabaseHandle h = databases.handle(db.name());
            return sessions.run(h, Mode.READONLY, h.limits(), s -> {
                try {
                    return h.dialect().writeAccessWarning(db, s.connection());
                } catch (SQLException e) {
                    return null; // cannot tell: say nothing rather than guess
                }
            });
        } catch (GabyException e) {
            return null; // unreachable or unsupported: the catalog listing reports that on its own
        }
    }

    /**
     * Connects to each database and reads its schema into the cache, so that the first call finds both ready: a
     * new connection and a first schema read are the slowest part of a fresh process, and an agent's first call is
     * nearly always a description. A call that needs the schema meanwhile waits for this read rather than
     * repeating it. A database that cannot be reached is skipped (its calls say so).
     */
    void prefetch() {
        for (DatabaseConfig db : databases.catalog().all()) {
            try {
                schemas.model(databases.handle(db.name()));
            } catch (GabyException e) {
                // unreachable or unsupported: its own calls report that
            }
        }
    }
}
