package dev.gabysql.core.dialect.sqlite;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The prepared statements one SQLite read connection keeps between calls, by exact SQL text, the least recently used
 * closed first. A repeated read skips {@code sqlite3_prepare} and the driver's work around it (reading every column
 * name back): early in a process, a noticeable part of a 1-row query's interpreted time. SQLite re-prepares a kept
 * statement by itself when the schema has changed, and the driver reads the columns afresh at every execution, so a
 * kept {@code SELECT *} follows an added column (SqliteStatementCacheTest). A statement is out of the cache while in
 * use. Not thread-safe: it belongs to one connection, used by one session at a time.
 */
final class StatementCache {
    static final int MAX_STATEMENTS = 32;
    static final int MAX_SQL_CHARS = 8_192;

    private final LinkedHashMap<String, PreparedStatement> bySql = new LinkedHashMap<>(16, 0.75f, true);

    /** A kept statement for exactly this text, its parameters cleared, or null. */
    PreparedStatement take(String sql) {
        PreparedStatement ps = bySql.remove(sql);
        if (ps == null) {
            return null;
        }
        try {
            ps.clearParameters();
            return ps;
        } catch (SQLException e) {
            closeQuietly(ps);
            return null;
        }
    }

    /** Keeps {@code ps} for {@code sql}, or closes it (too long a text; another one kept for it meanwhile). */
    void keep(String sql, PreparedStatement ps) {
        if (sql.length() > MAX_SQL_CHARS || bySql.containsKey(sql)) {
            closeQuietly(ps);
            return;
        }
        bySql.put(sql, ps);
        if (bySql.size() > MAX_STATEMENTS) {
            Iterator<Map.Entry<String, PreparedStatement>> eldest =
                    bySql.entrySet().iterator();
            closeQuietly(eldest.next().getValue());
            eldest.remove();
        }
    }

    int size() {
        return bySql.size();
    }

    /** Closes every kept statement (before the connection closes). */
    void clear() {
        bySql.values().forEach(StatementCache::closeQuietly);
        bySql.clear();
    }

    static void closeQuietly(PreparedStatement ps) {
        try {
            ps.close();
        } catch (SQLException ignored) {
            // gone with its connection
        }
    }
}
