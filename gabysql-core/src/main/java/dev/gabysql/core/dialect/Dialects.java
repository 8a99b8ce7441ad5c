package dev.gabysql.core.dialect;

import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.generic.GenericJdbcDialect;
import dev.gabysql.core.dialect.mariadb.MariaDbDialect;
import dev.gabysql.core.dialect.postgres.PostgresDialect;
import dev.gabysql.core.dialect.sqlite.SqliteDialect;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.guard.SqlFlavor;
import java.util.List;

/** The registry of supported engines: the one place that lists them. */
public final class Dialects {
    /** First match wins; the generic JDBC tier takes whatever URL is left and has a driver, so it stays last. */
    private static final List<Dialect> ALL =
            List.of(new SqliteDialect(), new PostgresDialect(), new MariaDbDialect(), new GenericJdbcDialect());

    private Dialects() {}

    /** Every registered dialect, in matching order (the contract tests check each has its fixtures). */
    public static List<Dialect> all() {
        return ALL;
    }

    public static Dialect forDatabase(DatabaseConfig db) {
        for (Dialect dialect : ALL) {
            if (dialect.handles(db.url())) {
                return dialect;
            }
        }
        throw new GabyException(
                ErrorCode.UNSUPPORTED_DATABASE,
                "Database `" + db.name() + "` (" + db.displayUrl() + ") is not a supported kind of database.");
    }

    /**
     * How the guard reads the SQL of the dialect whose {@link Dialect#id} is given (as a database listing names it),
     * for front ends that split scripts; GENERIC, the strictest, for any other id.
     */
    public static SqlFlavor flavorOf(String dialectId) {
        for (Dialect dialect : ALL) {
            if (dialect.id().equals(dialectId)) {
                return dialect.flavor();
            }
        }
        return SqlFlavor.GENERIC;
    }
}
