package dev.gabysql.core.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A database as listed to callers: never its password.
 *
 * @param mode     the effective mode a call gets on it (server mode capped by the database's maximum)
 * @param warnings e.g. "the role could write although gabysql runs readonly", "file not found"
 * @param approval who approves this caller's writes there (docs/design.md#approval); null when it cannot write
 * @param safeguards how the engine holds sessions read-only and to their timeout there, as far as gabysql has seen
 *                   (directly by start-up settings, or per transaction through a pooler; or that calls are refused
 *                   because it does not: docs/security.md#through-pgbouncer); null when there is nothing to say
 * @param runAs    who this caller's calls run as there when not gabysql's login ({@code role analyst},
 *                 {@code user bot_ro}: docs/security.md#per-caller-database-roles), or null
 */
public record DatabaseInfo(
        String name,
        String dialect,
        String url,
        String description,
        Mode mode,
        List<String> warnings,
        ApprovalPolicy approval,
        String safeguards,
        @JsonProperty("run_as") String runAs) {
    public DatabaseInfo {
        warnings = List.copyOf(warnings);
    }

    /** A database where the caller runs as gabysql's login. */
    public DatabaseInfo(
            String name,
            String dialect,
            String url,
            String description,
            Mode mode,
            List<String> warnings,
            ApprovalPolicy approval,
            String safeguards) {
        this(name, dialect, url, description, mode, warnings, approval, safeguards, null);
    }

    /** A database with nothing said about its engine's safeguards. */
    public DatabaseInfo(
            String name,
            String dialect,
            String url,
            String description,
            Mode mode,
            List<String> warnings,
            ApprovalPolicy approval) {
        this(name, dialect, url, description, mode, warnings, approval, null, null);
    }

    /** A database whose approval policy is not known to the caller (or that cannot be written). */
    public DatabaseInfo(String name, String dialect, String url, String description, Mode mode, List<String> warnings) {
        this(name, dialect, url, description, mode, warnings, null, null, null);
    }
}
