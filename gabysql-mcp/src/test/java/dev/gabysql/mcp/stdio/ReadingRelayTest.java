package dev.gabysql.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A short call keeps the reading thread; a long one passes the reading on, once; a closed pool keeps it. */
class ReadingRelayTest {
    private static final long LONG_MS = ReadingRelay.GRACE_NANOS / 1_000_000 * 4;

    @Test
    void aShortCallKeepsTheReadingThread() {
        AtomicInteger started = new AtomicInteger();
        ReadingRelay relay = new ReadingRelay(started::incrementAndGet);
        int kept = 0;
        for (int i = 0; i < 100; i++) {
            int before = started.get();
            boolean keeps = relay.end(relay.begin());
            assertThat(keeps)
                    .as("kept exactly when no other reader was started")
                    .isEqualTo(started.get() == before);
            kept += keeps ? 1 : 0;
        }
        assertThat(kept)
                .as("calls far shorter than the grace period (a loaded machine may delay a few)")
                .isGreaterThan(50);
    }

    @Test
    void aLongCallPassesTheReadingOnOnce() throws Exception {
        AtomicInteger started = new AtomicInteger();
        ReadingRelay relay = new ReadingRelay(started::incrementAndGet);
        ReadingRelay.Turn turn = relay.begin();
        awaitStarted(started);
        assertThat(relay.end(turn)).isFalse();
        Thread.sleep(LONG_MS);
        assertThat(started).hasValue(1);
    }

    @Test
    void aLongCallAfterAQuietSpellIsStillWatched() throws Exception {
        AtomicInteger started = new AtomicInteger();
        ReadingRelay relay = new ReadingRelay(started::incrementAndGet);
        assertThat(relay.end(relay.begin())).isTrue();
        Thread.sleep(ReadingRelay.LINGER_NANOS / 1_000_000 + LONG_MS); // the watcher parks
        ReadingRelay.Turn turn = relay.begin();
        awaitStarted(started);
        assertThat(relay.end(turn)).isFalse();
        assertThat(started).hasValue(1);
    }

    @Test
    void whenNoThreadCanTakeOverTheCallersKeepsReading() throws Exception {
        AtomicInteger tried = new AtomicInteger();
        ReadingRelay relay = new ReadingRelay(() -> {
            tried.incrementAndGet();
            throw new RejectedExecutionException("closed");
        });
        ReadingRelay.Turn turn = relay.begin();
        awaitStarted(tried);
        assertThat(relay.end(turn)).isTrue();
    }

    private static void awaitStarted(AtomicInteger started) throws InterruptedException {
        for (long deadline = System.nanoTime() + 5_000_000_000L; started.get() == 0 && System.nanoTime() < deadline; ) {
            Thread.sleep(1);
        }
        assertThat(started).as("another reader started").hasValue(1);
    }
}
