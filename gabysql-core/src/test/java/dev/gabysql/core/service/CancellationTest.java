package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A wait run through {@link Cancellation#awaiting} ends when the call is cancelled, and leaves no interrupt. */
final class CancellationTest {

    @Test
    void aCancelEndsTheWaitAsCancelledAndTakesItsInterruptBack() throws Exception {
        Cancellation cancellation = new Cancellation();
        CountDownLatch waiting = new CountDownLatch(1);
        AtomicBoolean interruptLeft = new AtomicBoolean(true);
        CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() -> {
            try {
                cancellation.awaiting("a test", () -> {
                    waiting.countDown();
                    try {
                        new CountDownLatch(1).await(); // what a pool's wait does: blocks until interrupted
                        return "never";
                    } catch (InterruptedException e) {
                        throw new IllegalStateException("interrupted", e);
                    }
                });
                return null;
            } catch (RuntimeException e) {
                interruptLeft.set(Thread.currentThread().isInterrupted());
                return e;
            }
        });
        assertThat(waiting.await(5, TimeUnit.SECONDS)).isTrue();
        cancellation.cancel();
        Throwable t = outcome.get(5, TimeUnit.SECONDS);
        assertThat(t)
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED));
        assertThat(t.getMessage()).contains("while it waited for a test");
        assertThat(interruptLeft).isFalse();
    }

    @Test
    void aCallCancelledBeforeDoesNotWait() {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel();
        AtomicBoolean ran = new AtomicBoolean();
        assertThatThrownBy(() -> cancellation.awaiting("a test", () -> ran.getAndSet(true)))
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED));
        assertThat(ran).isFalse();
    }

    @Test
    void aWaitThatEndsOnItsOwnIsLeftAlone() {
        Cancellation cancellation = new Cancellation();
        assertThat(cancellation.awaiting("a test", () -> "got it")).isEqualTo("got it");
        assertThatThrownBy(() -> cancellation.awaiting("a test", () -> {
                    throw new IllegalStateException("the pool's own failure");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
