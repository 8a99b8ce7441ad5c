package dev.gabysql.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A lock wait ends before the statement timeout: half of it, within the dialect's cap, never zero. */
final class LimitsTest {

    @Test
    void aLockWaitIsHalfTheTimeoutWithinTheCap() {
        Duration cap = Duration.ofSeconds(10);
        assertThat(Limits.DEFAULT.lockWait(cap)).isEqualTo(cap); // 30 s: half is 15 s, over the cap
        assertThat(Limits.DEFAULT.withStatementTimeout(Duration.ofSeconds(4)).lockWait(cap))
                .isEqualTo(Duration.ofSeconds(2));
        assertThat(Limits.DEFAULT.withStatementTimeout(Duration.ofMillis(1)).lockWait(cap))
                .isEqualTo(Duration.ofMillis(1));
    }
}
