package dev.gabysql.mcp.stdio;

import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Predicate;

/**
 * The SDK's stdin once {@link DirectToolCalls} reads the real one: the lines handed on to the SDK, each followed by
 * {@code \n}, then the end of input after {@link #close()}. Unlike a piped stream, it does not care which thread
 * adds a line (the reading role moves between threads). A line the reader may not see ({@link UnreadableMessages})
 * is skipped when the reader comes to it. Thread-safe for one reading thread and any writers.
 */
final class LineFeed extends InputStream {
    private static final byte[] END = new byte[0];

    private final BlockingQueue<byte[]> lines = new LinkedBlockingQueue<>();
    /** Tests each line (with its line end) on the reader's thread when it comes to it; false skips it. */
    private final Predicate<byte[]> admits;

    private byte[] current = new byte[0];
    private int position;
    private boolean ended;
    /** The reader waits for a line. */
    private volatile boolean waiting;

    /** Every line is passed on. */
    LineFeed() {
        this(line -> true);
    }

    /** Lines {@code admits} refuses are skipped (it runs on the reader's thread, which it may answer for). */
    LineFeed(Predicate<byte[]> admits) {
        this.admits = admits;
    }

    /** Queues one line (without its line end). */
    void add(byte[] line) {
        byte[] withEnd = new byte[line.length + 1];
        System.arraycopy(line, 0, withEnd, 0, line.length);
        withEnd[line.length] = '\n';
        lines.add(withEnd);
    }

    /** The input ends after the lines already queued. */
    @Override
    public void close() {
        lines.add(END);
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (position == current.length && !advance()) {
            return -1;
        }
        int n = Math.min(len, current.length - position);
        System.arraycopy(current, position, b, off, n);
        position += n;
        return n;
    }

    private byte[] take() {
        waiting = true;
        try {
            return lines.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return END;
        } finally {
            waiting = false;
        }
    }

    @Override
    public int available() {
        return current.length - position;
    }

    /**
     * Waits, for {@code timeout} at most, until the reader has taken every line queued and waits for the next one:
     * it has handled them all (the SDK's transport hands each line to its session before it reads on). Says
     * whether it has.
     */
    boolean awaitTaken(Duration timeout) throws InterruptedException {
        return BoundedWait.until(() -> waiting && lines.isEmpty(), timeout);
    }

    /**
     * Waits for the next line the reader may see; false at the end. An interrupted wait ends the input. A line
     * being tested is not waited for: {@link #awaitTaken} does not take it for handled before the test's answer.
     */
    private boolean advance() {
        if (ended) {
            return false;
        }
        do {
            current = take();
        } while (current != END && !admits.test(current));
        position = 0;
        ended = current == END;
        return !ended;
    }
}
