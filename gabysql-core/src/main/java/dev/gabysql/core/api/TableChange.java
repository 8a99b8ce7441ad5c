package dev.gabysql.core.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * One table's share of a write's blast radius (docs/design.md#writes-preview-and-confirm): the rows the statement,
 * a foreign-key cascade or a trigger inserted, updated and deleted there. A count is null when the engine cannot
 * tell it (the blast radius then says what it did not count).
 *
 * @param table    the table, schema-qualified where the engine has schemas
 * @param inserted rows inserted, or null when not counted
 * @param updated  rows updated, or null when not counted
 * @param deleted  rows deleted, or null when not counted
 * @param cause    what wrote there
 */
public record TableChange(String table, Long inserted, Long updated, Long deleted, Cause cause) {

    /** What wrote to a table. */
    public enum Cause {
        STATEMENT,
        CASCADE,
        TRIGGER;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Cause parse(String label) {
            return valueOf(label.toUpperCase(Locale.ROOT));
        }
    }

    /** The change in the blast radius's short form: {@code orders −3 (cascade)}, {@code audit +1 (trigger)}. */
    public String summary() {
        StringBuilder s = new StringBuilder(table);
        append(s, "+", inserted);
        append(s, "~", updated);
        append(s, "\u2212", deleted);
        if (inserted == null && updated == null && deleted == null) {
            s.append(" (not counted)");
        }
        return cause == Cause.STATEMENT ? s.toString() : s + " (" + cause.label() + ")";
    }

    private static void append(StringBuilder s, String sign, Long n) {
        if (n != null && n != 0) {
            s.append(' ').append(sign).append(n);
        }
    }

    /** All counts known and zero: the table was reached but nothing there changed. */
    public boolean unchanged() {
        return zero(inserted) && zero(updated) && zero(deleted);
    }

    private static boolean zero(Long n) {
        return n != null && n == 0;
    }
}
