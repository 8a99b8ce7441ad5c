package dev.gabysql.core.dialect.internal;

import java.util.Locale;

/**
 * Numbers as the DBA reports say them (docs/dba.md): counts with thousands separators, sizes, durations and shares,
 * the same under every default locale. Stateless.
 */
public final class Words {
    private static final String[] UNITS = {"B", "kB", "MB", "GB", "TB"};

    private Words() {}

    /** {@code 12,345}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 5.2 MB}: a size in bytes, in the largest unit that keeps it at least 1. */
    public static String bytes(long n) {
        double v = n;
        int unit = 0;
        while (v >= 1024 && unit < UNITS.length - 1) {
            v /= 1024;
            unit++;
        }
        return unit == 0 ? n + " B" : String.format(Locale.ROOT, "%.1f %s", v, UNITS[unit]);
    }

    /** {@code 45 s}, {@code 3 min 5 s}, {@code 2 h 10 min}, {@code 4 d 3 h}. */
    public static String seconds(long s) {
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
        }
        if (s < 86_400) {
            return s / 3600 + " h" + (s % 3600 / 60 == 0 ? "" : " " + s % 3600 / 60 + " min");
        }
        return s / 86_400 + " d" + (s % 86_400 / 3600 == 0 ? "" : " " + s % 86_400 / 3600 + " h");
    }

    /** {@code 92.3%} of a share between 0 and 1. */
    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** {@code 1,234.5 ms}: a time in milliseconds, to a tenth. */
    public static String millis(double ms) {
        return String.format(Locale.ROOT, "%,.1f ms", ms);
    }

    /** A number rounded to two decimals, for the JSON facts. */
    public static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /** {@code 1 session}, {@code 3 sessions}. */
    public static String plural(long n, String one, String many) {
        return count(n) + " " + (n == 1 ? one : many);
    }
}
