package dev.gabysql.core.api;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a DBA report is asked for (docs/dba.md).
 *
 * @param report {@code health} (the default), {@code top_queries} or {@code activity}
 * @param by     top_queries only: {@code total_time} (the default), {@code mean_time}, {@code calls} or {@code rows}
 * @param limit  findings per page (top_queries: statements), at most {@link #MAX_LIMIT}; null for the default
 * @param cursor a {@code next_cursor} of the page before, or null for the first page
 * @param checks health only: the checks whose findings the report holds (names as the report lists them, e.g.
 *               {@code dead_tuples}), or null or empty for every check
 */
public record HealthRequest(String db, String report, String by, Integer limit, String cursor, List<String> checks) {
    public HealthRequest {
        checks = checks == null ? List.of() : List.copyOf(checks);
    }

    /** The checks named in {@code text}, separated by commas or spaces (an HTTP parameter, a tool argument). */
    public static List<String> parseChecks(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        return Arrays.stream(text.split("[,\\s]+"))
                .filter(s -> !s.isEmpty())
                .map(s -> s.toLowerCase(Locale.ROOT))
                .distinct()
                .toList();
    }

    /** How top_queries ranks statements. */
    public enum By {
        TOTAL_TIME,
        MEAN_TIME,
        CALLS,
        ROWS;

        /** The ranking {@code text} names ({@code total_time}, …); the default for null. */
        public static By parse(String text) {
            if (text == null || text.isBlank()) {
                return TOTAL_TIME;
            }
            for (By b : values()) {
                if (b.label().equals(text.strip().toLowerCase(Locale.ROOT))) {
                    return b;
                }
            }
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Unknown order `" + text + "` for top_queries.",
                    "Use by: total_time, mean_time, calls or rows.");
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Findings on one page when the call does not say. */
    public static final int DEFAULT_LIMIT = 20;
    /** The most findings one page may hold. */
    public static final int MAX_LIMIT = 100;

    public static HealthRequest of(String db, String report) {
        return new HealthRequest(db, report, null, null, null, null);
    }
}
