package dev.gabysql.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A lock wait ends before the statement timeout: half of it, within the dialect's cap, never zero. A value keeps
 * fewer characters when a row of many columns would pass the result's budget.
 */
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

    @Test
    void aValueKeepsFewerCharactersWhenItsRowWouldPassTheBudget() {
        Limits limits = Limits.DEFAULT; // 2,000 characters a value, 200,000 a result
        assertThat(limits.valueCharsFor(10, 200_000)).isEqualTo(2_000);
        assertThat(limits.valueCharsFor(1_000, 200_000)).isEqualTo(180); // 200 a value, 20 of them for the marker
        assertThat(limits.valueCharsFor(1_000, 100_000)).isEqualTo(80);
        assertThat(limits.valueCharsFor(50_000, 200_000)).isEqualTo(Limits.MIN_VALUE_CHARS);
        assertThat(limits.valueCharsFor(0, 200_000)).isEqualTo(2_000);
        Limits tiny = new Limits(Duration.ofSeconds(1), 10, 8, 200_000);
        assertThat(tiny.valueCharsFor(50_000, 200_000))
                .as("never more than the value cap")
                .isEqualTo(8);
    }
}
