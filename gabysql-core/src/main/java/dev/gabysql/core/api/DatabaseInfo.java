package dev.gabysql.core.api;

import java.util.List;

/**
 * A database as listed to callers: never its password.
 *
 * @param mode     the effective mode a call gets on it (server mode capped by the database's maximum)
 * @param warnings e.g. "the role could write although gabysql runs readonly", "file not found"
 * @param approval who approves this caller's writes there (docs/design.md#approval); null when it cannot write
 */
public record DatabaseInfo(
        String name,
        String dialect,
        String url,
        String description,
        Mode mode,
        List<String> warnings,
        ApprovalPolicy approval) {
    public DatabaseInfo {
        warnings = List.copyOf(warnings);
    }

    /** A database whose approval policy is not known to the caller (or that cannot be written). */
    public DatabaseInfo(String name, String dialect, String url, String description, Mode mode, List<String> warnings) {
        this(name, dialect, url, description, mode, warnings, null);
    }
}
