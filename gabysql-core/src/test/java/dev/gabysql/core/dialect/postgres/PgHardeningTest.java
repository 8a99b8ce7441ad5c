package dev.gabysql.core.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The read-back of a session's statement timeout, as PostgreSQL shows a time setting. */
class PgHardeningTest {

    @Test
    void aTimeSettingReadsInMillisecondsWhicheverUnitTheServerShowsItIn() {
        assertThat(PgHardening.millis("0")).isZero();
        assertThat(PgHardening.millis("1234ms")).isEqualTo(1234);
        assertThat(PgHardening.millis("30s")).isEqualTo(30_000);
        assertThat(PgHardening.millis("5min")).isEqualTo(300_000);
        assertThat(PgHardening.millis("2h")).isEqualTo(7_200_000);
        assertThat(PgHardening.millis("1d")).isEqualTo(86_400_000);
    }

    @Test
    void whatItCannotReadIsNoTimeoutAtAll() {
        for (String odd : new String[] {null, "", "s", "30 seconds", "1.5s", "-1", "99999999999999999s"}) {
            assertThat(PgHardening.millis(odd)).as(String.valueOf(odd)).isEqualTo(-1);
        }
    }
}
