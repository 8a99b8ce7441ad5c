package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.dialect.ReplicaPosition;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The replica's lag from positions seen over time (docs/design.md#read-replicas), without a database. */
class LagSamplesTest {
    private static final long SECOND = 1_000_000_000L;
    private final LagSamples lag = new LagSamples();

    @Test
    void aReplicaThatHasEverythingHasNoLagHoweverLongThePrimaryWasIdle() {
        assertThat(lag.observe(new ReplicaPosition(100, 100), 0)).isEqualTo(Duration.ZERO);
        assertThat(lag.observe(new ReplicaPosition(100, 100), 3_600 * SECOND)).isEqualTo(Duration.ZERO);
    }

    @Test
    void theLagIsTheAgeOfTheOldestPositionNotYetReplayed() {
        assertThat(lag.observe(new ReplicaPosition(100, 50), 0)).isEqualTo(Duration.ZERO);
        assertThat(lag.observe(new ReplicaPosition(200, 50), 2 * SECOND)).isEqualTo(Duration.ofSeconds(2));
        assertThat(lag.observe(new ReplicaPosition(300, 150), 5 * SECOND)).isEqualTo(Duration.ofSeconds(3));
        assertThat(lag.observe(new ReplicaPosition(300, 300), 6 * SECOND)).isEqualTo(Duration.ZERO);
    }

    /** Under a steady write load the replica is always a little behind: that is no lag to report. */
    @Test
    void aReplicaAMomentBehindABusyPrimaryLagsByLessThanTheChecksInterval() {
        for (int i = 1; i <= 10; i++) {
            assertThat(lag.observe(new ReplicaPosition(i * 100L, i * 100L - 1), i * SECOND))
                    .isEqualTo(Duration.ZERO);
        }
    }
}
