package dev.gabysql.core.dialect;

import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Everything gabysql knows about one database engine, in one class. Adding a database means one implementation,
 * one line in {@link Dialects}, one test fixture and one short contract-test subclass. Nothing outside a dialect
 * looks at a JDBC URL's prefix or speaks a vendor's catalog.
 */
public interface Dialect {

    /** Short stable id shown to users: "sqlite", "postgresql", … */
    String id();

    /** Whether this dialect serves the given JDBC URL. */
    boolean handles(String jdbcUrl);

    /** How the guard lexes and classifies this engine's SQL. */
    SqlFlavor flavor();

    /**
     * Opens (lazily) the connections for one database. Sessions it hands out are hardened for their mode
     * (layer 2 of the defence) and reset or discarded when returned.
     */
    ConnectionSource connect(DatabaseConfig db, Limits limits);

    /** Reads the catalog of the database behind a connection. */
    SchemaReader schemaReader();

    /** The closest real integrity check the engine offers; says what it checked. */
    IntegrityReport integrityCheck(Connection connection) throws SQLException;

    /** The statement that shows the plan of {@code sql} without running it (never ANALYZE). */
    default String explain(String sql) {
        return "EXPLAIN " + sql;
    }

    /**
     * What callers should know about every database of this kind, shown by {@code gabysql_list_databases}: e.g.
     * that the engine-level read-only layer is weaker than for the first-class dialects, or that a file is missing.
     */
    default List<String> warnings(DatabaseConfig db) {
        return List.of();
    }

    /**
     * What an operator must know about how the database's connection is protected on the network: a remote host
     * reached without encryption or without verifying the server (docs/configuration.md#verified-tls), an SSH host
     * whose key is not checked; null when there is nothing to say (a local file, a loopback host, a verified
     * connection). Shown on stderr at start-up and by {@code gabysql_list_databases}; it connects to nothing.
     */
    default String transportWarning(DatabaseConfig db) {
        return null;
    }

    /**
     * Whether the engine takes {@code RETURNING} after a statement of this command ("INSERT", "UPDATE", "DELETE"), so
     * that a preview shows and binds the rows it affected. Default: no (the generic tier).
     */
    default boolean hasReturning(String command) {
        return false;
    }

    /**
     * Starts the preview of a write, inside its transaction and before it runs: looks in the catalog for what no
     * rollback would undo, and takes note of what to count and restore (docs/design.md#writes-preview-and-confirm).
     * The default knows only the statement's own count.
     */
    default Rehearsal rehearse(Connection connection, InspectedStatement stmt) throws SQLException {
        return Rehearsal.statementOnly(
                stmt, "rows changed by foreign-key cascades and triggers are not counted on this engine");
    }

    /**
     * {@link #rehearse(Connection, InspectedStatement)} in a transaction that runs as the caller's database role
     * {@code role} (docs/security.md#per-caller-database-roles; null: the login's own), so that what the rehearsal
     * watches on gabysql's behalf (sequences) is read with the login's rights, not only the role's. Default: the
     * same rehearsal (engines without per-transaction roles never get one).
     */
    default Rehearsal rehearse(Connection connection, InspectedStatement stmt, String role) throws SQLException {
        return rehearse(connection, stmt);
    }

    /**
     * Layer 1 of the defence: whether the credentials gabysql uses could write, although it runs readonly.
     * Returns a sentence for the operator, or null when the role cannot write (or it cannot be told).
     */
    default String writeAccessWarning(DatabaseConfig db, Connection connection) throws SQLException {
        return null;
    }

    /**
     * Where a read replica stands against its primary (docs/design.md#read-replicas), asked of the primary first:
     * gabysql measures the replica's lag from these positions. Null when the engine cannot tell; no lag is measured
     * then. Default: null.
     */
    default ReplicaPosition replicaPosition(Connection primary, Connection replica) throws SQLException {
        return null;
    }

    /** The DBA's reports of this engine (docs/dba.md). Default: none, and every report says so. */
    default DbaReports dba() {
        return DbaReports.unsupported(id());
    }

    /**
     * Whether a caller may reach this database with a login of its own (a user and password beside the URL:
     * docs/security.md#per-caller-database-roles). Default: yes, for server engines; an engine without logins
     * (SQLite) says no, and a caller with a login of its own is then refused rather than served as gabysql.
     */
    default boolean takesLogins() {
        return true;
    }

    /** Quotes an identifier for this engine. */
    default String quoteIdentifier(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
