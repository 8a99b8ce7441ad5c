package dev.gabysql.mcp.stdio;

import dev.gabysql.core.json.JsonBytes;
import dev.gabysql.mcp.json.JsonRpcReply;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A stdio session's standard output as its three writers share it: {@link EarlyInitialize} and {@link DirectToolCalls}
 * write whole lines with {@link #writeLine}, the SDK's transport through the {@code OutputStream} methods, all under
 * this object's lock (the SDK's transport locks the stream it was given while it writes a message and its line end).
 * When the first {@code initialize} was answered early, the SDK's own reply to it is dropped here, so that the client
 * reads exactly one reply per request; only what the SDK writes is looked at. Thread-safe.
 */
public final class ProtocolOutput extends OutputStream {
    private static final Logger LOG = LoggerFactory.getLogger(ProtocolOutput.class);
    private static final byte[] RESULT = JsonBytes.ascii("\"result\"");

    private final OutputStream out;
    private final SdkOutbound sdk;
    /** How the reply to drop begins, or null. Guarded by this. */
    private byte[] duplicate;
    /** The line end written after the dropped reply is dropped too. Guarded by this. */
    private boolean dropLineEnd;

    ProtocolOutput(OutputStream out) {
        this(out, new SdkOutbound());
    }

    /** {@code sdk} hears of each message the SDK's transport writes (its line end). */
    ProtocolOutput(OutputStream out, SdkOutbound sdk) {
        this.out = out;
        this.sdk = sdk;
    }

    /**
     * Writes {@code line} (one JSON-RPC message, with its line end) and flushes; the next line that begins as a
     * response to {@code id} is then dropped: the request was answered here.
     */
    synchronized void answerFirst(Object id, byte[] line) throws IOException {
        duplicate = JsonRpcReply.start(id, 64).raw(',').toBytes();
        out.write(line);
        out.flush();
    }

    /** Writes one line (a JSON-RPC message with its line end) and flushes. */
    synchronized void writeLine(byte[] line) throws IOException {
        out.write(line);
        out.flush();
    }

    /** The SDK's transport writes here: a message, then its line end, then a flush. */
    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        boolean lineEnd = len == 1 && b[off] == '\n';
        if (lineEnd) {
            sdk.written();
        }
        if (dropLineEnd) {
            dropLineEnd = false;
            if (lineEnd) {
                return;
            }
        }
        if (duplicate != null && startsWith(b, off, len, duplicate)) {
            checkDropped(b, off + duplicate.length, len - duplicate.length);
            duplicate = null;
            dropLineEnd = true;
            return;
        }
        out.write(b, off, len);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    private static boolean startsWith(byte[] b, int off, int len, byte[] prefix) {
        return len >= prefix.length && Arrays.equals(b, off, off + prefix.length, prefix, 0, prefix.length);
    }

    /** The client has its reply already; an error from the SDK would mean the two disagree: said on stderr. */
    private static void checkDropped(byte[] b, int off, int len) {
        if (!startsWith(b, off, len, RESULT)) {
            LOG.warn(
                    "The SDK refused an initialize request that was already answered: {}",
                    new String(b, off, Math.min(len, 300), StandardCharsets.UTF_8));
        }
    }
}
