package dev.gabysql.server.api;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The request timeout: a call still running when it expires has its statement cancelled through the call's
 * {@code Cancellation}, and the caller gets 504 TIMEOUT rather than the cancellation. One daemon timer thread
 * serves all requests. It also knows the calls in flight, so that a stop that ran out of time can cancel their
 * statements instead of leaving them running in the database. Thread-safe.
 */
public final class Deadlines implements AutoCloseable {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gabysql-http-deadlines");
        t.setDaemon(true);
        return t;
    });
    private final Duration timeout;
    private final Set<CallContext> running = ConcurrentHashMap.newKeySet();

    public Deadlines(Duration timeout) {
        this.timeout = timeout;
    }

    <T> T run(CallContext ctx, Supplier<T> work) {
        AtomicBoolean expired = new AtomicBoolean();
        ScheduledFuture<?> alarm = timer.schedule(
                () -> {
                    expired.set(true);
                    ctx.cancellation().cancel();
                },
                timeout.toMillis(),
                TimeUnit.MILLISECONDS);
        running.add(ctx);
        try {
            return work.get();
        } catch (GabyException e) {
            if (expired.get() && e.code() == ErrorCode.CANCELLED) {
                throw new GabyException(
                        ErrorCode.TIMEOUT,
                        "The request ran longer than the server's request" + " timeout of " + timeout.toSeconds()
                                + " s and was cancelled.",
                        "Narrow the query (WHERE, LIMIT, an index), or start the server with a longer"
                                + " --request-timeout.");
            }
            throw e;
        } finally {
            running.remove(ctx);
            alarm.cancel(false);
        }
    }

    /** Cancels every call still running (the server's stop timeout has passed). */
    public int cancelAll() {
        running.forEach(ctx -> ctx.cancellation().cancel());
        return running.size();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
