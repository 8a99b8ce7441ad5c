package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.DbaReports;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.dialect.Rehearsal;
import dev.gabysql.core.dialect.ReplicaPosition;
import dev.gabysql.core.dialect.internal.Transport;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** PostgreSQL through pgJDBC, pooled with HikariCP. */
public final class PostgresDialect implements Dialect {
    /** PostgreSQL's port, where a URL names none. */
    static final int PORT = 5432;

    private final PostgresSchemaReader schemaReader = new PostgresSchemaReader();
    private final PostgresDba dba = new PostgresDba();

    @Override
    public String id() {
        return "postgresql";
    }

    @Override
    public boolean handles(String jdbcUrl) {
        return jdbcUrl != null && jdbcUrl.startsWith("jdbc:postgresql:");
    }

    @Override
    public SqlFlavor flavor() {
        return SqlFlavor.POSTGRESQL;
    }

    @Override
    public ConnectionSource connect(DatabaseConfig db, Limits limits) {
        return new PostgresConnectionSource(db, limits);
    }

    @Override
    public SchemaReader schemaReader() {
        return schemaReader;
    }

    /** The plan as indented text lines, PostgreSQL's most readable form; never ANALYZE (it would run the query). */
    @Override
    public String explain(String sql) {
        return "EXPLAIN (FORMAT TEXT) " + sql;
    }

    @Override
    public DbaReports dba() {
        return dba;
    }

    @Override
    public boolean hasReturning(String command) {
        return true;
    }

    @Override
    public Rehearsal rehearse(Connection connection, InspectedStatement stmt) throws SQLException {
        return PostgresRehearsal.start(connection, stmt, null);
    }

    /** The rehearsal of a caller's role: sequences read as gabysql's login ({@link SequenceRestorer}). */
    @Override
    public Rehearsal rehearse(Connection connection, InspectedStatement stmt, String role) throws SQLException {
        return PostgresRehearsal.start(connection, stmt, role);
    }

    /**
     * WAL byte positions: the primary's {@code pg_current_wal_lsn()}, the standby's {@code pg_last_wal_replay_lsn()}.
     * Not {@code now() - pg_last_xact_replay_timestamp()}: that grows while the primary is idle and the standby has
     * everything. A server that is not in recovery (promoted) has nothing to replay and counts as caught up.
     */
    @Override
    public ReplicaPosition replicaPosition(Connection primary, Connection replica) throws SQLException {
        long written = walPosition(primary, "pg_current_wal_lsn()");
        long replayed = walPosition(replica, "CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() END");
        return new ReplicaPosition(written, replayed < 0 ? written : replayed);
    }

