package dev.gabysql.core.state;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.catalog.JdbcUrls;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL database that replicas share for what must happen once (docs/design.md#shared-state), named by
 * {@code --state}: gabysql keeps its tables in its own schema there, {@value #SCHEMA}, and creates them on first use if
 * they are missing ({@link #DDL}; idempotent, and replicas starting together take turns under an advisory lock).
 *
 * <p>Connections come from a small HikariCP pool rather than one connection per operation: a confirm or a decision
 * is one short statement, and opening a PostgreSQL connection (TCP, start-up, password exchange) costs several times
 * that statement, on the write's path. The pool is made on first use (a replica that only reads never connects),
 * keeps no idle connection for long, fails nothing at creation, and waits at most {@value #CONNECT_TIMEOUT_MS} ms for a
 * connection, so that a state database that is down refuses a write within seconds. Connections are in autocommit:
 * each statement is its own short transaction, committed before the caller goes on. Statements are not prepared on
 * the server ({@code prepareThreshold=0}), so the state may sit behind PgBouncer in transaction pooling. The URL's own
 * parameters win over these defaults; its password is shown masked only ({@link #displayUrl}). Thread-safe.
 */
public final class StateDatabase implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StateDatabase.class);

    /** The schema gabysql keeps its state in. */
    public static final String SCHEMA = "gabysql_state";

    private static final String URL_PREFIX = "jdbc:postgresql:";
    private static final int POOL_SIZE = 4;
    private static final long CONNECT_TIMEOUT_MS = 3_000;
    /** Of pg_advisory_xact_lock: replicas that start together create the schema one after the other. */
    private static final long SCHEMA_LOCK = 0x6761_6279_7374_6174L; // "gabystat"

    /**
     * The schema: the ids of redeemed confirm tokens with the tokens' expiry, and the writes that wait for a person
     * with their state and the whole write as JSON (text, not jsonb: a parameter may hold a NUL character, which jsonb
     * refuses). Each statement may run again on an existing schema.
     */
    static final List<String> DDL = List.of(
            "CREATE SCHEMA IF NOT EXISTS " + SCHEMA,
            "CREATE TABLE IF NOT EXISTS " + SCHEMA + ".redeemed_tokens ("
                    + " token_id text PRIMARY KEY,"
                    + " expires_at timestamptz NOT NULL,"
                    + " redeemed_at timestamptz NOT NULL DEFAULT now())",
            "CREATE INDEX IF NOT EXISTS redeemed_tokens_expires_at ON " + SCHEMA + ".redeemed_tokens (expires_at)",
            "CREATE TABLE IF NOT EXISTS " + SCHEMA + ".pending_writes ("
                    + " approval_id text PRIMARY KEY,"
                    + " db text NOT NULL,"
                    + " state text NOT NULL,"
                    + " created_at timestamptz NOT NULL,"
                    + " expires_at timestamptz NOT NULL,"
                    + " body text NOT NULL)",
            "CREATE INDEX IF NOT EXISTS pending_writes_waiting ON " + SCHEMA
                    + ".pending_writes (created_at) WHERE state = 'pending'",
            "CREATE INDEX IF NOT EXISTS pending_writes_expires_at ON " + SCHEMA + ".pending_writes (expires_at)");

    private final String url;
    private volatile HikariDataSource pool;
    private volatile boolean ready;

    /**
     * The state database at {@code url}; nothing is contacted yet.
     *
     * @throws GabyException {@code CONFIG_INVALID} when {@code url} is not a PostgreSQL JDBC URL
     */
    public StateDatabase(String url) {
        if (url == null || !url.startsWith(URL_PREFIX)) { // the shared state is PostgreSQL by design (package-info)
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "--state must be a PostgreSQL JDBC URL, got `" + JdbcUrls.mask(url) + "`.",
                    "For example: --state 'jdbc:postgresql://db.internal:5432/gabysql?user=gabysql', or in gabysql.toml"
                            + " state = \"jdbc:postgresql://…?user=gabysql&password=${STATE_PASSWORD}\".");
        }
        this.url = url;
    }

    /** The URL with any password masked, for logs and errors. */
    public String displayUrl() {
        return JdbcUrls.mask(url);
    }

    /** Work on one connection of the pool; SQL errors are the caller's to leave to {@link #run}. */
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /**
     * Runs {@code work} on a connection of the pool, the schema made first if this process has not seen it yet.
     *
     * @param what what gabysql was doing, for the error ("Redeeming a confirm token")
     * @throws GabyException {@code STATE_UNAVAILABLE} when the database cannot be reached or refuses the work
     */
    <T> T run(String what, Work<T> work) {
        try (Connection c = pool().getConnection()) {
            ensureSchema(c);
            return work.run(c);
        } catch (SQLException e) {
            throw unavailable(what, e);
        }
    }

    private HikariDataSource pool() {
        HikariDataSource p = pool;
        if (p == null) {
            synchronized (this) {
                if (pool == null) {
                    pool = new HikariDataSource(config());
                }
                p = pool;
            }
        }
        return p;
    }

    private HikariConfig config() {
        HikariConfig config = new HikariConfig();
        config.setPoolName("gabysql-state");
        config.setJdbcUrl(url);
        config.setAutoCommit(true);
        config.setMaximumPoolSize(POOL_SIZE);
        config.setMinimumIdle(0);
        config.setConnectionTimeout(CONNECT_TIMEOUT_MS);
        config.setInitializationFailTimeout(-1);
        config.addDataSourceProperty("ApplicationName", "gabysql state");
        config.addDataSourceProperty("prepareThreshold", "0");
        config.addDataSourceProperty("connectTimeout", "3");
        config.addDataSourceProperty("socketTimeout", "10"); // a stalled state database cannot hold a write forever
        config.addDataSourceProperty("tcpKeepAlive", "true");
        return config;
    }

    private void ensureSchema(Connection c) throws SQLException {
        if (ready) {
            return;
        }
        synchronized (this) {
            if (!ready) {
                if (!schemaExists(c)) {
                    createSchema(c);
                }
                ready = true;
                LOG.info("shared state: schema {} in {}", SCHEMA, displayUrl());
            }
        }
    }

    /** Checked first: an operator may have created the schema for a user who may not create one. */
    private static boolean schemaExists(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT to_regclass('" + SCHEMA + ".redeemed_tokens') IS NOT NULL"
                        + " AND to_regclass('" + SCHEMA + ".pending_writes') IS NOT NULL")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    private static void createSchema(Connection c) throws SQLException {
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute("SELECT pg_advisory_xact_lock(" + SCHEMA_LOCK + ")");
            for (String ddl : DDL) {
                st.execute(ddl);
            }
            c.commit();
        } catch (SQLException e) {
            rollbackQuietly(c);
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is gone: its transaction went with it
        }
    }

    private GabyException unavailable(String what, SQLException e) {
        return new GabyException(
                ErrorCode.STATE_UNAVAILABLE,
                what + ": the shared state database (" + displayUrl() + ") did not answer: " + driverMessage(e),
                "Check that the state database named by --state (or state in gabysql.toml, GABYSQL_STATE) is running"
                        + " and reachable, and that its user may use the schema " + SCHEMA
                        + " (docs/deploy.md#shared-state-for-replicas); then retry. Reads do not need it.",
                e.getSQLState(),
                null);
    }

    /** The driver's own words: the innermost SQL exception's first line (the pool wraps the driver's), masked. */
    private static String driverMessage(SQLException e) {
        SQLException inner = e;
        for (Throwable t = e.getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException) {
                inner = (SQLException) t;
            }
        }
        String m = inner.getMessage() == null ? inner.toString() : inner.getMessage();
        return JdbcUrls.mask(m.split("\n", 2)[0]);
    }

    @Override
    public synchronized void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
