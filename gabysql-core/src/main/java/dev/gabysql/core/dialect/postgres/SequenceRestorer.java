package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.dialect.PreviewSideEffects;
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
 * {@code nextval}s. This takes the value of every sequence the role can read before the statement, sees which
 * ones moved, and after the rollback sets each back — only if it still holds the value the preview left, so a
 * value another session took meanwhile is never handed out twice. Not thread-safe (one per preview).
 */
final class SequenceRestorer implements PreviewSideEffects {
    // last_value is NULL until the sequence is first used (or when the role may not read it).
    private static final String SNAPSHOT = "SELECT format('%I.%I', schemaname, sequencename), last_value,"
            + " start_value FROM pg_sequences WHERE has_sequence_privilege(format('%I.%I', schemaname,"
            + " sequencename), 'SELECT')";

    private final Map<String, Long> before;
    private final Map<String, Long> start = new HashMap<>();
    private Map<String, Long> after = Map.of();

    private SequenceRestorer(Connection c) throws SQLException {
        this.before = snapshot(c, start);
    }

    static SequenceRestorer snapshot(Connection c) throws SQLException {
        return new SequenceRestorer(c);
    }

    @Override
    public void afterStatement(Connection c) throws SQLException {
        after = snapshot(c, null);
    }

    @Override
    public List<String> restoreAfterRollback(Connection c) throws SQLException {
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, Long> moved : after.entrySet()) {
            String seq = moved.getKey();
            Long old = before.get(seq);
            if (!before.containsKey(seq) || Objects.equals(old, moved.getValue())) {
                continue;
            }
            if (restore(c, seq, old, moved.getValue())) {
                notes.add("sequence " + seq + " restored to " + (old == null ? "its start (unused)" : old));
            } else {
                notes.add("sequence " + seq + " was used by another session meanwhile; left at its new value");
            }
        }
        return notes;
    }

    private boolean restore(Connection c, String seq, Long old, long expectedNow) throws SQLException {
        String sql = old == null
                ? "SELECT setval(?::regclass, ?, false) FROM pg_sequences WHERE format('%I.%I', schemaname,"
                        + " sequencename) = ? AND last_value = ?"
                : "SELECT setval(?::regclass, ?, true) FROM pg_sequences WHERE format('%I.%I', schemaname,"
                        + " sequencename) = ? AND last_value = ?";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, seq);
            ps.setLong(2, old == null ? start.get(seq) : old);
            ps.setString(3, seq);
            ps.setLong(4, expectedNow);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static Map<String, Long> snapshot(Connection c, Map<String, Long> startValues) throws SQLException {
        Map<String, Long> values = new HashMap<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(SNAPSHOT)) {
            while (rs.next()) {
                long v = rs.getLong(2);
                values.put(rs.getString(1), rs.wasNull() ? null : v);
                if (startValues != null) {
                    startValues.put(rs.getString(1), rs.getLong(3));
                }
            }
        }
        return values;
    }
}
