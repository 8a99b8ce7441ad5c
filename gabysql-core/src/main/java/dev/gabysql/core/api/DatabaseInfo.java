package dev.gabysql.core.api;

import java.util.List;

/**
 * A database as listed to callers: never its password.
 *
 * @param mode     the effective mode a call gets on it (server mode capped by the database's maximum)
 * @param warnings e.g. "the role could write although gabysql runs readonly", "file not found"
 */
public record DatabaseInfo(
        String name, String dialect, String url, String description, Mode mode, List<String> warnings) {
    public DatabaseInfo {
        warnings = List.copyOf(warnings);
    }
}
