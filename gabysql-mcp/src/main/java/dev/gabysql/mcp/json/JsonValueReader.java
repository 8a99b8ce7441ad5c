package dev.gabysql.mcp.json;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one JSON value from UTF-8 bytes into the plain Java values Jackson's untyped binding gives: objects as
 * {@link LinkedHashMap} (a repeated name keeps its first place and its last value), arrays as {@link ArrayList},
 * strings, integers as Integer, Long or BigInteger (the smallest that holds them), other numbers as Double,
 * Boolean and null. It is at least as strict as Jackson's defaults: no comments, no single quotes, no leading
 * zeros, no NaN, no raw control characters or malformed UTF-8 in strings, at most {@link #MAX_DEPTH} levels —
 * anything else is a {@link Malformed}.
 *
 * <p>Why (docs/performance.md): creating a Jackson parser per message (encoding detection, symbol tables, buffer
 * recycling) was a noticeable part of a 1-row call's interpreted work early in a process. JsonValueReaderTest holds the
 * values to Jackson's on valid input and the refusals on invalid input. Not thread-safe; one instance per text.
 */
public final class JsonValueReader {
    /** Nesting deeper than this is refused (Jackson's default limit is 1,000; a tool call needs a handful). */
    public static final int MAX_DEPTH = 500;

    private final byte[] in;
    private final int end;
    private int pos;
    private char[] chars = new char[64];

    public JsonValueReader(byte[] in) {
        this.in = in;
        this.end = in.length;
    }

    /** The bytes are not one JSON value as Jackson would read it. */
    public static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String what, int at) {
            super(what + " at byte " + at, null, false, false);
        }
    }

    /** The value that starts here (after any whitespace). */
    public Object value() throws Malformed {
        return value(0);
    }

    /** True when nothing but whitespace follows what was read. */
    public boolean atEnd() {
        skipSpace();
        return pos == end;
    }

    private Object value(int depth) throws Malformed {
        skipSpace();
        if (pos >= end) {
            throw fail("end of input");
        }
        byte b = in[pos];
        switch (b) {
            case '{':
                return object(depth + 1);
            case '[':
                return array(depth + 1);
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (b == '-' || (b >= '0' && b <= '9')) {
                    return number();
                }
                throw fail("unexpected character");
        }
    }

    private Map<String, Object> object(int depth) throws Malformed {
        requireDepth(depth);
        pos++;
        Map<String, Object> map = new LinkedHashMap<>();
        skipSpace();
        if (pos < end && in[pos] == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipSpace();
            if (pos >= end || in[pos] != '"') {
                throw fail("a member name was expected");
            }
            String name = string();
            skipSpace();
            if (pos >= end || in[pos] != ':') {
                throw fail("':' was expected");
            }
            pos++;
            map.put(name, value(depth));
            if (!more('}')) {
                return map;
            }
        }
    }

    private List<Object> array(int depth) throws Malformed {
        requireDepth(depth);
        pos++;
        List<Object> list = new ArrayList<>();
        skipSpace();
        if (pos < end && in[pos] == ']') {
            pos++;
            return list;
        }
        while (true) {
            list.add(value(depth));
            if (!more(']')) {
                return list;
            }
        }
    }

    /** After a member or an element: true when a comma announces another, false at {@code close}. */
    private boolean more(char close) throws Malformed {
        skipSpace();
        if (pos < end && in[pos] == ',') {
            pos++;
            return true;
        }
        if (pos < end && in[pos] == close) {
            pos++;
            return false;
        }
        throw fail("',' or '" + close + "' was expected");
    }

    private void requireDepth(int depth) throws Malformed {
        if (depth > MAX_DEPTH) {
            throw fail("nesting deeper than " + MAX_DEPTH);
        }
    }

    private Object literal(String word, Object value) throws Malformed {
        int n = word.length();
        if (pos + n > end) {
            throw fail("unexpected end");
        }
        for (int i = 0; i < n; i++) {
            if (in[pos + i] != word.charAt(i)) {
                throw fail("unexpected word");
            }
        }
        pos += n;
        if (pos < end && isWordPart(in[pos])) {
            throw fail("unexpected word");
        }
        return value;
    }

    private static boolean isWordPart(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_';
    }

    /** -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
    private Object number() throws Malformed {
        int start = pos;
        if (in[pos] == '-') {
            pos++;
        }
        int intStart = pos;
        if (pos < end && in[pos] == '0') {
            pos++;
        } else if (digits() == 0) {
            throw fail("a digit was expected");
        }
        boolean integral = true;
        if (pos < end && in[pos] == '.') {
            pos++;
            integral = false;
            if (digits() == 0) {
                throw fail("a digit was expected after '.'");
            }
        }
        if (pos < end && (in[pos] == 'e' || in[pos] == 'E')) {
            pos++;
            integral = false;
            if (pos < end && (in[pos] == '+' || in[pos] == '-')) {
                pos++;
            }
            if (digits() == 0) {
                throw fail("a digit was expected in the exponent");
            }
        }
        if (pos < end && (isWordPart(in[pos]) || in[pos] == '.')) {
            throw fail("unexpected character in a number");
        }
        String text = new String(in, start, pos - start, StandardCharsets.US_ASCII);
        if (!integral) {
            return Double.parseDouble(text);
        }
        int digits = pos - intStart;
        if (digits <= 9) {
            return Integer.parseInt(text);
        }
        if (digits <= 18) {
            long v = Long.parseLong(text);
            if (v == (int) v) { // not a conditional expression: it would box both as Long
                return (int) v;
            }
            return v;
        }
        BigInteger big = new BigInteger(text);
        if (big.bitLength() < 64) {
            return big.longValue();
        }
        return big;
    }

    private int digits() {
        int start = pos;
        while (pos < end && in[pos] >= '0' && in[pos] <= '9') {
            pos++;
        }
        return pos - start;
    }

    /** A string at the opening quote: escapes decoded, UTF-8 checked. */
    private String string() throws Malformed {
        int start = ++pos;
        while (pos < end) { // the common case: ASCII without escapes, read in one go
            byte b = in[pos];
            if (b == '"') {
                pos++;
                return new String(in, start, pos - 1 - start, StandardCharsets.US_ASCII);
            }
            if (b == '\\' || b < 0x20) { // negative: a UTF-8 lead byte
                break;
            }
            pos++;
        }
        pos = start;
        return decodedString();
    }

    private String decodedString() throws Malformed {
        int n = 0;
        while (true) {
            if (pos >= end) {
                throw fail("a string is not closed");
            }
            if (chars.length - n < 2) {
                chars = Arrays.copyOf(chars, chars.length * 2);
            }
            int b = in[pos] & 0xFF;
            if (b == '"') {
                pos++;
                return new String(chars, 0, n);
            } else if (b == '\\') {
                chars[n++] = escape();
            } else if (b < 0x20) {
                throw fail("a control character in a string");
            } else if (b < 0x80) {
                chars[n++] = (char) b;
                pos++;
            } else {
                n = utf8(b, n);
            }
        }
    }

    private char escape() throws Malformed {
        if (pos + 1 >= end) {
            throw fail("an escape is not complete");
        }
        byte e = in[pos + 1];
        pos += 2;
        switch (e) {
            case '"':
                return '"';
            case '\\':
                return '\\';
            case '/':
                return '/';
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u':
                return unicodeEscape();
            default:
                throw fail("an unknown escape");
        }
    }

    private char unicodeEscape() throws Malformed {
        if (pos + 4 > end) {
            throw fail("a \\u escape is not complete");
        }
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int d = Character.digit(in[pos + i], 16);
            if (d < 0) {
                throw fail("a \\u escape with a character that is not hexadecimal");
            }
            v = (v << 4) | d;
        }
        pos += 4;
        return (char) v;
    }

    /** One UTF-8 sequence starting with {@code lead} (at pos), decoded into chars[n…]; returns the new n. */
    private int utf8(int lead, int n) throws Malformed {
        int length;
        int min;
        int cp;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            min = 0x80;
            cp = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            min = 0x800;
            cp = lead & 0x0F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            min = 0x10000;
            cp = lead & 0x07;
        } else {
            throw fail("malformed UTF-8");
        }
        if (pos + length > end) {
            throw fail("malformed UTF-8");
        }
        for (int i = 1; i < length; i++) {
            int c = in[pos + i] & 0xFF;
            if ((c & 0xC0) != 0x80) {
                throw fail("malformed UTF-8");
            }
            cp = (cp << 6) | (c & 0x3F);
        }
        if (cp < min || cp > Character.MAX_CODE_POINT || (cp >= 0xD800 && cp <= 0xDFFF)) {
            throw fail("malformed UTF-8");
        }
        pos += length;
        if (cp < 0x10000) {
            chars[n++] = (char) cp;
        } else {
            chars[n++] = Character.highSurrogate(cp);
            chars[n++] = Character.lowSurrogate(cp);
        }
        return n;
    }

    private void skipSpace() {
        while (pos < end) {
            byte b = in[pos];
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return;
            }
            pos++;
        }
    }

    private Malformed fail(String what) {
        return new Malformed(what, pos);
    }
}
