package dev.gabysql.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A poller checks while there is work, stops checking when there is none, and starts again on a wake. */
class PollerTest {
    private static final long PERIOD = 2_000_000;
    private static final long LINGER = 20_000_000;

    @Test
    void checksWhileBusyParksWhenIdleAndWakesAgain() throws Exception {
        AtomicInteger checks = new AtomicInteger();
        AtomicBoolean busy = new AtomicBoolean(true);
        Poller poller = new Poller("poller-test", PERIOD, LINGER, now -> {
            checks.incrementAndGet();
            return busy.get();
        });
        poller.wake();
        awaitChecks(checks, 5);
        busy.set(false);
        Thread.sleep(LINGER / 1_000_000 * 3);
        int parkedAt = checks.get();
        Thread.sleep(LINGER / 1_000_000 * 3);
        assertThat(checks.get()).as("no checks while parked").isEqualTo(parkedAt);
        busy.set(true);
        poller.wake();
        awaitChecks(checks, parkedAt + 5);
    }

    private static void awaitChecks(AtomicInteger checks, int atLeast) throws InterruptedException {
        for (long deadline = System.nanoTime() + 5_000_000_000L;
                checks.get() < atLeast && System.nanoTime() < deadline; ) {
            Thread.sleep(1);
        }
        assertThat(checks.get()).isGreaterThanOrEqualTo(atLeast);
    }
}
