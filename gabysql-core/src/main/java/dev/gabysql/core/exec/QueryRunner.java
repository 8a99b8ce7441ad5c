package dev.gabysql.core.exec;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.GabyException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one statement on a session and streams its rows up to the caps: rows are fetched in batches and the
 * statement is closed as soon as a cap is reached, so the database stops producing. Stateless.
 */
public final class QueryRunner {
    private static final int MAX_FETCH = 1_000;

    private QueryRunner() {}

    /**
     * Runs a statement that returns rows on a session.
     *
     * @param what what is being done, for error messages ("Query on `sales`")
     * @throws GabyException with TIMEOUT, CANCELLED, SQL_ERROR, … on failure
     */
    public static QueryResult query(
            String what, Session s, String sql, List<Object> params, Limits limits, Cancellation cancellation) {
        long start = System.nanoTime();
        Running running = null;
        PreparedStatement ps = null;
        boolean reusable = false;
        try {
            ps = s.prepare(sql);
            bind(ps, params);
            ps.setFetchSize(FetchSize.first(fetchMost(limits)));
            ps.setMaxRows(limits.maxRows() + 1);
            running = Running.start(ps, limits, cancellation);
            QueryResult result;
            try (Running r = running) {
                r.check(ps.execute());
                try (ResultSet rs = ps.getResultSet()) {
                    FetchSize fetch = new FetchSize(rs, s.adaptsFetchSize(), fetchMost(limits));
                    result = collect(rs, s.resultColumns(), limits, start, fetch, null, null);
                }
            }
            reusable = !running.timedOut() && (cancellation == null || !cancellation.isCancelled());
            return result;
        } catch (SQLException e) {
            throw fail(what, e, running, cancellation);
        } catch (OutOfMemoryError e) {
            throw valueTooLarge(what, s);
        } finally {
            if (ps != null) {
                s.release(sql, ps, reusable);
            }
        }
    }

    /**
     * Runs a statement that changes rows and returns the count (and the first rows, when it has RETURNING, read
     * with {@code reader} as a query's are).
     *
     * @throws GabyException with TIMEOUT, CANCELLED, SQL_ERROR, … on failure
     */
    public static Outcome update(
            String what, Session s, String sql, List<Object> params, Limits limits, Cancellation cancellation) {
        return update(what, s, sql, params, limits, cancellation, null);
    }

    /**
     * As {@link #update(String, Session, String, List, Limits, Cancellation)}, and every row it returns (all of them,
     * not only those shown) goes into {@code digest} when one is given.
     */
    public static Outcome update(
            String what,
            Session s,
            String sql,
            List<Object> params,
            Limits limits,
            Cancellation cancellation,
            RowDigest digest) {
        long start = System.nanoTime();
        Running running = null;
        try (PreparedStatement ps = s.connection().prepareStatement(sql)) {
            bind(ps, params);
            ps.setFetchSize(FetchSize.first(MAX_FETCH)); // RETURNING rows are all counted: never all held at once
            running = Running.start(ps, limits, cancellation);
            try (Running r = running) {
                if (ps.execute()) {
                    try (ResultSet rs = ps.getResultSet()) {
                        List<Object> counted = new ArrayList<>();
                        FetchSize fetch = new FetchSize(rs, s.adaptsFetchSize(), MAX_FETCH);
                        QueryResult rows = collect(rs, s.resultColumns(), limits, start, fetch, counted, digest);
                        return new Outcome((Long) counted.get(0), rows);
                    }
                }
                return new Outcome(Math.max(0, ps.getLargeUpdateCount()), null);
            }
        } catch (SQLException e) {
            throw fail(what, e, running, cancellation);
        } catch (OutOfMemoryError e) {
            throw valueTooLarge(what, s);
        }
    }

    /**
     * A driver ran out of memory reading one value (they read values whole): what it allocated is garbage now, but
     * its connection may be partway through a message, so the session is not reused.
     */
    private static GabyException valueTooLarge(String what, Session s) {
        s.markBroken();
        return SqlErrors.valueTooLarge(what, null);
    }

    private static GabyException fail(String what, SQLException e, Running running, Cancellation cancellation) {
        boolean timedOut = running != null && running.timedOut();
        boolean cancelled = cancellation != null && cancellation.isCancelled();
        return SqlErrors.translate(what, e, timedOut, cancelled);
    }

    /** The affected row count of a write and, with RETURNING, the first rows. */
    public record Outcome(long affectedRows, QueryResult rows) {}

