package dev.gabysql.server.api;

import dev.gabysql.core.api.Cancellation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;

/**
 * Cancels the statement of an API call whose client has gone. Jetty 12 does not read an HTTP/1.1 connection while a
 * blocking handler runs, so a client that gave up (a timeout, Ctrl-C) went unnoticed until the answer was written:
 * its statement ran on to the request timeout, holding one of the database's few pooled connections.
 *
 * <p>While a call runs (after {@link #FIRST_PROBE_MS}, every {@link #PROBE_MS}) one byte is read from its socket
 * without blocking: the end of the stream or an error means the client is gone (as Go's net/http decides) and the
 * call is cancelled; nothing means it waits. A byte means it sent its next request before this answer (HTTP/1.1
 * pipelining, which clients do not use with POST): that byte cannot be handed back to Jetty, so probing stops and
 * the connection closes after the answer. Probing has stopped when {@link Watch#close()} returns, before the answer
 * is written, so that Jetty alone reads the connection from then on. One daemon timer thread serves all calls.
 * Thread-safe.
 */
public final class ClientWatch implements AutoCloseable {
    static final long FIRST_PROBE_MS = 500;
    static final long PROBE_MS = 250;

    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "gabysql-http-clients");
        t.setDaemon(true);
        return t;
    });

    public ClientWatch() {
        timer.setRemoveOnCancelPolicy(true);
    }

    /** Starts watching the client of {@code req} for {@code cancellation}'s call; close the watch before answering. */
    Watch watch(HttpServletRequest req, HttpServletResponse resp, Cancellation cancellation) {
        SocketChannel channel = channel(req);
        if (channel == null) {
            return Watch.NONE;
        }
        Watch w = new Watch(channel, resp, cancellation);
        w.schedule(timer);
        return w;
    }

    /**
     * The non-blocking socket of the request's connection, or null: another transport, a test's mock, or a protocol
     * other than HTTP/1 (an HTTP/2 connection carries other requests' frames, which a probe must never read).
     */
    private static SocketChannel channel(HttpServletRequest req) {
        if (!req.getProtocol().startsWith("HTTP/1.")) {
            return null;
        }
        try {
            EndPoint endPoint = ServletContextRequest.getServletContextRequest(req)
                    .getConnectionMetaData()
                    .getConnection()
                    .getEndPoint();
            Object transport = endPoint.getTransport();
            return transport instanceof SocketChannel && !((SocketChannel) transport).isBlocking()
                    ? (SocketChannel) transport
                    : null;
        } catch (RuntimeException notJetty) {
            return null;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    /** One call's watch. */
    static final class Watch implements AutoCloseable {
        static final Watch NONE = new Watch(null, null, null);

        private final SocketChannel channel;
        private final HttpServletResponse resp;
        private final Cancellation cancellation;
        private final ByteBuffer one = ByteBuffer.allocate(1);
        private ScheduledFuture<?> probes;
        private boolean stopped;
        private boolean readAhead;

        private Watch(SocketChannel channel, HttpServletResponse resp, Cancellation cancellation) {
            this.channel = channel;
            this.resp = resp;
            this.cancellation = cancellation;
        }

        private synchronized void schedule(ScheduledThreadPoolExecutor timer) {
            probes = timer.scheduleWithFixedDelay(this::probe, FIRST_PROBE_MS, PROBE_MS, TimeUnit.MILLISECONDS);
        }

        private synchronized void probe() {
            if (stopped) {
                return;
            }
            int n;
            try {
                one.clear();
                n = channel.read(one);
            } catch (IOException reset) {
                n = -1;
            }
            if (n < 0) {
                stop();
                cancellation.cancel();
            } else if (n > 0) {
                readAhead = true;
                stop();
            }
        }

        private void stop() {
            stopped = true;
            if (probes != null) {
                probes.cancel(false);
            }
        }

        /** Stops probing (a probe under way finishes first); the connection closes after a read-ahead. */
        @Override
        public synchronized void close() {
            if (channel == null) {
                return;
            }
            stop();
            if (readAhead && !resp.isCommitted()) {
                resp.setHeader("Connection", "close");
            }
        }
    }
}
