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
 * @param ssh         the SSH tunnel the database is reached through (docs/configuration.md#ssh-tunnels), or null;
 *                    the URL's host and port are then as the SSH host sees them
 * @param tls         how the connection is encrypted and the server verified (docs/configuration.md#verified-tls),
 *                    or null for the driver's default (or what the URL says); {@link Tls#VERIFY_FULL} when a
 *                    {@code caFile} is given without it
 * @param caFile      the PEM file of the certificate authority that signed the server's certificate, or null
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
        String pooler,
        Ssh ssh,
        Tls tls,
        String caFile) {

    public DatabaseConfig {
        maxMode = maxMode == null ? Mode.ADMIN : maxMode;
        tls = tls == null && caFile != null ? Tls.VERIFY_FULL : tls;
    }

    /**
     * A database named {@code name} at {@code url}, with every other setting at its default until the builder sets
     * it: the one way to make a config in code, so that a new setting is one more builder method rather than one
     * more constructor for every combination of the others.
     */
    public static Builder of(String name, String url) {
        return new Builder(name, url);
    }

    /** A builder that starts from this config, to change one setting of it. */
    public Builder toBuilder() {
        return new Builder(name, url)
                .user(user)
                .password(password)
                .description(description)
                .maxMode(maxMode)
                .statementTimeout(statementTimeout)
                .rowCap(rowCap)
                .approval(approval)
                .replica(replica)
                .pooler(pooler)
                .ssh(ssh)
                .tls(tls)
                .caFile(caFile);
    }

    /** A SQLite file, named by the caller, with defaults for everything else. */
    public static DatabaseConfig sqlite(String name, java.nio.file.Path file) {
        return of(name, "jdbc:sqlite:" + file.toAbsolutePath().normalize()).build();
    }

    /**
     * The replica as a database of its own for the dialect to connect to: its URL, this database's credentials and
     * limits, never more than readonly, named {@code NAME-replica} in its connections' errors and pool names.
     */
    public DatabaseConfig replicaConnection() {
        return new Builder(name + "-replica", replica.url())
                .user(user)
                .password(password)
                .description(description)
                .maxMode(Mode.READONLY)
                .statementTimeout(statementTimeout)
                .rowCap(rowCap)
                .approval(approval)
                .pooler(pooler)
                .ssh(ssh)
                .tls(tls)
                .caFile(caFile)
                .build();
    }

    /**
     * This database reached with a caller's own login (docs/security.md#per-caller-database-roles): the URL without
     * the user and password it names, that login's user and password, and nothing else changed.
     */
    public DatabaseConfig withLogin(String loginUser, String loginPassword) {
        return of(name, JdbcUrls.withoutLogin(url))
                .user(loginUser)
                .password(loginPassword)
                .description(description)
                .maxMode(maxMode)
                .statementTimeout(statementTimeout)
                .rowCap(rowCap)
                .approval(approval)
                .pooler(pooler)
                .build();
    }

    /** The URL with any password masked, for logs, errors and listings. */
    public String displayUrl() {
        return JdbcUrls.mask(url);
    }

    @Override
    public String toString() {
        return "DatabaseConfig[" + name + " " + displayUrl() + (replica == null ? "" : " replica " + replica)
                + (ssh == null ? "" : " ssh " + ssh) + "]";
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

    /**
     * How a connection is encrypted and the server checked, in libpq's words (each dialect says it in its driver's):
     * {@code disable} (plain), {@code require} (encrypted, the certificate not checked), {@code verify-ca} (signed by
     * the CA), {@code verify-full} (signed by the CA and issued for the host name connected to).
     */
    public enum Tls {
        DISABLE("disable"),
        REQUIRE("require"),
        VERIFY_CA("verify-ca"),
        VERIFY_FULL("verify-full");

        private final String word;

        Tls(String word) {
            this.word = word;
        }

        /** The configuration file's word for it. */
        public String word() {
            return word;
        }

        /** The value of a configuration word, or null when it names none. */
        public static Tls parse(String word) {
            for (Tls t : values()) {
                if (t.word.equals(word)) {
                    return t;
                }
            }
            return null;
        }
    }

    /**
     * OpenSSH's {@code StrictHostKeyChecking}: {@code yes} refuses a host whose key is not in known_hosts,
     * {@code accept-new} adds a new host's key to it and refuses a changed one, {@code no} checks nothing.
     */
    public enum HostKeyChecking {
        YES("yes"),
        ACCEPT_NEW("accept-new"),
        NO("no");

        private final String word;

        HostKeyChecking(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        public static HostKeyChecking parse(String word) {
            for (HostKeyChecking h : values()) {
                if (h.word.equals(word)) {
                    return h;
                }
            }
            return null;
        }
    }

    /**
     * An SSH tunnel to the database (docs/configuration.md#ssh-tunnels): gabysql logs in to {@code host} and
     * forwards a loopback port to the URL's host and port as seen from there. Unset settings come from the OpenSSH
     * client configuration ({@code configFile}), as {@code ssh host} would take them.
     *
     * @param host            a host name, address or {@code Host} alias of the OpenSSH configuration
     * @param port            the SSH port; 0: the configuration's, else 22
     * @param user            the login; null: the configuration's, else the OS user
     * @param keyFile         a private key file; null: the configuration's IdentityFile, else ~/.ssh/id_*
     * @param agentSocket     the ssh-agent socket; null: {@code SSH_AUTH_SOCK}, when set
     * @param knownHosts      the known_hosts file; null: ~/.ssh/known_hosts
     * @param hostKeyChecking how the host's key is checked; null: {@link HostKeyChecking#YES}
     * @param jump            jump hosts, OpenSSH's {@code ProxyJump} ({@code [user@]host[:port]}, comma-separated);
     *                        null: the configuration's
     * @param configFile      the OpenSSH client configuration; null: ~/.ssh/config
     */
    public record Ssh(
            String host,
            int port,
            String user,
            String keyFile,
            String agentSocket,
            String knownHosts,
            HostKeyChecking hostKeyChecking,
            String jump,
            String configFile) {
        public Ssh {
            hostKeyChecking = hostKeyChecking == null ? HostKeyChecking.YES : hostKeyChecking;
        }

        /** A host (or alias) with every other setting from the OpenSSH configuration. */
        public static Ssh to(String host) {
            return new Ssh(host, 0, null, null, null, null, null, null, null);
        }

        @Override
        public String toString() {
            return (user == null ? "" : user + "@")
                    + host
                    + (port == 0 ? "" : ":" + port)
                    + (jump == null ? "" : " via " + jump);
        }
    }

    /** Sets a {@link DatabaseConfig}'s optional settings by name; see the record's components for each. */
    public static final class Builder {
        private final String name;
        private final String url;
        private String user;
        private String password;
        private String description;
        private Mode maxMode;
        private Duration statementTimeout;
        private int rowCap;
        private ApprovalPolicy approval;
        private Replica replica;
        private String pooler;
        private Ssh ssh;
        private Tls tls;
        private String caFile;

        private Builder(String name, String url) {
            this.name = name;
            this.url = url;
        }

        public Builder user(String user) {
            this.user = user;
            return this;
        }

        public Builder password(String password) {
            this.password = password;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder maxMode(Mode maxMode) {
            this.maxMode = maxMode;
            return this;
        }

        public Builder statementTimeout(Duration statementTimeout) {
            this.statementTimeout = statementTimeout;
            return this;
        }

        public Builder rowCap(int rowCap) {
            this.rowCap = rowCap;
            return this;
        }

        public Builder approval(ApprovalPolicy approval) {
            this.approval = approval;
            return this;
        }

        public Builder replica(Replica replica) {
            this.replica = replica;
            return this;
        }

        public Builder pooler(String pooler) {
            this.pooler = pooler;
            return this;
        }

        public Builder ssh(Ssh ssh) {
            this.ssh = ssh;
            return this;
        }

        public Builder tls(Tls tls) {
            this.tls = tls;
            return this;
        }

        public Builder caFile(String caFile) {
            this.caFile = caFile;
            return this;
        }

        public DatabaseConfig build() {
            return new DatabaseConfig(
                    name,
                    url,
                    user,
                    password,
                    description,
                    maxMode,
                    statementTimeout,
                    rowCap,
                    approval,
                    replica,
                    pooler,
                    ssh,
                    tls,
                    caFile);
        }
    }
}
