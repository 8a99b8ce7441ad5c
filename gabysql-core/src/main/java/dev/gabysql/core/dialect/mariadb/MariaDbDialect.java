package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.DbaReports;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.dialect.Rehearsal;
import dev.gabysql.core.dialect.internal.Transport;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * MariaDB and MySQL through MariaDB Connector/J, pooled with HikariCP. {@code jdbc:mysql:} URLs are
 * served by the same driver; where the two servers differ, {@link MariaDbServer} decides.
 */
public final class MariaDbDialect implements Dialect {
    /** MariaDB's and MySQL's port, where a URL names none. */
    static final int PORT = 3306;

    private static final MariaDbDba DBA = new MariaDbDba();
    private final MariaDbSchemaReader schemaReader = new MariaDbSchemaReader();

    @Override
    public String id() {
        return "mariadb";
    }

    @Override
    public boolean handles(String jdbcUrl) {
        return MariaDbUrls.handles(jdbcUrl);
    }

    @Override
    public SqlFlavor flavor() {
        return SqlFlavor.MARIADB;
    }

    @Override
    public ConnectionSource connect(DatabaseConfig db, Limits limits) {
        return new MariaDbConnectionSource(db);
    }

    @Override
    public SchemaReader schemaReader() {
        return schemaReader;
    }

    /** {@code CHECK TABLE} over every table and view in scope, in one statement. */
    @Override
    public IntegrityReport integrityCheck(Connection connection) throws SQLException {
        return MariaDbIntegrityCheck.run(connection);
    }

    /** Layer 1: whether the account could write or administer although gabysql runs readonly. */
    @Override
    public String writeAccessWarning(DatabaseConfig db, Connection connection) throws SQLException {
        return MariaDbPrivileges.writeAccessWarning(connection);
    }

    /** The JSON plan: one cell holding the whole plan, readable by a model (never ANALYZE). */
    @Override
    public DbaReports dba() {
        return DBA;
    }

    @Override
    public boolean hasReturning(String command) {
        return !command.startsWith("UPDATE"); // INSERT, REPLACE and DELETE have it since 10.5
    }

    @Override
    public Rehearsal rehearse(Connection connection, InspectedStatement stmt) throws SQLException {
        return MariaDbRehearsal.start(connection, stmt);
    }

    @Override
    public String explain(String sql) {
        return "EXPLAIN FORMAT=JSON " + sql;
    }

    @Override
    public String quoteIdentifier(String name) {
        return MariaDbModelMapper.quote(name);
    }

    /**
     * The connection's protection: the {@code tls} setting, else the URL's {@code sslMode} (or the older
     * {@code useSsl=true}, counted as unverified: what it checks changed between Connector/J versions), else
     * Connector/J's default: no encryption.
     */
    @Override
    public String transportWarning(DatabaseConfig db) {
        return Transport.warning(db, PORT, protection(db));
    }

    static Transport.Protection protection(DatabaseConfig db) {
        if (db.tls() != null) {
            return Transport.Protection.of(db.tls());
        }
        String mode = Transport.urlOption(db.url(), "sslMode");
        if (mode == null) {
            String ssl = Transport.urlOption(db.url(), "useSsl");
            return "true".equals(ssl) ? Transport.Protection.UNVERIFIED : Transport.Protection.PLAIN;
        }
        switch (mode) {
            case "disable":
                return Transport.Protection.PLAIN;
            case "trust":
                return Transport.Protection.UNVERIFIED;
            case "verify-ca":
                return Transport.Protection.CA_ONLY;
            default:
                return Transport.Protection.VERIFIED;
        }
    }

    /** Connector/J's {@code sslMode} for a {@code tls} setting. */
    static String sslMode(DatabaseConfig.Tls tls) {
        switch (tls) {
            case DISABLE:
                return "disable";
            case REQUIRE:
                return "trust";
            case VERIFY_CA:
                return "verify-ca";
            default:
                return "verify-full";
        }
    }
}
