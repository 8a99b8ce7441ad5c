package dev.gabysql.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The closer defers a read's end only while its thread is idle; a second end arriving meanwhile runs on the caller's
 * thread, so that ends never queue behind one another (docs/performance.md#http-api). The sessions here are plain
 * objects that record which thread ended them: no connection is involved.
 */
class SessionCloserTest {
    @Test
    void anEndArrivingWhileAnotherIsPendingRunsOnTheCallersThread() throws Exception {
        try (SessionCloser closer = new SessionCloser()) {
            CountDownLatch release = new CountDownLatch(1);
            Ending slow = new Ending(true, release);
            closer.close(slow);
            assertThat(slow.started.await(5, TimeUnit.SECONDS)).isTrue();

            Ending next = new Ending(true, null);
            closer.close(next);
            assertThat(next.endedOn).isSameAs(Thread.currentThread());

            release.countDown();
            assertThat(slow.ended.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(slow.endedOn).isNotSameAs(Thread.currentThread());

            // once the thread has finished (its bookkeeping ends just after the session's end), ends are deferred again
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            Ending later;
            do {
                later = new Ending(true, null);
                closer.close(later);
                assertThat(later.ended.await(5, TimeUnit.SECONDS)).isTrue();
            } while (later.endedOn == Thread.currentThread() && System.nanoTime() < deadline);
            assertThat(later.endedOn).isNotSameAs(Thread.currentThread());
        }
    }

    @Test
    void aSessionThatMustEndNowEndsBeforeTheCallReturns() {
        try (SessionCloser closer = new SessionCloser()) {
            Ending write = new Ending(false, null);
            closer.close(write);
            assertThat(write.endedOn).isSameAs(Thread.currentThread());
        }
    }

    /** A session whose end records its thread, optionally holding until released. */
    private static final class Ending implements Session {
        final boolean mayEndLater;
        final CountDownLatch hold;
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch ended = new CountDownLatch(1);
        volatile Thread endedOn;

        Ending(boolean mayEndLater, CountDownLatch hold) {
            this.mayEndLater = mayEndLater;
            this.hold = hold;
        }

        @Override
        public boolean mayEndLater() {
            return mayEndLater;
        }

        @Override
        public void close() {
            started.countDown();
            try {
                if (hold != null) {
                    hold.await(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            endedOn = Thread.currentThread();
            ended.countDown();
        }

        @Override
        public Connection connection() {
            throw new UnsupportedOperationException("no connection in this test");
        }

        @Override
        public void commit() {}

        @Override
        public void markBroken() {}
    }
}
