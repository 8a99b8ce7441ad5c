package dev.gabysql.core.dialect.internal;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.catalog.JdbcUrls;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.SqlErrors;
import dev.gabysql.core.tunnel.SshTunnel;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The two HikariCP pools of a server database — one for readonly sessions, one for writes — created lazily on
 * first use (start-up stays fast and a database nobody queries is never contacted), with the settings every
 * dialect shares: autocommit off, a small pool, no idle connections kept open, a short connection timeout, no
 * failure at creation. A dialect adds its own driver properties through {@code customize}. A database reached
 * through an SSH tunnel ({@link DatabaseConfig#ssh()}) has its pools connect to the tunnel's loopback port, which
 * the tunnel opens on the first connection and again after it dropped ({@link SshTunnel}); the pools close it.
 * Thread-safe.
 */
public final class ReadWritePools implements AutoCloseable {
    private static final int POOL_SIZE = 4;
    private static final long CONNECT_TIMEOUT_MS = 5_000;

    private final DatabaseConfig db;
    private final String jdbcUrl;
    private final Supplier<Driver> driver;
    private final BiConsumer<HikariConfig, Boolean> customize;
    private volatile HikariDataSource readPool;
    private volatile HikariDataSource writePool;
    /** The waits of the pools that connect through the dialect's driver ({@link DriverConnections}). */
    private final Map<HikariDataSource, ConnectWaiters> waiters = new ConcurrentHashMap<>();
    /** What else than a TLS exception in the chain says the driver refused the server's certificate. */
    private volatile Predicate<SQLException> tlsRefusal = e -> false;
    /** The database's SSH tunnel, or null. */
    private final SshTunnel tunnel;

    /**
     * Pools whose connections come from the driver {@link java.sql.DriverManager} finds for the URL (any driver on
     * the class path: the generic dialect).
     *
     * @param jdbcUrl   the URL to connect with (a dialect may rewrite the configured one)
     * @param customize adds dialect settings to a pool's configuration; the boolean says whether it is readonly
     */
    public ReadWritePools(DatabaseConfig db, String jdbcUrl, BiConsumer<HikariConfig, Boolean> customize) {
        this(db, jdbcUrl, null, customize);
    }

    /**
     * Pools whose connections come from the dialect's own driver, made by {@code driver} when the first pool is
     * created ({@link DriverConnections}: DriverManager never loads the other drivers for it).
     */
    public ReadWritePools(
            DatabaseConfig db, String jdbcUrl, Supplier<Driver> driver, BiConsumer<HikariConfig, Boolean> customize) {
        this(db, jdbcUrl, driver, customize, 0);
    }

    /**
     * As {@link #ReadWritePools(DatabaseConfig, String, Supplier, BiConsumer)}, for an engine whose URLs may leave
     * out the port: {@code defaultPort} is the one an SSH tunnel then forwards to.
     */
    public ReadWritePools(
            DatabaseConfig db,
            String jdbcUrl,
            Supplier<Driver> driver,
            BiConsumer<HikariConfig, Boolean> customize,
            int defaultPort) {
        this.db = db;
        this.jdbcUrl = jdbcUrl;
        this.driver = driver;
        this.customize = customize;
        this.tunnel = db.ssh() == null ? null : tunnel(db, jdbcUrl, driver != null, defaultPort);
    }

    private static SshTunnel tunnel(DatabaseConfig db, String jdbcUrl, boolean ownDriver, int defaultPort) {
        JdbcUrls.HostPort target = ownDriver ? JdbcUrls.server(jdbcUrl, defaultPort) : null;
        if (target == null || target.port() <= 0) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Database `" + db.name() + "` (" + db.displayUrl() + ") cannot be reached through an SSH tunnel:"
                            + " its URL must name one server (jdbc:postgresql://host:port/… or jdbc:mariadb://…).",
                    "Give a PostgreSQL, MariaDB or MySQL URL with one host, as the SSH host reaches it"
                            + " (often localhost), or remove the ssh settings.");
        }
        return new SshTunnel(db.name(), db.ssh(), target);
    }

    /**
     * Tells how the dialect's driver reports a certificate it refused beyond the JDK's TLS exceptions (pgJDBC
     * checks the host name itself), for {@link #connect} to answer TLS_NOT_VERIFIED.
     */
    public ReadWritePools tlsRefusedWhen(Predicate<SQLException> refusal) {
        this.tlsRefusal = refusal;
        return this;
    }

    /** The URL a new connection takes: the configured one, or through the tunnel, opened (again) if need be. */
    private String connectUrl() throws SQLException {
        if (tunnel == null) {
            return jdbcUrl;
        }
        try {
            JdbcUrls.HostPort local = tunnel.localServer();
            return JdbcUrls.withServer(jdbcUrl, local.host(), local.port());
        } catch (GabyException e) {
            throw new TunnelFailure(e);
        }
    }

    /** A tunnel's failure on the way through the driver's connection path, unwrapped by {@link #connect}. */
    private static final class TunnelFailure extends SQLException {
        private static final long serialVersionUID = 1L;

        TunnelFailure(GabyException cause) {
            super(cause.getMessage(), "08001", cause);
        }
    }

    /** Whether the JDK's TLS refused the server (a handshake or certificate failure) behind {@code e}. */
    private static boolean tlsException(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof javax.net.ssl.SSLException || t instanceof java.security.cert.CertificateException) {
                return true;
            }
        }
        return false;
    }

    /** The tunnel's error behind a failed connection attempt, or null when none is. */
    private static GabyException tunnelError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TunnelFailure f) {
                return (GabyException) f.getCause();
            }
        }
        return null;
    }

    /** The pool for readonly sessions or for writes, created on first use. */
    public HikariDataSource pool(boolean readOnly) {
        HikariDataSource p = readOnly ? readPool : writePool;
        if (p != null) {
            return p;
        }
        synchronized (this) {
            if (readOnly && readPool == null) {
                readPool = create(true);
            } else if (!readOnly && writePool == null) {
                writePool = create(false);
            }
            return readOnly ? readPool : writePool;
        }
    }

    /**
     * A connection from {@code pool}. When every connection stays busy with other calls for the connection
     * timeout, OVER_CAPACITY (the database is fine; gabysql runs at most {@value #POOL_SIZE} calls on it at once).
     * When the pool's attempt to open a connection fails and it has none to give back (the server is down, refuses
     * the user, has no such database), DATABASE_UNAVAILABLE with that failure, at once ({@link ConnectWaiters})
     * rather than after the timeout. The URL is masked.
     */
    public Connection connect(HikariDataSource pool) {
        if (tunnel != null) {
            // opened (again) here, on the caller's thread, so that the SSH log-in does not eat the pool's
            // connection timeout and its failure is the caller's error; the pool's new connections then find it open
            tunnel.localServer();
        }
        ConnectWaiters poolWaiters = waiters.get(pool);
        ConnectWaiters.Waiter waiter = poolWaiters == null ? null : poolWaiters.enter();
        try {
            return pool.getConnection();
        } catch (SQLException e) {
            SQLException refused = waiter == null ? null : poolWaiters.failedSince(waiter);
            if (refused == null && allBusy(pool)) {
                throw new GabyException(
                        ErrorCode.OVER_CAPACITY,
                        "All " + POOL_SIZE + " connections to `" + db.name() + "` stayed busy with other calls for "
                                + CONNECT_TIMEOUT_MS / 1000 + " s.",
                        "Wait for a running call to finish, or cancel one (a long query, a forgotten preview),"
                                + " then retry.");
            }
            SQLException cause = refused != null ? refused : e;
            GabyException tunnelError = tunnelError(cause);
            if (tunnelError != null) {
                throw tunnelError;
            }
            if (db.tls() != null && (tlsException(cause) || tlsRefusal.test(cause))) {
                throw new GabyException(
                        ErrorCode.TLS_NOT_VERIFIED,
                        "Database `" + db.name() + "` (" + db.displayUrl() + "): the server's certificate was refused"
                                + " (tls = \"" + db.tls().word() + "\""
                                + (db.caFile() == null ? "" : ", ca_file = " + db.caFile())
                                + "): " + rootMessage(cause),
                        "Check that ca_file is the CA that signed the server's certificate and that the URL names a"
                                + " host the certificate is issued for (its subjectAltName: openssl s_client"
                                + " -connect HOST:PORT -starttls postgres, or mysql, shows it); never lower tls to get past this"
                                + " without knowing why.",
                        cause.getSQLState(),
                        null);
            }
            throw new GabyException(
                    ErrorCode.DATABASE_UNAVAILABLE,
                    "Unable to connect to database `" + db.name() + "` (" + db.displayUrl() + "): "
                            + rootMessage(cause),
                    SqlErrors.refusalHint(cause),
                    cause.getSQLState(),
                    null);
        } finally {
            if (waiter != null) {
                poolWaiters.leave(waiter);
            }
        }
    }

    private static int totalConnections(HikariDataSource pool) {
        var state = pool.getHikariPoolMXBean();
        return state == null ? 0 : state.getTotalConnections();
    }

    private static boolean allBusy(HikariDataSource pool) {
        var state = pool.getHikariPoolMXBean();
        return state != null && state.getActiveConnections() >= POOL_SIZE;
    }

    private HikariDataSource create(boolean readOnly) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("gabysql-" + db.name() + (readOnly ? "-ro" : "-rw"));
        config.setJdbcUrl(jdbcUrl);
        if (db.user() != null) {
            config.setUsername(db.user());
        }
        if (db.password() != null) {
            config.setPassword(db.password());
        }
        config.setAutoCommit(false);
        config.setMaximumPoolSize(POOL_SIZE);
        config.setMinimumIdle(0);
        config.setConnectionTimeout(CONNECT_TIMEOUT_MS);
        config.setInitializationFailTimeout(-1);
        customize.accept(config, readOnly);
        if (driver != null) {
            Driver d = driver.get();
            if (!accepts(d, jdbcUrl)) { // as HikariCP fails for a URL no driver takes (the URL is not repeated)
                throw new IllegalStateException("The JDBC driver "
                        + d.getClass().getName() + " does not accept" + " the URL of database `" + db.name() + "`.");
            }
            Properties properties = new Properties();
            properties.putAll(config.getDataSourceProperties());
            ConnectWaiters poolWaiters = new ConnectWaiters();
            DriverConnections connections = new DriverConnections(d, this::connectUrl, properties, poolWaiters);
            config.setDataSource(connections);
            HikariDataSource pool = new HikariDataSource(config);
            connections.poolEmptyWhen(() -> totalConnections(pool) == 0);
            waiters.put(pool, poolWaiters);
            return pool;
        }
        return new HikariDataSource(config);
    }

    private static boolean accepts(Driver driver, String url) {
        try {
            return driver.acceptsURL(url);
        } catch (SQLException e) {
            return false;
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? e.getMessage() : t.getMessage();
    }

    @Override
    public synchronized void close() {
        if (readPool != null) {
            readPool.close();
        }
        if (writePool != null) {
            writePool.close();
        }
        if (tunnel != null) {
            tunnel.close();
        }
    }
}
