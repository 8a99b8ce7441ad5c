package dev.gabysql.mcp;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting on an object's monitor until a condition holds, with a time limit. */
final class Monitors {
    private Monitors() {
    }

    /**
     * Waits on {@code monitor} (the caller holds it; whoever changes the condition notifies it) until {@code done}
     * holds or {@code timeout} has passed; says whether it holds.
     */
    static boolean awaitUntil(Object monitor, BooleanSupplier done, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(monitor, left);
        }
        return true;
    }
}
