package dev.gabysql.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IsoInstantTest {

    @Test
    void writesWhatInstantToStringWritesAtTheEdges() {
        for (String iso : new String[] {
            "1970-01-01T00:00:00Z",
            "1969-12-31T23:59:59.999999999Z",
            "2000-02-29T12:00:00.5Z",
            "1900-03-01T00:00:00Z",
            "2100-02-28T23:59:59Z",
            "2024-02-29T00:00:00.000001Z",
            "0000-01-01T00:00:00Z",
            "0001-03-01T01:02:03.123456789Z",
            "9999-12-31T23:59:59.999999999Z",
            "2026-11-30T07:15:02.120Z",
            "1600-12-31T00:00:00Z"
        }) {
            Instant i = Instant.parse(iso);
            assertThat(IsoInstant.format(i)).as(iso).isEqualTo(i.toString());
        }
    }

    @Test
    void writesWhatInstantToStringWritesForRandomInstants() {
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 200_000; n++) {
            long second = random.nextLong(-62_167_219_200L, 253_402_300_800L);
            int nanos = switch (n % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant i = Instant.ofEpochSecond(second, nanos);
            assertThat(IsoInstant.format(i)).isEqualTo(i.toString());
        }
    }

    @Test
    void leavesYearsBeyondFourDigitsToInstant() {
        Instant far = Instant.parse("+10000-01-01T00:00:00Z");
        Instant before = Instant.parse("-0001-12-31T23:59:59Z");
        assertThat(IsoInstant.format(far)).isEqualTo(far.toString());
        assertThat(IsoInstant.format(before)).isEqualTo(before.toString());
    }
}
