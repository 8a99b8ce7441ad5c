package dev.gabysql.core.dialect.postgres;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sequence values are not transactional in PostgreSQL: a previewed INSERT that is rolled back still consumes
 * {@code nextval}s, also of the sequences behind serial and identity columns. Setting a sequence back after the
 * rollback cannot be made safe: PostgreSQL cannot lock a sequence, so a value another session takes between the
 * preview's read and its {@code setval} would be handed out twice. So before the statement, every sequence that a
 * default or identity of a reached table draws from is <em>held</em>: a no-op {@code ALTER SEQUENCE … CACHE n}
 * gives the sequence a new file inside the preview's transaction and takes a lock that makes other sessions'
 * {@code nextval} wait until the preview ends. The preview's own {@code nextval}s then go to that file, and the
 * rollback takes them back with everything else — nothing to set back, nothing another session can slip between.
 * A sequence that moved but could not be held (not owned by gabysql's role, in use by another open transaction, or
 * reached in a way the catalog does not show, such as a name built in dynamic SQL) is left where the preview left it, and the answer says so: a gap in the ids, never
 * a value handed out twice (docs/design.md#writes-preview-and-confirm). Not thread-safe (one per preview).
 */
final class SequenceRestorer {
    /** Up to how many sequences a database may have for a statement that calls a sequence function to hold all. */
    static final int HOLD_ALL_UP_TO = 100;

    /** pg_sequences shows last_value NULL until the sequence is called (or when the role may not read it). */
    private static final String SNAPSHOT = "SELECT format('%I.%I', schemaname, sequencename), last_value"
            + " FROM pg_sequences WHERE has_sequence_privilege(format('%I.%I', schemaname, sequencename), 'SELECT')";

    /**
     * The sequences a preview may draw from: those the reached tables' column defaults name, those owned by their
     * columns (serial, identity), and every one whose name appears in the statement or in the code of a reached
     * table's triggers — a superset, since holding a sequence the preview does not use costs only the hold. A
     * statement that calls a sequence function may build the name ({@code nextval('a' || 'b')}): then every
     * sequence is held, in a database of up to {@link #HOLD_ALL_UP_TO} of them.
     */
    private static final String DRAWN_FROM = "SELECT format('%I.%I', n.nspname, s.relname), q.seqcache"
            + " FROM pg_class s JOIN pg_namespace n ON n.oid = s.relnamespace"
            + " JOIN pg_sequence q ON q.seqrelid = s.oid"
            + " WHERE s.relkind = 'S' AND (s.oid IN ("
            + "SELECT d.refobjid FROM pg_attrdef ad JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass"
            + " AND d.objid = ad.oid AND d.refclassid = 'pg_class'::regclass WHERE ad.adrelid = ANY(?)"
            + " UNION SELECT d.objid FROM pg_depend d WHERE d.classid = 'pg_class'::regclass"
            + " AND d.refclassid = 'pg_class'::regclass AND d.refobjid = ANY(?) AND d.deptype IN ('a', 'i'))"
            + " OR position(lower(s.relname) IN ?) > 0"
            + " OR EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE t.tgrelid = ANY(?)"
            + " AND position(lower(s.relname) IN lower(p.prosrc)) > 0)"
            + " OR (? AND (SELECT count(*) FROM pg_sequence) <= " + HOLD_ALL_UP_TO + "))"
            + " ORDER BY 1"; // name order: two previews never wait on each other crosswise

    /**
     * How long the hold waits for other transactions that drew from the sequence to end: while it waits, their
     * next {@code nextval}s queue behind it, so it is kept short; a sequence not held in time is not set back.
     */
    static final String HOLD_WAIT = "500ms";

    /** A sequence's state: its last value and whether nextval has returned it. */
    private record State(long lastValue, boolean called) {}

    private final Map<String, State> before;
    /** The sequences the reached tables draw from that could not be held, with the reason. */
    private final Map<String, String> notHeld;

    private Map<String, State> after = Map.of();

    private SequenceRestorer(Map<String, State> before, Map<String, String> notHeld) {
        this.before = before;
        this.notHeld = notHeld;
    }

    /**
     * Holds the sequences that {@code sql} and the {@code tables} it reaches (oids) may draw from, then reads every
     * readable sequence's state.
     */
    static SequenceRestorer snapshot(Connection c, String sql, Collection<Long> tables) throws SQLException {
        Map<String, String> notHeld = hold(c, drawnFrom(c, sql, tables));
        return new SequenceRestorer(states(c), notHeld);
    }

    void afterStatement(Connection c) throws SQLException {
        after = states(c);
    }

    /** After the rollback: what became of each sequence the preview moved. */
    List<String> restoreAfterRollback(Connection c) throws SQLException {
        List<String> notes = new ArrayList<>();
        Map<String, State> now = null;
        for (Map.Entry<String, State> moved : after.entrySet()) {
            String seq = moved.getKey();
            State old = before.get(seq);
            if (old == null || old.equals(moved.getValue())) {
                continue; // new in the preview (rolled back with it), or not moved
            }
            now = now == null ? states(c) : now;
            if (old.equals(now.get(seq))) {
                notes.add("sequence " + seq + " restored to "
                        + (old.called() ? String.valueOf(old.lastValue()) : "its unused state"));
            } else {
                notes.add("sequence " + seq + " left at " + valueOf(now.get(seq)) + ", not set back ("
                        + notHeld.getOrDefault(seq, "the preview drew from it in a way gabysql did not foresee")
                        + "): the next ids skip the"
                        + " values the preview took, none is handed out twice");
            }
        }
        return notes;
    }

    private static String valueOf(State s) {
        return s == null ? "?" : String.valueOf(s.lastValue());
    }

    private static Map<String, Long> drawnFrom(Connection c, String sql, Collection<Long> tables) throws SQLException {
        Map<String, Long> sequences = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(DRAWN_FROM)) {
            Array oids = c.createArrayOf("oid", tables.toArray());
            ps.setArray(1, oids);
            ps.setArray(2, oids);
            String text = sql.toLowerCase(java.util.Locale.ROOT);
            ps.setString(3, text);
            ps.setArray(4, oids);
            ps.setBoolean(5, text.contains("nextval") || text.contains("setval"));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    sequences.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return sequences;
    }

    /**
     * Holds each sequence, in the order given, each in a savepoint of its own so that one that cannot be held leaves the transaction usable. Returns those not held.
     */
    private static Map<String, String> hold(Connection c, Map<String, Long> sequences) throws SQLException {
        Map<String, String> notHeld = new HashMap<>();
        if (sequences.isEmpty()) {
            return notHeld;
        }
        String lockTimeout = setLockTimeout(c, HOLD_WAIT);
        try (Statement st = c.createStatement()) {
            for (Map.Entry<String, Long> seq : sequences.entrySet()) {
                Savepoint sp = c.setSavepoint();
                try {
                    // quoted by format('%I.%I'); the cache size is the sequence's own, so nothing about it changes
                    st.execute("ALTER SEQUENCE " + seq.getKey() + " CACHE " + seq.getValue());
                    c.releaseSavepoint(sp);
                } catch (SQLException e) {
                    c.rollback(sp);
                    notHeld.put(seq.getKey(), whyNotHeld(e));
                }
            }
        } finally {
            setLockTimeout(c, lockTimeout);
        }
        return notHeld;
    }

    private static String whyNotHeld(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return switch (state) {
            case "42501" -> "gabysql's role does not own it, and only its owner can hold it for the preview";
            case "55P03" -> "another open transaction was drawing from it";
            default -> "it could not be held for the preview (SQLSTATE " + state + ")";
        };
    }

    /** Sets lock_timeout for the rest of the transaction; returns the value it had. */
    private static String setLockTimeout(Connection c, String value) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT current_setting('lock_timeout'), set_config('lock_timeout', ?, true)")) {
            ps.setString(1, value);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
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
