package dev.gabysql.core.dialect.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sequence values are not transactional in PostgreSQL: a previewed INSERT that is rolled back still consumes
 * {@code nextval}s, also of the sequences behind serial and identity columns and of those a trigger's INSERT uses.
 * This takes the state of every sequence the role can read before the statement — its last value and whether it was
 * called — sees which ones moved, and after the rollback sets each back exactly ({@code setval(seq, value,
 * is_called)}), but only if it still holds the value the preview left, so a value another session took meanwhile is
 * never handed out twice (docs/design.md#writes-preview-and-confirm). Not thread-safe (one per preview).
 */
final class SequenceRestorer {
    /** pg_sequences shows last_value NULL until the sequence is called (or when the role may not read it). */
    private static final String SNAPSHOT = "SELECT format('%I.%I', schemaname, sequencename), last_value"
            + " FROM pg_sequences WHERE has_sequence_privilege(format('%I.%I', schemaname, sequencename), 'SELECT')";

    /** A sequence's state: its last value and whether nextval has returned it. */
    private record State(long lastValue, boolean called) {}

    private final Map<String, State> before;
    private Map<String, State> after = Map.of();

    private SequenceRestorer(Map<String, State> before) {
        this.before = before;
    }

    static SequenceRestorer snapshot(Connection c) throws SQLException {
        return new SequenceRestorer(states(c));
    }

    void afterStatement(Connection c) throws SQLException {
        after = states(c);
    }

    List<String> restoreAfterRollback(Connection c) throws SQLException {
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, State> moved : after.entrySet()) {
            String seq = moved.getKey();
            State old = before.get(seq);
            if (old == null || old.equals(moved.getValue())) {
                continue; // new in the preview (rolled back with it), or not moved
            }
            if (restore(c, seq, old, moved.getValue())) {
                notes.add("sequence " + seq + " restored to "
                        + (old.called() ? String.valueOf(old.lastValue()) : "its unused state"));
            } else {
                notes.add("sequence " + seq + " was used by another session meanwhile; left at its new value");
            }
        }
        return notes;
    }

    /** Sets the sequence back, only if it still holds what the preview left; {@code seq} is quoted already. */
    private static boolean restore(Connection c, String seq, State old, State left) throws SQLException {
        String sql = "SELECT setval(?::regclass, ?, ?) FROM " + seq + " WHERE last_value = ? AND is_called = ?";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, seq);
            ps.setLong(2, old.lastValue());
            ps.setBoolean(3, old.called());
            ps.setLong(4, left.lastValue());
            ps.setBoolean(5, left.called());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /**
     * Every readable sequence's state: from pg_sequences for those that were called, and for the others from their
     * own row (a sequence set with {@code setval(s, n, false)} holds n, not its start value), in one more query.
     */
    private static Map<String, State> states(Connection c) throws SQLException {
        Map<String, State> states = new HashMap<>();
        List<String> uncalled = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(SNAPSHOT)) {
            while (rs.next()) {
                String name = rs.getString(1);
                long v = rs.getLong(2);
                if (rs.wasNull()) { // wasNull() speaks of the column read last: the value, read after the name
                    uncalled.add(name);
                } else {
                    states.put(name, new State(v, true));
                }
            }
        }
        for (int from = 0; from < uncalled.size(); from += 200) {
            readOwnRows(c, uncalled.subList(from, Math.min(uncalled.size(), from + 200)), states);
        }
        return states;
    }

    private static void readOwnRows(Connection c, List<String> part, Map<String, State> into) throws SQLException {
        StringBuilder sql = new StringBuilder();
        for (int i = 0; i < part.size(); i++) {
            sql.append(i == 0 ? "" : " UNION ALL ")
                    .append("SELECT ")
                    .append(i)
                    .append(", last_value, is_called FROM ")
                    .append(part.get(i)); // quoted by format('%I.%I')
        }
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql.toString())) {
            while (rs.next()) {
                into.put(part.get(rs.getInt(1)), new State(rs.getLong(2), rs.getBoolean(3)));
            }
        }
    }
}
