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
 * @param replica     a read replica that answers readonly calls (docs/design.md#read-replicas), or null
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
        Replica replica,
        String pooler) {

    public DatabaseConfig {
        maxMode = maxMode == null ? Mode.ADMIN : maxMode;
    }

    /** A database with a replica, reached without a pooler named for it. */
    public DatabaseConfig(
            String name,
            String url,
            String user,
            String password,
            String description,
            Mode maxMode,
            Duration statementTimeout,
            int rowCap,
            ApprovalPolicy approval,
            Replica replica) {
        this(name, url, user, password, description, maxMode, statementTimeout, rowCap, approval, replica, null);
    }

    /** A database without a replica, reached through the named pooler (null: none named). */
    public DatabaseConfig(
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
        this(name, url, user, password, description, maxMode, statementTimeout, rowCap, approval, null, pooler);
    }

    /** A database without a replica, reached without a pooler named for it. */
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
        this(name, url, user, password, description, maxMode, statementTimeout, rowCap, approval, null, null);
    }

    /** A database that follows the server's approval policy, without a replica or a pooler named. */
    public DatabaseConfig(
            String name,
            String url,
            String user,
            String password,
            String description,
            Mode maxMode,
            Duration statementTimeout,
            int rowCap) {
        this(name, url, user, password, description, maxMode, statementTimeout, rowCap, null, null, null);
    }

    /** A SQLite file, named by the caller, with defaults for everything else. */
    public static DatabaseConfig sqlite(String name, java.nio.file.Path file) {
        return new DatabaseConfig(
                name, "jdbc:sqlite:" + file.toAbsolutePath().normalize(), null, null, null, null, null, 0);
    }

    /**
     * The replica as a database of its own for the dialect to connect to: its URL, this database's credentials and
     * limits, never more than readonly, named {@code NAME-replica} in its connections' errors and pool names.
     */
    public DatabaseConfig replicaConnection() {
        return new DatabaseConfig(
                name + "-replica",
                replica.url(),
                user,
                password,
                description,
                Mode.READONLY,
                statementTimeout,
                rowCap,
                approval,
                (Replica) null,
                pooler);
    }

    /** The URL with any password masked, for logs, errors and listings. */
    public String displayUrl() {
        return JdbcUrls.mask(url);
    }

    @Override
    public String toString() {
        return "DatabaseConfig[" + name + " " + displayUrl() + (replica == null ? "" : " replica " + replica) + "]";
    }

    /**
     * A read replica of the database (docs/design.md#read-replicas).
     *
     * @param url      its JDBC URL (the database's user and password apply unless the URL names its own)
     * @param maxLag   how far behind the primary it may be before reads go to the primary (or carry a note)
     * @param fallback whether reads go to the primary while the replica is unreachable or lags more than
     *                 {@code maxLag}; false: they fail (unreachable) or are answered by the replica with a note (lag)
     */
    public record Replica(String url, Duration maxLag, boolean fallback) {
        public static final Duration DEFAULT_MAX_LAG = Duration.ofSeconds(30);

        public Replica {
            maxLag = maxLag == null ? DEFAULT_MAX_LAG : maxLag;
        }

        /** The URL with any password masked. */
        public String displayUrl() {
            return JdbcUrls.mask(url);
        }

        @Override
        public String toString() {
            return displayUrl();
        }
    }
}
