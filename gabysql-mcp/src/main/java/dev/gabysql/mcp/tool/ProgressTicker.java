package dev.gabysql.mcp.tool;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends {@code notifications/progress} while a long call runs, when the client asked for progress with a
 * {@code progressToken} in the request's {@code _meta}: first after {@code after}, then every
 * {@code after}. The progress value is the number of seconds elapsed (the total is unknown). One daemon thread
 * for the process. Thread-safe.
 */
public final class ProgressTicker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProgressTicker.class);
    private static final ProgressTicker NONE = new ProgressTicker(null);
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gabysql-mcp-progress");
        t.setDaemon(true);
        return t;
    });

    private final ScheduledFuture<?> future;

    private ProgressTicker(ScheduledFuture<?> future) {
        this.future = future;
    }

    public static ProgressTicker start(McpSyncServerExchange exchange, Map<String, Object> meta, Duration every) {
        Object token = meta == null ? null : meta.get("progressToken");
        if (token == null || exchange == null) {
            return NONE;
        }
        long started = System.nanoTime();
        long ms = Math.max(1, every.toMillis());
        return new ProgressTicker(
                TIMER.scheduleAtFixedRate(() -> tick(exchange, token, started), ms, ms, TimeUnit.MILLISECONDS));
    }

    private static void tick(McpSyncServerExchange exchange, Object token, long started) {
        double seconds = Math.floor((System.nanoTime() - started) / 1e8) / 10.0;
        try {
            exchange.progressNotification(
                    new McpSchema.ProgressNotification(token, seconds, null, "still running after " + seconds + " s"));
        } catch (RuntimeException e) {
            LOG.debug("Progress notification not sent: {}", e.toString());
        }
    }

    @Override
    public void close() {
        if (future != null) {
            future.cancel(false);
        }
    }
}
