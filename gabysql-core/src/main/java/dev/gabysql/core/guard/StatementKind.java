package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;

/** What a statement does, as far as access modes are concerned, and the lowest mode each kind needs. */
public enum StatementKind {
    /** SELECT, WITH … SELECT, VALUES, TABLE, SHOW, EXPLAIN without ANALYZE, read-only PRAGMAs. */
    READ(Mode.READONLY),
    /** INSERT, UPDATE, DELETE, MERGE, REPLACE, upserts, writable CTEs. */
    DML(Mode.READWRITE),
    /** CREATE, ALTER, DROP, TRUNCATE, COMMENT, GRANT, REVOKE, SELECT … INTO (PostgreSQL), … */
    DDL(Mode.ADMIN),
    /** BEGIN, COMMIT, ROLLBACK, SAVEPOINT, … : always refused, gabysql owns transactions. */
    TRANSACTION_CONTROL(null),
    /** SET, RESET, set_config, … : always refused, session settings are gabysql's. */
    SESSION(null),
    /** VACUUM, ANALYZE, REINDEX, CALL, LOCK, … (admin); COPY, DO, LISTEN, … carry a never-allowed effect. */
    UTILITY(Mode.ADMIN),
    /** Anything the classifier cannot place: always refused (fail closed). */
    UNKNOWN(null);

    private final Mode minimumMode;

    StatementKind(Mode minimumMode) {
        this.minimumMode = minimumMode;
    }

    /** The lowest mode allowing this kind, or null when none does. */
    public Mode minimumMode() {
        return minimumMode;
    }
}
