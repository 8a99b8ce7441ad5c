package dev.gabysql.server;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.Semaphore;

/**
 * The cap on requests served at once (SPEC §6). A request beyond it is answered at once with 503 and
 * {@code Retry-After: 1}: a permit is tried, never waited for, so an overloaded server stays responsive instead of
 * queueing callers until they time out. {@code /health} is exempt so that monitors see a busy server as alive.
 * Thread-safe.
 */
final class CapacityFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;

    private final transient Semaphore permits;
    private final int max;

    CapacityFilter(int max) {
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
        if (!permits.tryAcquire()) {
            resp.setHeader("Retry-After", "1");
            Responses.error(resp, new GabyException(ErrorCode.OVER_CAPACITY, "The server is already serving its"
                    + " maximum of " + max + " requests at once."));
            return;
        }
        try {
            chain.doFilter(req, resp);
        } finally {
            permits.release();
        }
    }

    /** Requests being served now. */
    int inFlight() {
        return max - permits.availablePermits();
    }
}
