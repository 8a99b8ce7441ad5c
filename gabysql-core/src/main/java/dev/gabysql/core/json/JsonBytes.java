package dev.gabysql.core.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A small JSON writer into a growing UTF-8 byte array, for the few shapes written on every call (a query's rows, a
 * reply's envelope) and for the trees of the usual answers ({@link #node}: descriptions, errors). The caller writes
 * the structure (brackets, commas, member names as constants); this class writes values exactly as
 * {@link Json#MAPPER} would — same escapes, same number forms — and JsonBytesTest and JsonTreesTest hold it to the
 * mapper's bytes, every BMP character included.
 *
 * <p>Why (docs/performance.md): a Jackson generator costs a factory context, buffer recycling and a few calls per
 * character; early in a process all of that runs interpreted, and a 1-row answer spent a good part of its time there.
 * Not thread-safe; one instance per message.
 */
public final class JsonBytes {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = ascii("null");
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");

    private byte[] buf;
    private int len;
    private char[] chars = new char[64];

    public JsonBytes(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    /** ASCII bytes of a constant, for {@link #raw(byte[])}. */
    public static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Bytes written so far. */
    public int length() {
        return len;
    }

    /** Forgets what was written after the first {@code length} bytes. */
    public void truncate(int length) {
        if (length < 0 || length > len) {
            throw new IllegalArgumentException("length " + length + " outside 0.." + len);
        }
        len = length;
    }

    public byte[] toBytes() {
        return Arrays.copyOf(buf, len);
    }

    /** The first {@code length} bytes. */
    public byte[] toBytes(int length) {
        return Arrays.copyOf(buf, Math.min(length, len));
    }

    /** Bytes that are already JSON (or structure). */
    public JsonBytes raw(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, len, bytes.length);
        len += bytes.length;
        return this;
    }

    public JsonBytes raw(char c) {
        ensure(1);
        buf[len++] = (byte) c;
        return this;
    }

    public JsonBytes nullValue() {
        return raw(NULL);
    }

    public JsonBytes bool(boolean b) {
        return raw(b ? TRUE : FALSE);
    }

    public JsonBytes number(long v) {
        return asciiText(Long.toString(v));
    }

    /** As Jackson writes it by default: {@link BigDecimal#toString()} (so {@code 1E+3} stays). */
    public JsonBytes number(BigDecimal v) {
        return asciiText(v.toString());
    }

    /** {@link Double#toString(double)}; NaN and the infinities as strings, as Jackson's default does. */
    public JsonBytes number(double v) {
        String s = Double.toString(v);
        return Double.isFinite(v) ? asciiText(s) : string(s);
    }

    /**
     * A value of a type the core hands over in results (null, String, Long, Integer, BigDecimal, Double, Boolean),
     * or false (nothing written) for any other type.
     */
    public boolean value(Object v) {
        if (v == null) {
            nullValue();
        } else if (v instanceof String) {
            string((String) v);
        } else if (v instanceof Long || v instanceof Integer) {
            number(((Number) v).longValue());
        } else if (v instanceof BigDecimal) {
            number((BigDecimal) v);
        } else if (v instanceof Double) {
            number((double) (Double) v);
        } else if (v instanceof Boolean) {
            bool((Boolean) v);
        } else {
            return false;
        }
        return true;
    }

    /**
     * A tree of maps (String keys, written in their order), lists and the values {@link #value} writes, as
     * Jackson writes it; false (and a partial write: the caller discards it) when the tree holds anything else,
     * a null inside a map included.
     */
    public boolean tree(Object v) {
        if (v instanceof Map) {
            return object((Map<?, ?>) v);
        }
        if (v instanceof List) {
            raw('[');
            boolean first = true;
            for (Object item : (List<?>) v) {
                if (!first) {
                    raw(',');
                }
                first = false;
                if (!tree(item)) {
                    return false;
                }
            }
            raw(']');
            return true;
        }
        return value(v);
    }

    private boolean object(Map<?, ?> map) {
        raw('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getKey() instanceof String) || e.getValue() == null) {
                return false;
            }
            if (!first) {
                raw(',');
            }
            first = false;
            string((String) e.getKey()).raw(':');
            if (!tree(e.getValue())) {
                return false;
            }
        }
        raw('}');
        return true;
    }

    /**
     * A value or a tree of maps and lists ({@link #tree}) as JSON text, the text {@link Json#write} gives; a tree
     * this class cannot write goes to the mapper.
     */
    public static String text(Object tree) {
        JsonBytes out = new JsonBytes(64);
        return out.tree(tree) ? new String(out.toBytes(), StandardCharsets.UTF_8) : Json.write(tree);
    }

    /**
     * A Jackson tree as {@code Json.MAPPER} writes it (every member of an object, null ones too, in order); false
     * (and a partial write: the caller discards it) when it holds a node of another kind than object, array,
     * text, number, boolean or null.
     */
    public boolean node(JsonNode n) {
        if (n.isObject()) {
            raw('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                if (!first) {
                    raw(',');
                }
                first = false;
                string(e.getKey()).raw(':');
                if (!node(e.getValue())) {
                    return false;
                }
            }
            raw('}');
            return true;
        }
        if (n.isArray()) {
            raw('[');
            for (int i = 0; i < n.size(); i++) {
                if (i > 0) {
                    raw(',');
                }
                if (!node(n.get(i))) {
                    return false;
                }
            }
            raw(']');
            return true;
        }
        return scalar(n);
    }

    private boolean scalar(JsonNode n) {
        switch (n.getNodeType()) {
            case STRING:
                string(n.textValue());
                return true;
            case BOOLEAN:
                bool(n.booleanValue());
                return true;
            case NULL:
                nullValue();
                return true;
            case NUMBER:
                return number(n);
            default:
                return false;
        }
    }

    private boolean number(JsonNode n) {
        if (n.isInt() || n.isLong() || n.isShort()) {
            number(n.longValue());
        } else if (n.isBigInteger()) {
            asciiText(n.bigIntegerValue().toString());
        } else if (n.isDouble()) {
            number(n.doubleValue());
        } else if (n.isBigDecimal()) {
            number(n.decimalValue());
        } else {
            return false;
        }
        return true;
    }

    /** A JSON string: quotes, escapes as Jackson's ({@code \n}, {@code \u001F}, …), UTF-8 for the rest. */
    public JsonBytes string(String s) {
        int n = s.length();
        if (chars.length < n) {
            chars = new char[Math.max(n, chars.length * 2)];
        }
        s.getChars(0, n, chars, 0);
        ensure(n + 8);
        byte[] b = buf;
        int o = len;
        b[o++] = '"';
        for (int i = 0; i < n; i++) {
            if (b.length - o < 8) { // room for the widest form of one character (an escape) and the closing quote
                len = o;
                ensure(n - i + 8);
                b = buf;
            }
            char c = chars[i];
            if (c < 0x80) {
                if (c >= 0x20 && c != '"' && c != '\\') {
                    b[o++] = (byte) c;
                } else {
                    o = escape(b, o, c);
                }
            } else if (c < 0x800) {
                b[o++] = (byte) (0xC0 | (c >> 6));
                b[o++] = (byte) (0x80 | (c & 0x3F));
            } else if (!Character.isSurrogate(c)) {
                b[o++] = (byte) (0xE0 | (c >> 12));
                b[o++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[o++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(chars[i + 1])) {
                int cp = Character.toCodePoint(c, chars[++i]);
                b[o++] = (byte) (0xF0 | (cp >> 18));
                b[o++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                b[o++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                b[o++] = (byte) (0x80 | (cp & 0x3F));
            } else { // a lone surrogate: escaped, as Jackson does
                o = unicodeEscape(b, o, c);
            }
        }
        b[o++] = '"';
        len = o;
        return this;
    }

    private static int escape(byte[] b, int o, char c) {
        char shortForm;
        switch (c) {
            case '"':
                shortForm = '"';
                break;
            case '\\':
                shortForm = '\\';
                break;
            case '\b':
                shortForm = 'b';
                break;
            case '\t':
                shortForm = 't';
                break;
            case '\n':
                shortForm = 'n';
                break;
            case '\f':
                shortForm = 'f';
                break;
            case '\r':
                shortForm = 'r';
                break;
            default:
                return unicodeEscape(b, o, c);
        }
        b[o++] = '\\';
        b[o++] = (byte) shortForm;
        return o;
    }

    private static int unicodeEscape(byte[] b, int o, char c) {
        b[o++] = '\\';
        b[o++] = 'u';
        b[o++] = HEX[(c >> 12) & 0xF];
        b[o++] = HEX[(c >> 8) & 0xF];
        b[o++] = HEX[(c >> 4) & 0xF];
        b[o++] = HEX[c & 0xF];
        return o;
    }

    private JsonBytes asciiText(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[len++] = (byte) s.charAt(i);
        }
        return this;
    }

    private void ensure(int more) {
        if (len + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(len + more, buf.length * 2));
        }
    }
}
