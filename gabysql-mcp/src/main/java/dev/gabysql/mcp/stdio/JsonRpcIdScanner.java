package dev.gabysql.mcp.stdio;

import dev.gabysql.mcp.json.IncomingLine;
import java.nio.charset.StandardCharsets;

/**
 * Finds the top-level {@code "id"} of a JSON-RPC message fed to it in pieces, in constant memory. A stdio message
 * too large to read whole ({@link StdioLines}) is dropped unread, but its error reply must still name the request
 * the client waits on, wherever the id stands in the line (often before the params, sometimes after them).
 *
 * <p>Only a plain id counts, as {@link IncomingLine#isPlainId} has it: an integer, or a string of at most
 * {@value #MAX_ID_BYTES} bytes without escapes. Ids nested in params are skipped; the first top-level id wins. A
 * line that does not begin as a JSON object has none. It does not validate the JSON. Not thread-safe.
 */
final class JsonRpcIdScanner {
    static final int MAX_ID_BYTES = 200;
    private static final byte[] ID = {'i', 'd'};

    /** Objects and arrays open around the current byte; 1 inside the message's own object. */
    private int depth;

    private boolean started;
    private boolean notAnObject;
    private boolean inString;
    private boolean escaped;
    /** In the message's object, the next string is a member name. */
    private boolean expectName;
    /** The member name being read is still {@code "id"} so far: its bytes matched, {@code nameLength} of them. */
    private boolean nameMatches;

    private int nameLength;
    /** The member just named is {@code id}: its value comes after the colon. */
    private boolean idNamed;

    private final byte[] value = new byte[MAX_ID_BYTES + 1];
    private int valueLength;
    /** Reading the id's value: a string (its bytes), or a number (its characters). */
    private boolean inIdString;

    private boolean inIdNumber;
    private boolean idDone;
    private Object id;

    /** Reads {@code bytes[from, to)}, the next piece of the message. */
    void feed(byte[] bytes, int from, int to) {
        for (int i = from; i < to && !notAnObject; i++) {
            step(bytes[i]);
        }
    }

    /** The message's id, a Long or a String, or null when it has no plain one (so far). */
    Object id() {
        if (inIdNumber) { // a number at the very end of the input
            endNumber();
        }
        return id;
    }

    private void step(byte b) {
        if (!started) {
            start(b);
        } else if (inString) {
            inString(b);
        } else if (inIdNumber && !isNumberByte(b)) {
            endNumber();
            structure(b);
        } else if (inIdNumber) {
            keep(b);
        } else {
            structure(b);
        }
    }

    private void start(byte b) {
        if (isSpace(b)) {
            return;
        }
        started = true;
        notAnObject = b != '{';
        depth = 1;
        expectName = true;
    }

    private void inString(byte b) {
        if (escaped) {
            escaped = false;
            nameMatches = false;
            inIdString = false; // an id with an escape is not plain
            return;
        }
        if (b == '\\') {
            escaped = true;
        } else if (b == '"') {
            endString();
        } else if (nameMatches) {
            nameMatches = nameLength < ID.length && ID[nameLength] == b;
            nameLength++;
        } else if (inIdString) {
            keep(b);
        }
    }

    private void endString() {
        inString = false;
        if (inIdString) {
            inIdString = false;
            if (valueLength <= MAX_ID_BYTES) {
                id = new String(value, 0, valueLength, StandardCharsets.UTF_8);
            }
        } else if (nameMatches) {
            idNamed = nameLength == ID.length;
        }
        nameMatches = false;
    }

    /** A byte outside strings. */
    private void structure(byte b) {
        switch (b) {
            case '"':
                beginString();
                break;
            case '{':
            case '[':
                valueStarts(b);
                depth++;
                break;
            case '}':
            case ']':
                depth--;
                break;
            case ',':
                expectName = depth == 1;
                break;
            default:
                valueStarts(b);
        }
    }

    private void beginString() {
        inString = true;
        if (depth == 1 && expectName) {
            expectName = false;
            idNamed = false;
            nameMatches = true;
            nameLength = 0;
        } else {
            valueStarts((byte) '"');
        }
    }

    /** After {@code "id":}, the first byte of its value decides what it is. */
    private void valueStarts(byte b) {
        if (!idNamed || depth != 1 || b == ':' || isSpace(b)) {
            return;
        }
        idNamed = false;
        if (idDone) {
            return;
        }
        idDone = true;
        valueLength = 0;
        if (b == '"') {
            inIdString = true;
        } else if (b == '-' || (b >= '0' && b <= '9')) {
            inIdNumber = true;
            keep(b);
        }
    }

    private void endNumber() {
        inIdNumber = false;
        try {
            id = Long.valueOf(new String(value, 0, Math.min(valueLength, value.length), StandardCharsets.US_ASCII));
        } catch (NumberFormatException notAnInteger) { // a fraction, an exponent, too long
            id = null;
        }
    }

    private void keep(byte b) {
        if (valueLength < value.length) {
            value[valueLength] = b;
        }
        valueLength++;
    }

    private static boolean isNumberByte(byte b) {
        return (b >= '0' && b <= '9') || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E';
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }
}
