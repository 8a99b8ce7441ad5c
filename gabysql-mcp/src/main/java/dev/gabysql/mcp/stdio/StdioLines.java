package dev.gabysql.mcp.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a stdio session's input, as UTF-8 bytes without their line end ({@code \n}, or {@code \r\n}).
 * Reads in blocks (the SDK's reader takes one character at a time). A line longer than the limit is read on and
 * dropped as it comes, in constant memory, and reported to a {@link TooLong} with the request id it carried: a
 * client that sends a huge message gets an error instead of a server that runs out of memory and stops reading;
 * so does one whose line does not fit in the memory left, whatever the limit.
 * Not thread-safe: one thread reads at a time, and a thread that hands reading over to another must do it through a
 * happens-before edge (an executor).
 */
final class StdioLines {
    private static final int FIRST_BUFFER = 1 << 14;
    /** The largest buffer kept once the line that needed it has been read. */
    private static final int KEPT_BUFFER = 1 << 20;

    private final InputStream in;
    private final int maxLineBytes;
    private final TooLong tooLong;
    private byte[] buffer;
    private int start;
    private int end;
    private boolean eof;

    /** Hears of each line longer than the limit, after it was dropped. */
    interface TooLong {
        /** A line of {@code bytes} bytes was dropped; {@code id} is its plain request id, or null. */
        void dropped(long bytes, Object id);

        /** A line (of {@code bytes} bytes at least) was dropped because the heap had no room for it now. */
        default void unaffordable(long bytes, Object id) {
            dropped(bytes, id);
        }
    }

    /** Lines of at most {@code maxLineBytes} bytes (a line end aside); longer ones go to {@code tooLong}. */
    StdioLines(InputStream in, int maxLineBytes, TooLong tooLong) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("The line limit must be positive: " + maxLineBytes);
        }
        this.in = in;
        this.maxLineBytes = maxLineBytes;
        this.tooLong = tooLong;
        this.buffer = new byte[Math.min(FIRST_BUFFER, maxLineBytes + 1)];
    }

    /**
     * The next line, or null at the end of the input. A last line without a line end is still a line. Lines over
     * the limit are dropped (and reported) on the way.
     */
    byte[] next() throws IOException {
        int scanned = 0; // bytes after start known to hold no line end (fill may move start)
        while (true) {
            int lineEnd = indexOfLineEnd(start + scanned);
            if (lineEnd >= 0) {
                byte[] line = take(lineEnd, lineEnd + 1);
                if (line != null) {
                    return line;
                }
                scanned = 0; // it did not fit in memory: skipped and reported
                continue;
            }
            if (end - start > maxLineBytes) {
                dropLine(false);
                scanned = 0;
                continue;
            }
            if (eof) {
                return end > start ? take(end, end) : null;
            }
            scanned = end - start;
            if (!fill()) {
                dropLine(true); // the buffer could not grow: the heap has no room for this line now
                scanned = 0;
            }
        }
    }

    /**
     * Reads the rest of a line over the limit ({@code unaffordable}: over what memory allows now) without keeping
     * it, looking for its id on the way.
     */
    private void dropLine(boolean unaffordable) throws IOException {
        JsonRpcIdScanner id = new JsonRpcIdScanner();
        long dropped = 0;
        while (true) {
            int lineEnd = indexOfLineEnd(start);
            int stop = lineEnd < 0 ? end : lineEnd;
            id.feed(buffer, start, stop);
            dropped += stop - start;
            if (lineEnd >= 0) {
                start = lineEnd + 1;
                break;
            }
            start = 0;
            end = 0;
            if (eof) {
                break;
            }
            fill(); // an empty buffer: nothing to grow
        }
        if (unaffordable) {
            tooLong.unaffordable(dropped, id.id());
        } else {
            tooLong.dropped(dropped, id.id());
        }
    }

    /** The index of the first {@code \n} buffered from {@code from} on, or -1. */
    private int indexOfLineEnd(int from) {
        for (int i = from; i < end; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * Reads more input after what is buffered, first moving the unread part to the front or growing the buffer (to
     * one byte over the line limit at most: a longer line is dropped as it is read). False, with nothing read, when
     * the buffer had to grow and the heap had no room: an {@link OutOfMemoryError} here used to end the thread
     * reading stdin, and with it the session (a {@code --max-message} above what the heap can hold).
     */
    private boolean fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buffer.length) {
            try {
                buffer = Arrays.copyOf(buffer, (int) Math.min(buffer.length * 2L, maxLineBytes + 1L));
            } catch (OutOfMemoryError e) {
                return false;
            }
        }
        int n = in.read(buffer, end, buffer.length - end);
        if (n < 0) {
            eof = true;
        } else {
            end += n;
        }
        return true;
    }

    /** The bytes from {@code start} to {@code lineEnd}, less a trailing {@code \r}; reading resumes at {@code next}. */
    private byte[] take(int lineEnd, int next) {
        int to = lineEnd > start && buffer[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
        byte[] line;
        try {
            line = Arrays.copyOfRange(buffer, start, to);
        } catch (OutOfMemoryError e) { // no room for a copy of the line: skipped, reported
            JsonRpcIdScanner id = new JsonRpcIdScanner();
            id.feed(buffer, start, to);
            tooLong.unaffordable(to - start, id.id());
            start = next;
            return null;
        }
        start = next;
        if (buffer.length > KEPT_BUFFER && end - start <= FIRST_BUFFER) {
            shrink(); // a large message's buffer is not kept for the rest of the session
        }
        return line;
    }

    /** Moves what is buffered into a buffer of the first size. */
    private void shrink() {
        byte[] small = new byte[Math.min(FIRST_BUFFER, maxLineBytes + 1)];
        System.arraycopy(buffer, start, small, 0, end - start);
        end -= start;
        start = 0;
        buffer = small;
    }

    /** The buffer's size now (tests). */
    int capacity() {
        return buffer.length;
    }
}
