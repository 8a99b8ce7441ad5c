package dev.gabysql.mcp.stdio;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The stdin of a stdio server, noticing when it ends. The SDK's stdio threads are not daemons and a request sent
 * before {@code notifications/initialized} can keep them waiting (MCP Java SDK 2.1.0), so the server does not rely on
 * them to stop: it waits here and shuts down when the client closes its end. Thread-safe.
 */
final class EndOfInput extends FilterInputStream {
    private final CountDownLatch ended = new CountDownLatch(1);

    EndOfInput(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        return watch(() -> super.read());
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return watch(() -> super.read(b, off, len));
    }

    /** Marks the input as over (also when the transport gave up reading for another reason). */
    void end() {
        ended.countDown();
    }

    boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        return ended.await(timeout, unit);
    }

    void await() throws InterruptedException {
        ended.await();
    }

    private int watch(Read read) throws IOException {
        try {
            int n = read.run();
            if (n < 0) {
                end();
            }
            return n;
        } catch (IOException | RuntimeException e) {
            end();
            throw e;
        }
    }

    @FunctionalInterface
    private interface Read {
        int run() throws IOException;
    }
}
