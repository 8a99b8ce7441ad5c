package dev.gabysql.core.service;

import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.guard.SqlGuard;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The guard's readings of the statement texts one database saw last, so that a text seen again is not lexed and
 * classified again: {@link SqlGuard#inspect} is a function of the text and the flavour alone, and its result is
 * immutable, so a kept reading is the reading. Texts the guard refuses are not kept (each is refused anew), nor
 * texts longer than {@link #MAX_SQL_CHARS}.
 *
 * <p>Why (docs/performance.md): agents repeat statements (a preview and its confirmation, a query re-run after a look
 * at the schema), and early in a process, interpreted, the guard was a noticeable part of a 1-row query's time.
 * Thread-safe.
 */
final class InspectionCache {
    static final int MAX_ENTRIES = 128;
    static final int MAX_SQL_CHARS = 8_192;

    private final SqlFlavor flavor;
    private final Map<String, InspectedStatement> bySql = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, InspectedStatement> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    InspectionCache(SqlFlavor flavor) {
        this.flavor = flavor;
    }

    /**
     * What the guard says of {@code sql}.
     *
     * @throws dev.gabysql.core.error.GabyException as {@link SqlGuard#inspect} does
     */
    InspectedStatement inspect(String sql) {
        if (sql == null || sql.length() > MAX_SQL_CHARS) {
            return SqlGuard.inspect(sql, flavor);
        }
        synchronized (bySql) {
            InspectedStatement kept = bySql.get(sql);
            if (kept != null) {
                return kept;
            }
        }
        InspectedStatement fresh = SqlGuard.inspect(sql, flavor);
        synchronized (bySql) {
            bySql.put(sql, fresh);
        }
        return fresh;
    }

    int size() {
        synchronized (bySql) {
            return bySql.size();
        }
    }
}
