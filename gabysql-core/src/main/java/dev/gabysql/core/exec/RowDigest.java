package dev.gabysql.core.exec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;

/**
 * A digest of the rows a write affected, independent of their order, that the confirm token binds: the commit must
 * touch the same rows as the preview, not just as many (docs/design.md#writes-preview-and-confirm). It reads the
 * columns it was told to (a table's key, or every column) from each row of a RETURNING result or of the rows a
 * write is about to change; each row is hashed on its own and the sorted row hashes are hashed again. Holds 16 bytes
 * per row. Not thread-safe (one per statement run).
 */
public final class RowDigest {
    /** Past this many rows the digest refuses (fail closed): the hashes would not fit a call's memory. */
    public static final int MAX_ROWS = 4_000_000;

    private final Set<String> columns;
    private long[] hashes = new long[64];
    private int rows;
    private int[] picked;

    /** Digests the named columns (lower case); an empty set digests every column. */
    public RowDigest(Set<String> columns) {
        this.columns = columns;
    }

    /** Takes in the current row of {@code rs}. */
    void add(ResultSet rs) throws SQLException {
        if (picked == null) {
            picked = pick(rs.getMetaData());
        }
        if (rows >= MAX_ROWS) {
            throw new SQLException(
                    "The write affects more than " + MAX_ROWS + " rows: too many to bind to a preview.", "54000");
        }
        MessageDigest md = sha256();
        for (int i : picked) {
            String v = rs.getString(i);
            byte[] b = v == null ? new byte[0] : v.getBytes(StandardCharsets.UTF_8);
            md.update(ByteBuffer.allocate(5)
                    .put((byte) (v == null ? 0 : 1))
                    .putInt(b.length)
                    .array());
            md.update(b);
        }
        ByteBuffer h = ByteBuffer.wrap(md.digest());
        if (2 * rows + 2 > hashes.length) {
            hashes = Arrays.copyOf(hashes, hashes.length * 2);
        }
        hashes[2 * rows] = h.getLong();
        hashes[2 * rows + 1] = h.getLong();
        rows++;
    }

    /** The digest so far, as URL-safe base64; the same rows in any order give the same value. */
    public String value() {
        Long128[] sorted = new Long128[rows];
        for (int i = 0; i < rows; i++) {
            sorted[i] = new Long128(hashes[2 * i], hashes[2 * i + 1]);
        }
        Arrays.sort(sorted);
        MessageDigest md = sha256();
        ByteBuffer b = ByteBuffer.allocate(16);
        for (Long128 x : sorted) {
            b.clear();
            md.update(b.putLong(x.hi).putLong(x.lo).array());
        }
        md.update(ByteBuffer.allocate(4).putInt(rows).array());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(md.digest());
    }

    public int rows() {
        return rows;
    }

    private int[] pick(ResultSetMetaData md) throws SQLException {
        int n = md.getColumnCount();
        int[] chosen = new int[n];
        int k = 0;
        for (int i = 1; i <= n; i++) {
            if (columns.isEmpty() || columns.contains(md.getColumnLabel(i).toLowerCase(Locale.ROOT))) {
                chosen[k++] = i;
            }
        }
        if (k == 0) { // none of the key columns came back: every column, so that nothing escapes the digest
            for (int i = 1; i <= n; i++) {
                chosen[k++] = i;
            }
        }
        return Arrays.copyOf(chosen, k);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    private record Long128(long hi, long lo) implements Comparable<Long128> {
        @Override
        public int compareTo(Long128 o) {
            int c = Long.compare(hi, o.hi);
            return c != 0 ? c : Long.compare(lo, o.lo);
        }
    }
}