    /** The most rows one fetch of a query needs: one past the row cap shows that the cap cut the result. */
    private static int fetchMost(Limits limits) {
        return Math.min(limits.maxRows() + 1, MAX_FETCH);
    }

    static void bind(PreparedStatement ps, List<Object> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            ps.setObject(i + 1, params.get(i));
        }
    }

    /**
     * Reads the rows a write is about to change (a SELECT of its target with its WHERE), keeping the first as a query
     * does and digesting all of them.
     */
    public static Outcome select(
            String what,
            Session s,
            String sql,
            List<Object> params,
            Limits limits,
            Cancellation cancellation,
            RowDigest digest) {
        return update(what, s, sql, params, limits, cancellation, digest);
    }

    /**
     * Reads rows up to the caps; with {@code countAll} it goes on counting (not keeping) the remaining rows, and each
     * row, kept or not, goes into {@code digest} when there is one.
     */
    private static QueryResult collect(
            ResultSet rs,
            ResultColumns reader,
            Limits limits,
            long start,
            FetchSize fetch,
            List<Object> countAll,
            RowDigest digest)
            throws SQLException {
        List<QueryResult.Column> columns = reader.read(rs);
        ColumnReader[] readers = reader.readers(columns);
        int n = columns.size();
        columns = cutNames(columns, limits.valueCharsFor(n, limits.maxResultChars()));
        List<List<Object>> rows = new ArrayList<>();
        int chars = 0;
        for (QueryResult.Column c : columns) {
            chars += Values.renderedLength(c.name());
        }
        int valueChars = limits.valueCharsFor(n, limits.maxResultChars() - chars);
        String note = null;
        long total = 0;
        while (rs.next()) {
            total++;
            if (digest != null) {
                digest.add(rs);
            }
            if (note != null) {
                if (countAll == null) {
                    break;
                }
                continue;
            }
            if (rows.size() >= limits.maxRows()) {
                note = "Only the first " + limits.maxRows() + " rows are shown (row cap). Add LIMIT, a WHERE"
                        + " clause or aggregate to see what matters.";
                if (countAll == null) {
                    break;
                }
                continue;
            }
            List<Object> row = new ArrayList<>(n);
            long full = 0;
            for (int i = 1; i <= n; i++) {
                Object v = readers[i - 1].read(rs, i, valueChars);
                int rendered = Values.renderedLength(v);
                chars += rendered;
                full += Values.fullLength(v, rendered);
                row.add(v);
            }
            fetch.rowRead(full);
            if (chars > limits.maxResultChars() && !rows.isEmpty()) {
                note = "Only the first " + rows.size() + " rows are shown (the result passed " + limits.maxResultChars()
                        + " characters). Select fewer columns, add LIMIT or aggregate.";
                if (countAll == null) {
                    break;
                }
                continue;
            }
            rows.add(row);
        }
        if (countAll != null) {
            countAll.add(total);
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        return new QueryResult(columns, rows, note != null, note, ms);
    }

    /**
     * The columns with names over {@code max} characters cut as values are: SQLite names a column without an alias
     * after its expression's text, however long.
     */
    private static List<QueryResult.Column> cutNames(List<QueryResult.Column> columns, int max) {
        List<QueryResult.Column> cut = columns;
        for (int i = 0; i < columns.size(); i++) {
            QueryResult.Column c = columns.get(i);
            if (c.name() != null && c.name().length() > max) {
                if (cut == columns) {
                    cut = new ArrayList<>(columns);
                }
                cut.set(
                        i,
                        new QueryResult.Column(
                                Values.cut(c.name(), max, c.name().length()), c.type()));
            }
        }
        return cut;
    }

    /** Watchdog and client cancellation around one running statement. */
    static final class Running implements AutoCloseable {
        private final Watchdog.Armed watchdog;
        private final Cancellation cancellation;

        private Running(Watchdog.Armed watchdog, Cancellation cancellation) {
            this.watchdog = watchdog;
            this.cancellation = cancellation;
        }

        static Running start(PreparedStatement ps, Limits limits, Cancellation cancellation) throws SQLException {
            if (cancellation != null) {
                cancellation.attach(ps);
            }
            return new Running(Watchdog.arm(ps, limits.statementTimeout()), cancellation);
        }

        void check(boolean hasResultSet) throws SQLException {
            if (!hasResultSet) {
                throw new SQLException("The statement returned no rows.", "0A000");
            }
        }

        boolean timedOut() {
            return watchdog.fired();
        }

        @Override
        public void close() {
            watchdog.close();
            if (cancellation != null) {
                cancellation.detach();
            }
        }
    }
}
