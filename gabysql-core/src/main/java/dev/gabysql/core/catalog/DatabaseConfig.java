package dev.gabysql.core.catalog;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import java.time.Duration;

/**
 * One named database of the catalog: where it is and what it may be used for. The password never leaves this
 * record except towards the driver; {@link #displayUrl()} is what may be shown.
 *
 * @param name        the name callers use (never a path or URL)
 * @param url         the JDBC URL
 * @param user        user name, or null to use the URL's
 * @param password    password, or null; never printed
 * @param description a sentence for the model about what the database holds, or null
 * @param maxMode     the most this database may ever be used for
 * @param statementTimeout per statement; null means the server default
 * @param rowCap      rows returned per read at most; 0 means the server default
 * @param approval    who approves writes to this database; null means the server's policy
 * @param pooler      the connection pooler between gabysql and the database ("pgbouncer"), or null to let the
 *                    dialect detect one; with a pooler, sessions get no start-up settings and every transaction
 *                    is hardened and checked by itself (docs/security.md#through-pgbouncer)
 */
public record DatabaseConfig(
        String name,
        String url,
        String user,
        String password,
        String description,
        Mode maxMode,
        Duration statementTimeout,
        int rowCap,
        ApprovalPolicy approval,
        String pooler) {

    public DatabaseConfig {
        maxMode = maxMode == null ? Mode.ADMIN : maxMode;
    }

    /** A database reached without a pooler named for it. */
    public DatabaseConfig(
            String name,
            String url,
            String user,
            String password,
            String description,
            Mode maxMode,
            Duration statementTimeout,
            int rowCap,
            ApprovalPolicy approval) {
        this(name, url, user, password, description, maxMode, statementTimeout, rowCap, approval, null);
    }

    /** A database that follows the server's approval policy, without a pooler named. */
    public DatabaseConfig(
            String name,
            String url,
            String user,
            String password,
            String description,
            Mode maxMode,
            Duration statementTimeout,
            int rowCap) {
        this(name, url, user, password, description, maxMode, statementTimeout, rowCap, null, null);
    }

    /** A SQLite file, named by the caller, with defaults for everything else. */
    public static DatabaseConfig sqlite(String name, java.nio.file.Path file) {
        return new DatabaseConfig(
                name, "jdbc:sqlite:" + file.toAbsolutePath().normalize(), null, null, null, null, null, 0);
    }

    /** The URL with any password masked, for logs, errors and listings. */
    public String displayUrl() {
        return JdbcUrls.mask(url);
    }

    @Override
    public String toString() {
        return "DatabaseConfig[" + name + " " + displayUrl() + "]";
    }
}
