package dev.gabysql.core.api;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What one statement is on one database, as the guard reads it, and what this call may do with it: the one
 * question a front end that takes statements of every kind (the shell, scripts) asks before it runs one, so that
 * it can send a read to {@link GabyService#query} and a write to {@link GabyService#execute} without trying one
 * and catching the other's refusal (docs/design.md#data-flow). Asking runs nothing and opens no connection. The
 * service still decides each call on its own: this answer is a route, not a permission.
 *
 * @param kind          what the statement does
 * @param command       its leading command words, upper case ("SELECT", "DELETE", "CREATE TABLE", "SHOW TABLES")
 * @param neededMode    the lowest mode that could run it; null when no mode may (the guard refuses it everywhere,
 *                      and the read path says why)
 * @param effectiveMode the mode this call gets on the database (docs/design.md#access-modes)
 * @param previewable   a write that runs inside a transaction, so that its preview is rolled back; false for reads
 *                      and for statements that commit on their own (VACUUM, DDL on MariaDB)
 * @param fullTable     an UPDATE or DELETE without WHERE: a write call refuses it unless it allows a full table
 */
public record StatementInfo(
        Kind kind, String command, Mode neededMode, Mode effectiveMode, boolean previewable, boolean fullTable) {

    /** What a statement does, as far as a front end choosing its call cares. */
    public enum Kind {
        /** A pure read: SELECT, VALUES, EXPLAIN without ANALYZE, … */
        READ,
        /** One of gabysql's own statements (SHOW DATABASES, SHOW TABLES, DESCRIBE t, INTEGRITY CHECK): a read. */
        META,
        /** A read with side effects (a sequence advanced, a lock taken): it takes the write path, or is refused. */
        READ_WITH_EFFECTS,
        /** INSERT, UPDATE, DELETE, MERGE, upserts, writable CTEs. */
        DATA_CHANGE,
        /** CREATE, ALTER, DROP, TRUNCATE, GRANT, … */
        SCHEMA_CHANGE,
        /** VACUUM, ANALYZE, REINDEX, CALL, LOCK, … */
        MAINTENANCE,
        /** Transaction control, session changes and what the guard cannot classify: refused in every mode. */
        REFUSED
    }

    /** Whether it goes to {@link GabyService#query}: a pure read or a meta-command. */
    @JsonIgnore
    public boolean isRead() {
        return kind == Kind.READ || kind == Kind.META;
    }

    /** Whether it goes to {@link GabyService#execute}: not a read, and some mode could run it. */
    @JsonIgnore
    public boolean isWrite() {
        return !isRead() && neededMode != null;
    }

    /** Whether this call's mode is enough for it (a full-table write still needs to be allowed). */
    @JsonIgnore
    public boolean allowedHere() {
        return neededMode != null && effectiveMode.compareTo(neededMode) >= 0;
    }
}
