package dev.gabysql.core.guard;

/** What a statement does, as far as access modes are concerned. */
public enum StatementKind {
    /** SELECT, WITH … SELECT, VALUES, TABLE, SHOW, EXPLAIN without ANALYZE. */
    READ,
    /** INSERT, UPDATE, DELETE, MERGE, REPLACE, upserts. */
    DML,
    /** CREATE, ALTER, DROP, TRUNCATE, COMMENT, GRANT, REVOKE, … */
    DDL,
    /** BEGIN, COMMIT, ROLLBACK, SAVEPOINT, … : always refused, gabysql owns transactions. */
    TRANSACTION_CONTROL,
    /** SET, RESET, set_config, … : always refused, session settings are gabysql's. */
    SESSION,
    /** VACUUM, ANALYZE, COPY, CALL, DO, LOCK, … */
    UTILITY,
    /** Anything the classifier cannot place: always refused (fail closed). */
    UNKNOWN
}
