package dev.gabysql.core.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Access modes, ordered from least to most power. The effective mode of a call is the lowest of the server's
 * mode, the database's configured maximum and the caller's cap (docs/design.md#access-modes).
 */
public enum Mode {
    READONLY,
    READWRITE,
    ADMIN;

    public boolean allowsWrites() {
        return this != READONLY;
    }

    public Mode capTo(Mode other) {
        return other == null || compareTo(other) <= 0 ? this : other;
    }

    /** The mode as users write it, and as JSON carries it. */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses "readonly", "read-only", "readwrite", "admin" (any case); null for anything else. */
    @JsonCreator
    public static Mode parse(String text) {
        if (text == null) {
            return null;
        }
        switch (text.trim().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "")) {
            case "readonly":
            case "ro":
                return READONLY;
            case "readwrite":
            case "rw":
                return READWRITE;
            case "admin":
                return ADMIN;
            default:
                return null;
        }
    }
}
