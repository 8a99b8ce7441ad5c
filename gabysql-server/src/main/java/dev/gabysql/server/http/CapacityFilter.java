package dev.gabysql.server.http;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.api.Paths;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.Semaphore;

/**
 * The cap on requests served at once (docs/design.md#http-api). A request beyond it is answered at once with 503 and
 * {@code Retry-After: 1}: a permit is tried, never waited for, so an overloaded server stays responsive instead of
 * queueing callers until they time out. {@code /health} is exempt so that monitors see a busy server as alive.
 * Once draining (the server stops), every new request is refused the same way. Thread-safe.
 */
public final class CapacityFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;

    private final transient Semaphore permits;
    private final int max;
    private volatile boolean draining;

    public CapacityFilter(int max) {
        this.max = max;
        this.permits = new Semaphore(max);
    }

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        if (Paths.isHealth(req)) {
            chain.doFilter(req, resp);
            return;
        }
        if (draining) {
            resp.setHeader("Retry-After", "1");
            Responses.refuseUnread(resp, new GabyException(ErrorCode.OVER_CAPACITY, "The server is shutting down."));
            return;
        }
        if (!permits.tryAcquire()) {
            resp.setHeader("Retry-After", "1");
            Responses.refuseUnread(
                    resp,
                    new GabyException(
                            ErrorCode.OVER_CAPACITY,
                            "The server is already serving its" + " maximum of " + max + " requests at once."));
            return;
        }
        try {
            chain.doFilter(req, resp);
        } finally {
            permits.release();
        }
    }

    /**
     * Refuses new requests from now on and waits, at most until the deadline, for those being served to finish.
     * An MCP event stream (GET /mcp) holds no permit once open, so it does not delay the drain.
     *
     * @return true when nothing is in flight any more
     */
    public boolean drain(long deadlineNanos) throws InterruptedException {
        draining = true;
        while (inFlight() > 0 && System.nanoTime() < deadlineNanos) {
            Thread.sleep(10);
        }
        return inFlight() == 0;
    }

    /** Requests being served now. */
    public int inFlight() {
        return max - permits.availablePermits();
    }
}
