package dev.gabysql.core.api;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;
import java.util.Map;

/**
 * The one service every front end calls (MCP, HTTP, CLI). A local implementation runs against the databases;
 * a remote one forwards to a running {@code gabysql serve}. Front ends must not know which one they hold.
 * Implementations are thread-safe. Every method throws {@link dev.gabysql.core.error.GabyException} on failure.
 */
public interface GabyService extends AutoCloseable {

    /** The databases of the catalog with their dialect, effective mode and warnings. */
    List<DatabaseInfo> listDatabases(CallContext ctx);

    /** Runs one read (or a meta-command such as SHOW TABLES) and returns capped rows. */
    QueryResult query(CallContext ctx, QueryRequest request);

    /** Previews a write (no token) or commits a previewed one (with its confirm token). */
    ExecuteResult execute(CallContext ctx, ExecuteRequest request);

    /**
     * What {@code sql} is on {@code db} and what this call may do with it, so that a front end taking statements
     * of every kind sends each to the right call (docs/design.md#data-flow). Runs nothing; throws what the guard
     * throws for a text it cannot read as one statement.
     */
    StatementInfo inspect(CallContext ctx, String db, String sql);

    /**
     * How {@code db}'s statements are split in scripts and typed text: the guard's lexer in the database's flavour
     * (docs/design.md#the-guard). Runs nothing and opens no connection.
     */
    ScriptSplitter scriptSplitter(CallContext ctx, String db);

    /**
     * A statement written with named parameters ({@code :name}) as the positional one that {@link #query} and
     * {@link #execute} run, read with the guard's lexer in {@code db}'s flavour (docs/configuration.md#curated-tools).
     * Runs nothing and opens no connection; throws CONFIG_INVALID for a placeholder of another form.
     */
    default NamedStatement namedStatement(CallContext ctx, String db, String sql) {
        throw new GabyException(ErrorCode.NOT_FOUND, "This service reads no named parameters.");
    }

    /** The schema of a database as one compact bundle, at a detail level. */
    Rendered describeDatabase(CallContext ctx, DescribeRequest request);

    /** Everything about one table. */
    Rendered describeTable(CallContext ctx, String db, String table, boolean sampleRows);

    /** Objects and columns whose names match a pattern. */
    Rendered search(CallContext ctx, String db, String pattern, String kind);

    /** The plan of a read, in the dialect's most readable form. */
    Rendered explain(CallContext ctx, String db, String sql);

    /** The engine's integrity check of one database. */
    IntegrityReport integrityCheck(CallContext ctx, String db);

    /**
     * A DBA's report of one database (docs/dba.md): {@code health} (what needs attention, worst first, each finding
     * with its evidence and fix), {@code top_queries} (the heaviest statements) or {@code activity} (what runs now and
     * who waits on whom). Catalog SQL of gabysql's own, run as a read: on a read-only session, under the statement
     * timeout, cancellable, audited; paged with a cursor.
     */
    default Rendered health(CallContext ctx, HealthRequest request) {
        throw new GabyException(ErrorCode.NOT_FOUND, "This service gives no DBA reports.");
    }

    /**
     * The plan of a read and the indexes that would serve it (docs/dba.md#index-advice): proven with hypothetical
     * indexes where the engine can plan with them (PostgreSQL's hypopg), otherwise a guess labelled as one. The read
     * is planned, never run.
     */
    default Rendered adviseIndexes(CallContext ctx, String db, String sql) {
        throw new GabyException(ErrorCode.NOT_FOUND, "This service gives no index advice.");
    }

    /** The full schema bundle of a database (cached for the schema TTL). */
    Rendered schema(CallContext ctx, String db);

    /** A Mermaid erDiagram of the tables and foreign keys of a database. */
    Rendered diagram(CallContext ctx, String db);

    /**
     * Start-up work, run in the background once the front end can answer (docs/design.md#start-up): connects to
     * each database and reads its schema into the cache, so that the first call finds both ready. A remote service
     * has nothing to prepare.
     */
    default void prefetch() {}

    /**
     * Layer 1 of the defence (docs/design.md#three-layers-of-defence): for each readonly database, whether its
     * credentials could write anyway. Returns the warnings by database name and remembers them for
     * {@link #listDatabases}. Connects to each such database; a remote service leaves this to its server.
     */
    default Map<String, String> checkLeastPrivilege() {
        return Map.of();
    }

    /**
     * Takes a session of {@code db} and checks that it answers, as a person's console shows it; audits nothing and
     * runs no SQL of the caller's. A failure to connect is thrown as the error a call would get.
     */
    default DatabaseHealth ping(CallContext ctx, String db) {
        throw new GabyException(ErrorCode.NOT_FOUND, "This service cannot check a database's connection.");
    }

    /**
     * A page of this service's audit log, newest first (docs/design.md#audit-log). The front end lets only a
     * person's credential ask: the log holds every caller's SQL.
     */
    default AuditPage auditEvents(AuditQuery query) {
        throw new GabyException(ErrorCode.NOT_FOUND, "This service keeps no audit log to read.");
    }

    /** Checks the audit log's hash chain, as {@code gabysql audit verify} does. */
    default AuditCheck verifyAudit() {
        throw new GabyException(ErrorCode.NOT_FOUND, "This service keeps no audit log to verify.");
    }

    /** Writes that wait for a person's approval, oldest first (docs/design.md#approval). */
    default List<PendingWrite> pendingWrites(CallContext ctx) {
        throw new GabyException(ErrorCode.NOT_FOUND, "This service keeps no writes for approval.");
    }

    /**
     * A person's decision on a pending write, once: approving commits it under the preview's conditions, rejecting
     * commits nothing. Only a front end that asked a person calls this — an MCP client's form, a terminal, an
     * approver's HTTP credential — never on an agent's word.
     *
     * @return the write as decided, with what its commit did
     */
    default PendingWrite decide(CallContext approver, String approvalId, boolean approve) {
        throw new GabyException(ErrorCode.NOT_FOUND, "This service keeps no writes for approval.");
    }

    /** The highest mode any call could get: decides whether write tools exist at all. */
    Mode highestMode();

    @Override
    void close();
}
