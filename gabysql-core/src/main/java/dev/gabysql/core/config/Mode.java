package dev.gabysql.core.config;

import java.util.Locale;

/**
 * Access modes, ordered from least to most power. The effective mode of a call is the lowest of the server's
 * mode, the database's configured maximum and the caller's cap (SPEC §3).
 */
public enum Mode {
    READONLY,
    READWRITE,
    ADMIN;

    public boolean allowsWrites() {
        return this != READONLY;
    }

    public boolean allowsDdl() {
        return this == ADMIN;
    }

    public Mode capTo(Mode other) {
        return other == null || compareTo(other) <= 0 ? this : other;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses "readonly", "read-only", "readwrite", "admin" (any case); null for anything else. */
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
