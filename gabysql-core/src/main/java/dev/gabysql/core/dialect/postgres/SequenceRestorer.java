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
import java.util.Objects;

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

    private static final String RESTORE = "SELECT setval(?::regclass, ?, ?) FROM pg_sequences"
            + " WHERE format('%I.%I', schemaname, sequencename) = ? AND last_value = ?";

    private record State(long lastValue, boolean called) {}

    private final Map<String, Long> before;
    private final Map<String, State> exact = new HashMap<>();
    private Map<String, Long> after = Map.of();

    private SequenceRestorer(Connection c) throws SQLException {
        this.before = values(c);
    }

    static SequenceRestorer snapshot(Connection c) throws SQLException {
        SequenceRestorer r = new SequenceRestorer(c);
        r.readUncalled(c);
        return r;
    }

    void afterStatement(Connection c) throws SQLException {
        after = values(c);
    }

    List<String> restoreAfterRollback(Connection c) throws SQLException {
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, Long> moved : after.entrySet()) {
            String seq = moved.getKey();
            if (!before.containsKey(seq) || Objects.equals(before.get(seq), moved.getValue())) {
                continue; // new in the preview (rolled back with it), or not moved
            }
            State old = before.get(seq) != null ? new State(before.get(seq), true) : exact.get(seq);
            if (old == null) {
                notes.add("sequence " + seq + " moved and its earlier state could not be read; left at its new value");
            } else if (restore(c, seq, old, moved.getValue())) {
                notes.add("sequence " + seq + " restored to "
                        + (old.called() ? String.valueOf(old.lastValue()) : "its unused state"));
            } else {
                notes.add("sequence " + seq + " was used by another session meanwhile; left at its new value");
            }
        }
        return notes;
    }

    private static boolean restore(Connection c, String seq, State old, long expectedNow) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(RESTORE)) {
            ps.setString(1, seq);
            ps.setLong(2, old.lastValue());
            ps.setBoolean(3, old.called());
            ps.setString(4, seq);
            ps.setLong(5, expectedNow);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /**
     * For the sequences pg_sequences shows as never called, reads their own row: a sequence set with {@code
     * setval(s, n, false)} holds n, not its start value. One query for all of them.
     */
    private void readUncalled(Connection c) throws SQLException {
        List<String> uncalled = new ArrayList<>();
        before.forEach((seq, v) -> {
            if (v == null) {
                uncalled.add(seq);
            }
        });
        for (int from = 0; from < uncalled.size(); from += 200) {
            List<String> part = uncalled.subList(from, Math.min(uncalled.size(), from + 200));
            StringBuilder sql = new StringBuilder();
            for (int i = 0; i < part.size(); i++) {
                sql.append(i == 0 ? "" : " UNION ALL ")
                        .append("SELECT ")
                        .append(i)
                        .append(", last_value, is_called FROM ")
                        .append(part.get(i)); // already quoted by format('%I.%I')
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery(sql.toString())) {
                while (rs.next()) {
                    exact.put(part.get(rs.getInt(1)), new State(rs.getLong(2), rs.getBoolean(3)));
                }
            }
        }
    }

    private static Map<String, Long> values(Connection c) throws SQLException {
        Map<String, Long> values = new HashMap<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(SNAPSHOT)) {
            while (rs.next()) {
                String name = rs.getString(1);
                long v = rs.getLong(2);
                // wasNull() speaks of the column read last, so the name is read before the value
                values.put(name, rs.wasNull() ? null : v);
            }
        }
        return values;
    }
}
