package dev.gabysql.mcp.stdio;

import dev.gabysql.core.api.RunningCalls;
import java.time.Duration;

/**
 * The end of a stdio session's input: every request already received is answered before the session ends. A
 * script that pipes its requests and closes stdin gets every answer; a call still running after {@link #GRACE}
 * is cancelled and answered as cancelled, so that the process exits before a client that closed stdin stops
 * waiting (the TypeScript SDK sends SIGTERM after 2 s) and leaves no statement running in the database. The SDK's
 * stdio transport drops whatever it has not written once its own input ends, so that input ends here, last.
 */
final class SessionEnd {
    /** How long the requests being answered when the input ends may go on before their calls are cancelled. */
    static final Duration GRACE = Duration.ofSeconds(1);
    /** How long cancelled calls, and the SDK's writer, are given to write their answers. */
    private static final Duration LAST_ANSWERS = Duration.ofMillis(500);

    private final LineFeed sdkInput;
    private final ClientActivity activity;
    private final RunningCalls<Object> calls;
    private final SdkOutbound outbound;

    SessionEnd(LineFeed sdkInput, ClientActivity activity, RunningCalls<Object> calls, SdkOutbound outbound) {
        this.sdkInput = sdkInput;
        this.activity = activity;
        this.calls = calls;
        this.outbound = outbound;
    }

    /** Answers what was received, then ends the SDK's input. {@code sdkBuilt}: the SDK's server reads that input. */
    void finish(boolean sdkBuilt) throws InterruptedException {
        try {
            long deadline = System.nanoTime() + GRACE.toNanos();
            if (sdkBuilt) {
                sdkInput.awaitTaken(left(deadline)); // every request handed to the SDK has reached its session
            }
            if (!activity.awaitNoRequest(left(deadline)) && calls.size() > 0) {
                calls.cancelAll();
                activity.awaitNoRequest(LAST_ANSWERS);
            }
            if (sdkBuilt) {
                outbound.awaitWritten(LAST_ANSWERS);
            }
        } finally {
            calls.cancelAll(); // a request that has not answered by now never will: nothing may go on running
            sdkInput.close();
        }
    }

    private static Duration left(long deadline) {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }
}
