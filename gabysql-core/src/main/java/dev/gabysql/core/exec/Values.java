package dev.gabysql.core.exec;

import dev.gabysql.core.internal.Texts;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Turns JDBC values into JSON-friendly ones (null, Boolean, Long, BigDecimal, Double, String) and cuts long values
 * with a visible marker, so that one huge cell cannot flood a model's context.
 */
final class Values {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    /** How a cut value ends: {@code …[+N chars]} or, for bytes, {@code …[+N bytes]}. */
    private static final String CUT = "…[+";

    private static final String CUT_CHARS = " chars]";
    private static final String CUT_BYTES = " bytes]";

    private Values() {}

    static Object read(ResultSet rs, int column, int maxChars) throws SQLException {
        Object v = rs.getObject(column);
        if (v == null) {
            return null;
        }
        if (v instanceof Boolean
                || v instanceof Long
                || v instanceof Integer
                || v instanceof Short
                || v instanceof Byte) {
            return v instanceof Boolean ? v : ((Number) v).longValue();
        }
        if (v instanceof Double || v instanceof Float) {
            // a float's own shortest decimal, not its double widening's (1.1f is 1.1, not 1.100000023841858)
            double d = v instanceof Float ? Double.parseDouble(v.toString()) : (Double) v;
            return Double.isFinite(d) ? (Object) d : String.valueOf(d);
        }
        if (v instanceof BigDecimal) {
            return v;
        }
        if (v instanceof BigInteger) { // MariaDB's BIGINT UNSIGNED: a number, as a BIGINT is
            return new BigDecimal((BigInteger) v);
        }
        if (v instanceof byte[]) {
            return hex((byte[]) v, maxChars);
        }
        if (v instanceof Blob) {
            Blob b = (Blob) v;
            long len = b.length();
            return hex(b.getBytes(1, (int) Math.min(len, maxChars)), maxChars) + (len > maxChars ? "…" : "");
        }
        if (v instanceof Clob) {
            Clob c = (Clob) v;
            return cut(c.getSubString(1, (int) Math.min(c.length(), maxChars + 1L)), maxChars, c.length());
        }
        if (v instanceof Array) {
            Object[] items = (Object[]) ((Array) v).getArray();
            return cut(java.util.Arrays.deepToString(items).replace('[', '{').replace(']', '}'), maxChars, -1);
        }
        String s = v.toString();
        return cut(s, maxChars, s.length());
    }

    /**
     * Cuts {@code s} to {@code max} characters, saying how many were left out; never between the two halves of a
     * character outside the BMP (an emoji), whose first half alone is not text a client can decode.
     */
    static String cut(String s, int max, long fullLength) {
        if (s.length() <= max) {
            return s;
        }
        int end = Texts.cutPoint(s, max);
        long total = fullLength < 0 ? s.length() : fullLength;
        return s.substring(0, end) + CUT + (total - end) + CUT_CHARS;
    }

    private static String hex(byte[] bytes, int maxChars) {
        int n = Math.min(bytes.length, Math.max(1, (maxChars - 2) / 2));
        StringBuilder sb = new StringBuilder(2 + 2 * n).append("\\x");
        for (int i = 0; i < n; i++) {
            sb.append(HEX[(bytes[i] >> 4) & 0xf]).append(HEX[bytes[i] & 0xf]);
        }
        if (n < bytes.length) {
            sb.append(CUT).append(bytes.length - n).append(CUT_BYTES);
        }
        return sb.toString();
    }

    /**
     * About how many characters {@code v} had before {@link #cut} or {@link #hex} cut it: what the driver held in
     * memory for it. {@code rendered}: its {@link #renderedLength}, the answer when it was not cut.
     */
    static long fullLength(Object v, int rendered) {
        if (!(v instanceof String)) {
            return rendered;
        }
        String s = (String) v;
        if (s.isEmpty() || s.charAt(s.length() - 1) != ']') { // most values: one look (every call, interpreted early)
            return rendered;
        }
        int marker = s.endsWith(CUT_CHARS) || s.endsWith(CUT_BYTES) ? s.lastIndexOf(CUT) : -1;
        if (marker < 0) {
            return rendered;
        }
        try {
            return rendered + Long.parseLong(s.substring(marker + CUT.length(), s.length() - CUT_CHARS.length()));
        } catch (NumberFormatException notAMarker) {
            return rendered;
        }
    }

    /** Rough size of a value once rendered, for the result's character budget. */
    static int renderedLength(Object v) {
        return v == null ? 4 : v.toString().length() + 3;
    }
}
