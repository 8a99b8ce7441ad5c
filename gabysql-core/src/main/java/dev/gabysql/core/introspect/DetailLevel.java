package dev.gabysql.core.introspect;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.Locale;

/**
 * How much of a schema a description shows (progressive disclosure): a model starts with names, asks for
 * a summary of the tables it cares about, and reads everything only where it needs to.
 */
public enum DetailLevel {
    /** Table and view names with row estimates. */
    NAMES,
    /** Each table's columns with types, keys and references; enums; routine signatures. */
    SUMMARY,
    /** Everything: defaults, comments, indexes, constraints, triggers, incoming keys, definitions, sources. */
    FULL;

    /** Parses a caller's value; null or blank means {@code fallback}. */
    public static DetailLevel parse(String value, DetailLevel fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST, "Unknown detail level `" + value + "`.", "Use names, summary or full.");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
