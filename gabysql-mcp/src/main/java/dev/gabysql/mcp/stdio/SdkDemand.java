package dev.gabysql.mcp.stdio;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * When a stdio session builds the SDK's server: as soon as a line needs it (a request {@link DirectToolCalls} does
 * not answer), or once the client has been quiet for {@link #QUIET} with nothing in flight, whichever comes first;
 * never when the input ends before either.
 *
 * <p>Why (docs/design.md#mcp): initialize, tools/list and plain tool calls are answered without the SDK, and building
 * its server (Jackson, Reactor, the server's specifications) costs a fresh JVM much CPU. Built while the
 * client waits for its first answers, it took that CPU from the database connection and the call on a 2-core
 * machine; built when needed or in a pause, it costs the client nothing it did not ask for. The lines meant for the
 * SDK wait in its input feed meanwhile, in order. Thread-safe.
 */
final class SdkDemand {
    /** How long the client must have been quiet before the server is built unasked. */
    static final Duration QUIET = Duration.ofMillis(50);

    private static final long POLL_MS = 10;

    private final CountDownLatch wanted = new CountDownLatch(1);

    /** A line needs the SDK's session: the server is built at once. */
    void want() {
        wanted.countDown();
    }

    /**
     * Waits until the server should be built (true) or the input has ended first (false). {@code activity} is the
     * client's: a quiet client is one with nothing in flight and nothing received for {@link #QUIET}.
     */
    boolean await(EndOfInput input, ClientActivity activity) throws InterruptedException {
        while (!wanted.await(POLL_MS, TimeUnit.MILLISECONDS)) {
            if (input.await(0, TimeUnit.MILLISECONDS)) {
                return wanted.getCount() == 0; // a line may have wanted it just before the input ended
            }
            if (activity.idleFor(QUIET)) {
                return true;
            }
        }
        return true;
    }
}
