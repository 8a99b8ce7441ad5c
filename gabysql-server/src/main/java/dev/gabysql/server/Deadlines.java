package dev.gabysql.server;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.CallContext;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The request timeout: a call still running when it expires has its statement cancelled through the call's
 * {@code Cancellation}, and the caller gets 504 TIMEOUT rather than the cancellation. One daemon timer thread
 * serves all requests. Thread-safe.
 */
final class Deadlines implements AutoCloseable {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gabysql-http-deadlines");
        t.setDaemon(true);
        return t;
    });
    private final Duration timeout;

    Deadlines(Duration timeout) {
        this.timeout = timeout;
    }

    <T> T run(CallContext ctx, Supplier<T> work) {
        AtomicBoolean expired = new AtomicBoolean();
        ScheduledFuture<?> alarm = timer.schedule(() -> {
            expired.set(true);
            ctx.cancellation().cancel();
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        try {
            return work.get();
        } catch (GabyException e) {
            if (expired.get() && e.code() == ErrorCode.CANCELLED) {
                throw new GabyException(ErrorCode.TIMEOUT, "The request ran longer than the server's request"
                        + " timeout of " + timeout.toSeconds() + " s and was cancelled.",
                        "Narrow the query (WHERE, LIMIT, an index), or start the server with a longer"
                        + " --request-timeout.");
            }
            throw e;
        } finally {
            alarm.cancel(false);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
