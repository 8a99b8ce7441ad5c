package dev.gabysql.core.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunningCallsTest {
    @Test
    void aCallIsCancelledByItsKeyOnlyByItsOwner() {
        RunningCalls<String> calls = new RunningCalls<>();
        Cancellation c = new Cancellation();
        assertThat(calls.start("a", "token-1", c)).isTrue();
        assertThat(calls.cancel("a", "token-2")).isFalse();
        assertThat(c.isCancelled()).isFalse();
        assertThat(calls.cancel("a", "token-1")).isTrue();
        assertThat(c.isCancelled()).isTrue();
    }

    @Test
    void aSecondCallUnderARunningKeyIsNotRegisteredAndEndingItLeavesTheFirst() {
        RunningCalls<Long> calls = new RunningCalls<>();
        Cancellation first = calls.start(1L);
        Cancellation second = new Cancellation();
        assertThat(calls.start(1L, null, second)).isFalse();
        calls.end(1L, second);
        assertThat(calls.size()).isEqualTo(1);
        assertThat(calls.cancel(1L)).isTrue();
        assertThat(first.isCancelled()).isTrue();
        calls.end(1L, first);
        assertThat(calls.size()).isZero();
        assertThat(calls.cancel(1L)).isFalse();
        assertThat(calls.cancel(null)).isFalse();
    }

    @Test
    void cancelAllCancelsEveryRunningCall() {
        RunningCalls<String> calls = new RunningCalls<>();
        Cancellation a = calls.start("a");
        Cancellation b = new Cancellation();
        calls.start("b", "owner", b);
        assertThat(calls.cancelAll()).isEqualTo(2);
        assertThat(a.isCancelled()).isTrue();
        assertThat(b.isCancelled()).isTrue();
    }
}
