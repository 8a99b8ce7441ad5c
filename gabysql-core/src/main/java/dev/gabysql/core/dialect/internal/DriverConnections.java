package dev.gabysql.core.dialect.internal;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} that connects through one given JDBC driver, as HikariCP's own does for a JDBC URL, but
 * without asking {@link DriverManager} for the driver. That question makes DriverManager load and initialize every
 * driver on the class path first (SQLite's, PostgreSQL's, MariaDB's): several milliseconds of a server database's
 * first connection, which sits between spawn and the first answer (docs/design.md#start-up). The connection properties
 * are the pool's driver properties plus {@code user} and {@code password}, exactly what HikariCP would pass. Each
 * attempt's outcome is told to the pool's {@link ConnectWaiters}. Thread-safe.
 */
final class DriverConnections implements DataSource {
    private final Driver driver;
    /** The URL of each new connection (through an SSH tunnel, the tunnel's port of the moment). */
    private final UrlSource url;

    private final Properties properties;
    private final ConnectWaiters waiters;
    /** Whether the pool holds no connection at all (then a failed attempt ends the waits). */
    private volatile BooleanSupplier poolEmpty = () -> false;

    /** Where a new connection goes, asked at each attempt. */
    @FunctionalInterface
    interface UrlSource {
        String get() throws SQLException;
    }

    /** Connections to one fixed URL. */
    DriverConnections(Driver driver, String url, Properties properties, ConnectWaiters waiters) {
        this(driver, () -> url, properties, waiters);
    }

    DriverConnections(Driver driver, UrlSource url, Properties properties, ConnectWaiters waiters) {
        this.driver = driver;
        this.url = url;
        this.properties = properties;
        this.waiters = waiters;
    }

    /** Tells how to know that the pool these connections are for holds none (set once the pool exists). */
    void poolEmptyWhen(BooleanSupplier empty) {
        this.poolEmpty = empty;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return connect(properties);
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        Properties withUser = new Properties();
        withUser.putAll(properties);
        if (username != null) {
            withUser.setProperty("user", username);
        }
        if (password != null) {
            withUser.setProperty("password", password);
        }
        return connect(withUser);
    }

    private Connection connect(Properties props) throws SQLException {
        long started = System.nanoTime();
        try {
            Connection c = driver.connect(url.get(), props);
            if (c == null) {
                throw new SQLException(
                        "The driver " + driver.getClass().getName() + " does not accept this URL.", "08001");
            }
            waiters.succeeded();
            return c;
        } catch (SQLException e) {
            waiters.failed(e, poolEmpty.getAsBoolean(), started);
            throw e;
        }
    }

    /** As HikariCP's own data source does: the driver reads the process-wide login timeout. */
    @Override
    public void setLoginTimeout(int seconds) {
        DriverManager.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() {
        return DriverManager.getLoginTimeout();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // no driver logging
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("No parent logger.");
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("Not a wrapper of " + type.getName() + ".");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
