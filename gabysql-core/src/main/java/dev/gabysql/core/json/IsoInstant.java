package dev.gabysql.core.json;

import java.time.Instant;

/**
 * {@link Instant#toString()} by arithmetic: the same ISO-8601 text ({@code 2026-11-30T07:15:02.123Z}, the fraction
 * in groups of three digits as needed) for years 0 to 9999. {@code Instant.toString} goes through
 * {@code DateTimeFormatter}, hundreds of small methods that a call early in a process runs in the interpreter, and
 * the audit log stamps every call. IsoInstantTest holds the two together. Stateless.
 */
public final class IsoInstant {
    private static final long SECONDS_PER_DAY = 86_400;
    private static final long MIN_SECOND = -62_167_219_200L; // 0000-01-01T00:00:00Z
    private static final long MAX_SECOND = 253_402_300_799L; // 9999-12-31T23:59:59Z

    private IsoInstant() {}

    public static String format(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < MIN_SECOND || seconds > MAX_SECOND) {
            return instant.toString();
        }
        long days = Math.floorDiv(seconds, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        StringBuilder b = new StringBuilder(30);
        civilDate(b, days);
        b.append('T');
        two(b, secondOfDay / 3600).append(':');
        two(b, secondOfDay / 60 % 60).append(':');
        two(b, secondOfDay % 60);
        fraction(b, instant.getNano());
        return b.append('Z').toString();
    }

    /** Year-month-day of a day counted from 1970-01-01, proleptic Gregorian (days from civil, inverted). */
    private static void civilDate(StringBuilder b, long epochDay) {
        long z = epochDay + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        String y = Long.toString(year);
        for (int i = y.length(); i < 4; i++) {
            b.append('0');
        }
        b.append(y).append('-');
        two(b, month).append('-');
        two(b, day);
    }

    private static void fraction(StringBuilder b, int nanos) {
        if (nanos == 0) {
            return;
        }
        int digits;
        int value;
        if (nanos % 1_000_000 == 0) {
            digits = 3;
            value = nanos / 1_000_000;
        } else if (nanos % 1000 == 0) {
            digits = 6;
            value = nanos / 1000;
        } else {
            digits = 9;
            value = nanos;
        }
        String v = Integer.toString(value);
        b.append('.');
        for (int i = v.length(); i < digits; i++) {
            b.append('0');
        }
        b.append(v);
    }

    private static StringBuilder two(StringBuilder b, int v) {
        return b.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }
}
