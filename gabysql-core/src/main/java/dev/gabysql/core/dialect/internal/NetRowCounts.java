package dev.gabysql.core.dialect.internal;

import dev.gabysql.core.api.TableChange;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The blast radius where the engine keeps no per-table counts of a transaction (SQLite, MariaDB): each reached
 * table's rows are counted before and after the statement, inside its transaction, so the difference is the net
 * number of rows inserted or deleted there. Updates leave the count as it was, so they are not counted; the blast
 * radius says so. Not thread-safe (one per preview).
 */
public final class NetRowCounts {
    /** Table name as reported → the SQL that counts its rows. */
    private final Map<String, String> counters;

    private final Map<String, Long> before = new LinkedHashMap<>();
    private final Map<String, Long> after = new LinkedHashMap<>();

    public NetRowCounts(Map<String, String> counters) {
        this.counters = counters;
    }

    public void before(Connection c) throws SQLException {
        count(c, before);
    }

    public void after(Connection c) throws SQLException {
        count(c, after);
    }

    private void count(Connection c, Map<String, Long> into) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (Map.Entry<String, String> e : counters.entrySet()) {
                try (ResultSet rs = st.executeQuery(e.getValue())) {
                    into.put(e.getKey(), rs.next() ? rs.getLong(1) : 0L);
                }
            }
        }
    }

    /**
     * The net change per table; the statement's own table takes its exact count from the statement where the net
     * count cannot tell (an UPDATE).
     */
    public List<TableChange> changes(Reach reach, TableChange own) {
        List<TableChange> out = new ArrayList<>();
        if (own != null) {
            out.add(own);
        }
        for (Map.Entry<String, Long> e : before.entrySet()) {
            String table = e.getKey();
            if (own != null && own.table().equals(table)) {
                continue;
            }
            long delta = after.getOrDefault(table, e.getValue()) - e.getValue();
            out.add(new TableChange(table, Math.max(delta, 0), null, Math.max(-delta, 0), reach.causeOf(table)));
        }
        return out;
    }
}
