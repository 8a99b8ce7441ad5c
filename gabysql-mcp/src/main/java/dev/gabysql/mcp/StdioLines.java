package dev.gabysql.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a stdio session's input, as UTF-8 bytes without their line end ({@code \n}, or {@code \r\n}).
 * Reads in blocks (the SDK's reader takes one character at a time). Not thread-safe: one thread reads at a time,
 * and a thread that hands reading over to another must do it through a happens-before edge (an executor).
 */
final class StdioLines {
    private final InputStream in;
    private byte[] buffer = new byte[1 << 14];
    private int start;
    private int end;
    private boolean eof;

    StdioLines(InputStream in) {
        this.in = in;
    }

    /** The next line, or null at the end of the input. A last line without a line end is still a line. */
    byte[] next() throws IOException {
        int scanned = 0; // bytes after start known to hold no line end (fill may move start)
        while (true) {
            for (int i = start + scanned; i < end; i++) {
                if (buffer[i] == '\n') {
                    return take(i, i + 1);
                }
            }
            if (eof) {
                return end > start ? take(end, end) : null;
            }
            scanned = end - start;
            fill();
        }
    }

    /** Reads more input after what is buffered, first moving the unread part to the front or growing the buffer. */
    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        int n = in.read(buffer, end, buffer.length - end);
        if (n < 0) {
            eof = true;
        } else {
            end += n;
        }
    }

    /** The bytes from {@code start} to {@code lineEnd}, less a trailing {@code \r}; reading resumes at {@code next}. */
    private byte[] take(int lineEnd, int next) {
        int to = lineEnd > start && buffer[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
        byte[] line = Arrays.copyOfRange(buffer, start, to);
        start = next;
        return line;
    }
}