    /** A WAL position as bytes from the start, or -1 for none. */
    private static long walPosition(Connection c, String lsn) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT pg_wal_lsn_diff(" + lsn + ", '0/0')::bigint")) {
            rs.next();
            long position = rs.getLong(1);
            return rs.wasNull() ? -1 : position;
        }
    }

    /** Superuser, CREATEROLE/CREATEDB, or any write privilege on a user table means the role could write. */
    @Override
    public String writeAccessWarning(DatabaseConfig db, Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT r.rolsuper,"
                        + " r.rolcreaterole, r.rolcreatedb, EXISTS (SELECT 1 FROM pg_class t"
                        + " JOIN pg_namespace n ON n.oid = t.relnamespace WHERE t.relkind IN ('r','p')"
                        + " AND n.nspname NOT IN ('pg_catalog','information_schema') AND n.nspname NOT LIKE 'pg\\_%'"
                        + " AND has_table_privilege(t.oid, 'INSERT,UPDATE,DELETE,TRUNCATE')),"
                        + " has_database_privilege(current_database(), 'CREATE')"
                        + " FROM pg_roles r WHERE r.rolname = current_user")) {
            if (!rs.next()) {
                return null;
            }
            List<String> powers = new ArrayList<>();
            addIf(powers, rs.getBoolean(1), "is a superuser");
            addIf(powers, rs.getBoolean(2), "may create roles");
            addIf(powers, rs.getBoolean(3), "may create databases");
            addIf(powers, rs.getBoolean(4), "may write to tables");
            addIf(powers, rs.getBoolean(5), "may create schemas");
            return powers.isEmpty()
                    ? null
                    : "the role gabysql connects with " + String.join(", ", powers)
                            + "; readonly is enforced by gabysql's session and guard only. See docs/security.md to"
                            + " create a read-only role.";
        }
    }

    private static void addIf(List<String> list, boolean condition, String text) {
        if (condition) {
            list.add(text);
        }
    }

    /**
     * With the amcheck extension installed: {@code bt_index_check} on every valid B-tree index of user schemas.
     * Without it: the catalog's own view of index validity (an index left invalid by a failed build), and a note
     * that amcheck would check more.
     */
    @Override
    public IntegrityReport integrityCheck(Connection c) throws SQLException {
        List<String> problems = new ArrayList<>();
        try (Statement st = c.createStatement()) {
            boolean amcheck;
            try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'")) {
                amcheck = rs.next();
            }
            try (ResultSet rs = st.executeQuery("SELECT n.nspname || '.' || i.relname FROM pg_index x"
                    + " JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace"
                    + " WHERE NOT x.indisvalid AND n.nspname NOT IN ('pg_catalog','information_schema')")) {
                while (rs.next()) {
                    problems.add("index " + rs.getString(1) + " is invalid (a failed or interrupted build)");
                }
            }
            if (!amcheck) {
                return new IntegrityReport(
                        null,
                        problems.isEmpty(),
                        "pg_index.indisvalid",
                        "index validity flags in the catalog only; install the amcheck extension"
                                + " (CREATE EXTENSION amcheck) for a structural check of B-tree indexes",
                        problems);
            }
            int checked;
            try (ResultSet rs = st.executeQuery("SELECT count(bt_index_check(x.indexrelid)) FROM pg_index x"
                    + " JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am a ON a.oid = i.relam"
                    + " JOIN pg_namespace n ON n.oid = i.relnamespace WHERE a.amname = 'btree' AND x.indisvalid"
                    + " AND x.indisready AND i.relpersistence <> 't'"
                    + " AND n.nspname NOT IN ('pg_catalog','information_schema','pg_toast')")) {
                rs.next();
                checked = rs.getInt(1);
            } catch (SQLException e) {
                problems.add("amcheck: " + e.getMessage());
                checked = -1;
            }
            return new IntegrityReport(
                    null,
                    problems.isEmpty(),
                    "amcheck bt_index_check",
                    (checked >= 0 ? checked + " B-tree indexes" : "B-tree indexes")
                            + " of user schemas, structurally, plus index validity flags",
                    problems);
        }
    }

    /**
     * The connection's protection: the {@code tls} setting, else the URL's {@code sslmode} (pgJDBC's {@code ssl=true}
     * alone means verify-full), else pgJDBC's default {@code prefer}: encrypted if the server offers it, never
     * verified.
     */
    @Override
    public String transportWarning(DatabaseConfig db) {
        return Transport.warning(db, PORT, protection(db));
    }

    static Transport.Protection protection(DatabaseConfig db) {
        if (db.tls() != null) {
            return Transport.Protection.of(db.tls());
        }
        String mode = Transport.urlOption(db.url(), "sslmode");
        if (mode == null) {
            String ssl = Transport.urlOption(db.url(), "ssl");
            return "true".equals(ssl) ? Transport.Protection.VERIFIED : Transport.Protection.OPPORTUNISTIC;
        }
        switch (mode) {
            case "disable":
                return Transport.Protection.PLAIN;
            case "allow":
            case "prefer":
                return Transport.Protection.OPPORTUNISTIC;
            case "require":
                return Transport.Protection.UNVERIFIED;
            case "verify-ca":
                return Transport.Protection.CA_ONLY;
            default:
                return Transport.Protection.VERIFIED;
        }
    }
}
