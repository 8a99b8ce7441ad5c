package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.DbaReports;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.dialect.Rehearsal;
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

/** SQLite through the xerial driver: the embedded default. */
public final class SqliteDialect implements Dialect {
    private static final SqliteDba DBA = new SqliteDba();
    private final SqliteSchemaReader schemaReader = new SqliteSchemaReader();

    @Override
    public String id() {
        return "sqlite";
    }

    @Override
    public boolean handles(String jdbcUrl) {
        return jdbcUrl != null && jdbcUrl.startsWith("jdbc:sqlite:");
    }

    @Override
    public SqlFlavor flavor() {
        return SqlFlavor.SQLITE;
    }

    /** A SQLite file has no users: whoever opens it may do what the file's permissions allow. */
    @Override
    public boolean takesLogins() {
        return false;
    }

    @Override
    public ConnectionSource connect(DatabaseConfig db, Limits limits) {
        return new SqliteConnectionSource(db, limits);
    }

    @Override
    public SchemaReader schemaReader() {
        return schemaReader;
    }

    @Override
    public DbaReports dba() {
        return DBA;
    }

    @Override
    public boolean hasReturning(String command) {
        return true;
    }

    @Override
    public Rehearsal rehearse(Connection connection, InspectedStatement stmt) throws SQLException {
        return SqliteRehearsal.start(connection, stmt);
    }

    @Override
    public String explain(String sql) {
        return "EXPLAIN QUERY PLAN " + sql;
    }

    /** A database file that is not there (yet) is listed, with this warning, rather than hidden. */
    @Override
    public List<String> warnings(DatabaseConfig db) {
        java.nio.file.Path file = SqliteConnectionSource.fileOf(db.url());
        return file != null && !java.nio.file.Files.exists(file) ? List.of("file not found: " + file) : List.of();
    }

    /** SQLite has no roles: the operating system's permission on the file is the least privilege. */
    @Override
    public String writeAccessWarning(DatabaseConfig db, Connection connection) {
        java.nio.file.Path file = SqliteConnectionSource.fileOf(db.url());
        if (file != null && java.nio.file.Files.isWritable(file)) {
            return "the SQLite file is writable by this process; readonly is enforced by gabysql's read-only"
                    + " connection and guard. Make the file read-only (chmod a-w) for least privilege.";
        }
        return null;
    }

    /** {@code PRAGMA integrity_check} (b-trees, pages, indexes) plus {@code PRAGMA foreign_key_check}. */
    @Override
    public IntegrityReport integrityCheck(Connection connection) throws SQLException {
        List<String> problems = new ArrayList<>();
        try (Statement st = connection.createStatement()) {
            try (ResultSet rs = st.executeQuery("PRAGMA integrity_check")) {
                while (rs.next()) {
                    String line = rs.getString(1);
                    if (!"ok".equalsIgnoreCase(line)) {
                        problems.add(line);
                    }
                }
            }
            try (ResultSet rs = st.executeQuery("PRAGMA foreign_key_check")) {
                while (rs.next()) {
                    problems.add("foreign key violation: table " + rs.getString(1) + " rowid " + rs.getString(2)
                            + " references missing row in " + rs.getString(3));
                }
            }
        }
        return new IntegrityReport(
                null,
                problems.isEmpty(),
                "PRAGMA integrity_check; PRAGMA foreign_key_check",
                "every table and index b-tree, page structure, index consistency, and foreign keys",
                problems);
    }
}
