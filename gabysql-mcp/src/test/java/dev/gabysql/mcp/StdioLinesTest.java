package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines out of a byte stream, however the stream cuts its reads. */
final class StdioLinesTest {

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

    private static List<String> lines(InputStream in) throws IOException {
        StdioLines lines = new StdioLines(in);
        List<String> out = new ArrayList<>();
        for (byte[] l = lines.next(); l != null; l = lines.next()) {
            out.add(new String(l, StandardCharsets.UTF_8));
        }
        return out;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
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
