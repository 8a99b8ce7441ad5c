package dev.gabysql.core.exec;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * How many rows a driver fetches at a time, kept within a character budget by the largest row seen so far. A
 * driver holds a whole fetch in memory before the first of its rows is read, and a read keeps only a few thousand
 * characters of each value: 501 rows of a one-megabyte text column were half a gigabyte (PostgreSQL's driver ran out of
 * memory, MariaDB's took the process down). The first fetch is small, since nothing
 * is known of the rows yet; where the session's driver takes a new fetch size mid-result
 * ({@link Session#adaptsFetchSize()}) the next ones are as large as the budget allows — the cap itself for
 * ordinary rows; elsewhere every fetch stays small (MariaDB's driver reads rows the server has already sent, so
 * small fetches cost it no round trip). Not thread-safe: one per result.
 */
final class FetchSize {
    /** The first fetch: a result of up to this many rows still takes one round trip. */
    static final int FIRST = 32;
    /** What the rows of one fetch may hold, in characters (a value's full length, before it is cut). */
    static final long BATCH_CHARS = 2_000_000;

    private final ResultSet rs;
    private final boolean adapts;
    private final int most;
    private int current;
    private long largestRow;

    /**
     * {@code rs} was fetched {@link #first}({@code most}) rows at a time; no fetch should exceed {@code most}
     * rows; nothing changes unless {@code adapts}.
     */
    FetchSize(ResultSet rs, boolean adapts, int most) {
        this.rs = rs;
        this.adapts = adapts;
        this.current = first(most);
        this.most = most;
    }

    /** The first fetch size for a result whose later fetches may take up to {@code most} rows. */
    static int first(int most) {
        return Math.min(FIRST, most);
    }

    /** A row of {@code chars} characters (its values' full lengths) was read: the next fetches fit the budget. */
    void rowRead(long chars) throws SQLException {
        if (!adapts || chars <= largestRow && largestRow > 0) {
            return;
        }
        largestRow = Math.max(1, chars);
        int next = (int) Math.max(1, Math.min(most, BATCH_CHARS / largestRow));
        if (next != current) {
            rs.setFetchSize(next);
            current = next;
        }
    }
}
