package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.TableChange;
import dev.gabysql.core.dialect.internal.Reach;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL counts, per table and inside the running transaction, the rows inserted, updated and deleted —
 * cascades and triggers included ({@code pg_stat_xact_user_tables}). Read before and after the statement, the
 * difference is its whole blast radius (docs/design.md#writes-preview-and-confirm). Not thread-safe.
 */
final class PgXactCounts {
    private static final String READ = "SELECT relid::regclass::text, n_tup_ins, n_tup_upd, n_tup_del"
            + " FROM pg_stat_xact_user_tables WHERE n_tup_ins + n_tup_upd + n_tup_del > 0";

    private final Map<String, long[]> before;
    private Map<String, long[]> after = Map.of();

    PgXactCounts(Connection c) throws SQLException {
        before = read(c);
    }

    void after(Connection c) throws SQLException {
        after = read(c);
    }

    /** Every table whose counts moved; a table the walk did not reach is a trigger's (functions it called). */
    List<TableChange> changes(Reach reach) {
        List<TableChange> out = new ArrayList<>();
        for (String table : reach.tables().keySet()) {
            change(table, reach.causeOf(table), out);
        }
        for (String table : after.keySet()) {
            if (reach.causeOf(table) == null) {
                change(table, TableChange.Cause.TRIGGER, out);
            }
        }
        return out;
    }

    private void change(String table, TableChange.Cause cause, List<TableChange> out) {
        long[] b = before.getOrDefault(table, new long[3]);
        long[] a = after.getOrDefault(table, b);
        out.add(new TableChange(table, a[0] - b[0], a[1] - b[1], a[2] - b[2], cause));
    }

    private static Map<String, long[]> read(Connection c) throws SQLException {
        Map<String, long[]> counts = new HashMap<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(READ)) {
            while (rs.next()) {
                counts.put(rs.getString(1), new long[] {rs.getLong(2), rs.getLong(3), rs.getLong(4)});
            }
        }
        return counts;
    }
}
