package dev.gabysql.core.dialect.generic;

import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * The lower tier for any other JDBC database whose driver is on the class path. gabysql knows nothing of the
 * engine: the guard runs in its strictest flavor ({@link SqlFlavor#GENERIC}), readonly sessions ask the driver for
 * {@code setReadOnly(true)} (a hint that some drivers, H2 among them, ignore), and listings say so. Registered
 * last in {@link dev.gabysql.core.dialect.Dialects}.
 */
public final class GenericJdbcDialect implements Dialect {
    static final String WEAK_ENGINE_LAYER = "generic JDBC tier: the engine-level read-only layer is weaker for this"
            + " database (gabysql can only call Connection.setReadOnly, which some drivers ignore) and the guard"
            + " refuses anything unusual; connect with a database user that can only read";

    private final GenericSchemaReader schemaReader = new GenericSchemaReader();

    @Override
    public String id() {
        return "generic";
    }

    /** Any {@code jdbc:} URL a registered driver accepts. */
    @Override
    public boolean handles(String jdbcUrl) {
        if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:")) {
            return false;
        }
        try {
            return DriverManager.getDriver(jdbcUrl) != null;
        } catch (SQLException e) {
            return false; // "No suitable driver"
        }
    }

    @Override
    public SqlFlavor flavor() {
        return SqlFlavor.GENERIC;
    }

    @Override
    public ConnectionSource connect(DatabaseConfig db, Limits limits) {
        return new GenericConnectionSource(db);
    }

    @Override
    public SchemaReader schemaReader() {
        return schemaReader;
    }

    /** gabysql knows no integrity check for an unknown engine: it checks that the connection answers and says so. */
    @Override
    public IntegrityReport integrityCheck(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName();
        boolean valid = connection.isValid(5);
        return new IntegrityReport(
                null,
                valid,
                "Connection.isValid",
                "the connection only: gabysql knows no" + " integrity check for " + product + " (generic JDBC tier)",
                valid ? List.of() : List.of("the connection did not answer"));
    }

    @Override
    public List<String> warnings(DatabaseConfig db) {
        return List.of(WEAK_ENGINE_LAYER);
    }
}
