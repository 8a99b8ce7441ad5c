package dev.gabysql.core.audit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where the chain of an audit file ends: the last chained line's {@code seq} and {@code chain}, read backwards from
 * the end, past lines without a chain (written before chaining, or not by gabysql) and a cut-off last line. An
 * appender continues from there; {@code gabysql audit verify} reports whatever lies between. Stateless.
 */
final class AuditTail {
    private static final int BLOCK = 8192;

    private AuditTail() {}

    /** The end of the chain in the first {@code size} bytes of {@code file}: seq 0 and "" when nothing is chained. */
    record End(long seq, String chain, boolean endsWithLineFeed) {}

    static End read(Path file, long size) throws IOException {
        if (size == 0) {
            return new End(0, "", true);
        }
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            boolean lineFeed = byteAt(in, size - 1) == '\n';
            long lineEnd = lineFeed ? size - 1 : size;
            while (lineEnd > 0) {
                long lineStart = lineFeedBefore(in, lineEnd) + 1;
                byte[] line = read(in, lineStart, (int) Math.min(Integer.MAX_VALUE - 8, lineEnd - lineStart));
                AuditChain.Link link = AuditChain.parse(line, line.length);
                if (link.chained()) {
                    return new End(link.seq(), link.chain(), lineFeed);
                }
                lineEnd = lineStart - 1;
            }
            return new End(0, "", lineFeed);
        }
    }

    /** The position of the last line feed before {@code end}, or -1. */
    private static long lineFeedBefore(FileChannel in, long end) throws IOException {
        long pos = end;
        while (pos > 0) {
            int n = (int) Math.min(BLOCK, pos);
            byte[] block = read(in, pos - n, n);
            for (int i = n - 1; i >= 0; i--) {
                if (block[i] == '\n') {
                    return pos - n + i;
                }
            }
            pos -= n;
        }
        return -1;
    }

    private static byte byteAt(FileChannel in, long pos) throws IOException {
        return read(in, pos, 1)[0];
    }

    private static byte[] read(FileChannel in, long pos, int n) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(n);
        while (buf.hasRemaining()) {
            if (in.read(buf, pos + buf.position()) < 0) {
                break;
            }
        }
        return buf.array();
    }
}
