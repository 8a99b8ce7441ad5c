package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines out of a byte stream, however the stream cuts its reads; lines over the limit dropped in bounded memory. */
final class StdioLinesTest {
    private static final int UNLIMITED = Integer.MAX_VALUE - 16;

    @Test
    void splitsOnLineEndsWhateverTheReadsReturn() throws IOException {
        String big = "x".repeat(50_000) + "é";
        String input = "one\r\ntwo\n\n" + big + "\nlast without end";
        List<String> expected = List.of("one", "two", "", big, "last without end");
        assertThat(lines(new ByteArrayInputStream(bytes(input)))).isEqualTo(expected);
        assertThat(lines(new OneByteAtATime(bytes(input)))).isEqualTo(expected);
    }

    @Test
    void endsWithNothingAfterAFinalLineEnd() throws IOException {
        assertThat(lines(new OneByteAtATime(bytes("a\n")))).containsExactly("a");
        assertThat(lines(new ByteArrayInputStream(new byte[0]))).isEmpty();
    }

    @Test
    void dropsLinesOverTheLimitAndReadsOn() throws IOException {
        String longLine = "{\"jsonrpc\":\"2.0\",\"id\":7,\"params\":\"" + "y".repeat(5_000) + "\"}";
        String input = "short\n" + "x".repeat(100) + "\n" + longLine + "\r\nafter\n" + "z".repeat(101);
        for (InputStream in : List.of(new ByteArrayInputStream(bytes(input)), new OneByteAtATime(bytes(input)))) {
            List<String> dropped = new ArrayList<>();
            assertThat(lines(in, 100, (n, id) -> dropped.add(n + " " + id)))
                    .containsExactly("short", "x".repeat(100), "after");
            assertThat(dropped).containsExactly((longLine.length() + 1) + " 7", "101 null");
        }
    }

    @Test
    void aDroppedLineIsNeverHeldWhole() throws IOException {
        long size = 64L << 20; // 64 MiB of one line, then a short one
        InputStream in = new Generated(size);
        long[] dropped = new long[1];
        StdioLines lines = new StdioLines(in, 1 << 20, (n, id) -> dropped[0] = n);
        long heapBefore = usedHeap();
        assertThat(new String(lines.next(), StandardCharsets.UTF_8)).isEqualTo("{\"next\":1}");
        assertThat(dropped[0]).isEqualTo(size);
        assertThat(lines.next()).isNull();
        assertThat(usedHeap() - heapBefore).as("heap growth").isLessThan(16L << 20);
    }

    /** The buffer a 5 MB message needed is given back once it has been read: a session keeps no 16 MiB for good. */
    @Test
    void aLargeLinesBufferIsNotKept() throws IOException {
        String big = "x".repeat(5_000_000);
        StdioLines lines = new StdioLines(new ByteArrayInputStream(bytes(big + "\nnext\n")), 16 << 20, (n, id) -> {});
        assertThat(lines.next()).hasSize(5_000_000);
        assertThat(lines.capacity()).isLessThanOrEqualTo(1 << 14);
        assertThat(new String(lines.next(), StandardCharsets.UTF_8)).isEqualTo("next");
        assertThat(lines.next()).isNull();
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static List<String> lines(InputStream in) throws IOException {
        return lines(in, UNLIMITED, (n, id) -> {
            throw new AssertionError("dropped " + n);
        });
    }

    private static List<String> lines(InputStream in, int max, StdioLines.TooLong tooLong) throws IOException {
        StdioLines lines = new StdioLines(in, max, tooLong);
        List<String> out = new ArrayList<>();
        for (byte[] l = lines.next(); l != null; l = lines.next()) {
            out.add(new String(l, StandardCharsets.UTF_8));
        }
        return out;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code size} bytes of one JSON line ({@code {"id":1,"p":"xxx…"}}), then {@code {"next":1}} and its end. */
    private static final class Generated extends InputStream {
        private final byte[] head = bytes("{\"id\":1,\"p\":\"");
        private final byte[] tail = bytes("\"}\n{\"next\":1}\n");
        private final long size;
        private long pos;

        Generated(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0];
        }

        @Override
        public int read(byte[] b, int off, int len) {
            long all = size - 2 + tail.length;
            if (pos >= all) {
                return -1;
            }
            int n = (int) Math.min(len, all - pos);
            for (int i = 0; i < n; i++, pos++) {
                b[off + i] = byteAt(pos);
            }
            return n;
        }

        private byte byteAt(long p) {
            if (p < head.length) {
                return head[(int) p];
            }
            long tailStart = size - 2;
            if (p >= tailStart) {
                return tail[(int) (p - tailStart)];
            }
            return 'x';
        }
    }

    /** A stream that hands out one byte per read, as a pipe may. */
    private static final class OneByteAtATime extends InputStream {
        private final ByteArrayInputStream in;

        OneByteAtATime(byte[] data) {
            in = new ByteArrayInputStream(data);
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return len == 0 ? 0 : in.read(b, off, 1);
        }
    }
}
