package dev.gabysql.mcp.stdio;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting, with a time limit, until a condition holds, by looking every few milliseconds. The end of a session
 * waits this way ({@link SessionEnd}) so that the requests it waits for never pay for a notification: one per
 * request cost a fresh process's one-row call a noticeable part of its time while its code was still interpreted
 * (docs/performance.md). Not the core's {@code Poller} (a background thread that watches deadlines): this one
 * waits on the caller's thread, once.
 */
final class BoundedWait {
    private static final long EVERY_MS = 2;

    private BoundedWait() {}

    /** Waits until {@code done} holds or {@code timeout} has passed; says whether it holds. */
    static boolean until(BooleanSupplier done, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            Thread.sleep(EVERY_MS);
        }
        return true;
    }
}
