package dev.gabysql.core.dialect.mariadb;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.internal.ReadWritePools;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.SessionLabel;
import dev.gabysql.core.exec.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MariaDB/MySQL sessions from two lazily created HikariCP pools, one for readonly calls and one for writes. Every
 * checkout runs one setup statement (session transactions READ ONLY or not, the server-side time limit, lock waits)
 * and opens an explicit transaction, {@code START TRANSACTION READ ONLY} in readonly mode; readonly transactions
 * always end in ROLLBACK. On return the connection is reset (COM_RESET_CONNECTION: user variables, GET_LOCK locks,
 * temporary tables and HANDLERs go) or, where the server cannot be reset, discarded; a connection in doubt is
 * evicted. A connection whose setup fails (a pooled connection to a server or cluster node that died since it was
 * last checked, whose driver failed over meanwhile) is evicted and the setup is tried once more on a new connection:
 * nothing of the caller's has run yet, and with a multi-host URL another node may answer (docs/deploy.md#galera-
 * cluster). A statement cancelled by gabysql's watchdog or by the client is killed on the server: Connector/J's
 * {@code Statement.cancel()} opens a second connection and sends {@code KILL QUERY <thread id>}.
 *
 * <p>Labels (docs/design.md#session-labels): connection attributes are fixed when a connection opens and a pooled
 * connection serves every caller, so the {@code program_name} attribute names the program ({@code gabysql-serve}),
 * taken from the first session's label (a process runs one command); the pools are made then. The caller's label
 * goes in the user variable {@code @gabysql_session}, within the setup statement every checkout runs anyway; the
 * reset clears it. Thread-safe.
 */
final class MariaDbConnectionSource implements ConnectionSource {
    private static final Logger LOG = LoggerFactory.getLogger(MariaDbConnectionSource.class);
    private final DatabaseConfig db;
    private volatile ReadWritePools pools;
    private volatile MariaDbServer server;

    MariaDbConnectionSource(DatabaseConfig db) {
        this.db = db;
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        return open(mode, limits, SessionLabel.of(null));
    }

    @Override
    public Session open(Mode mode, Limits limits, SessionLabel label) {
        boolean readOnly = mode == Mode.READONLY;
        ReadWritePools pools = pools(label);
        HikariDataSource pool = pools.pool(readOnly);
        for (int attempt = 1; ; attempt++) {
            Connection c = pools.connect(pool);
            try {
                MariaDbServer s = server(c);
                begin(c, s, readOnly, limits, label);
                return new MariaDbSession(pool, c, s.canResetConnections());
            } catch (SQLException e) {
                pool.evictConnection(c);
                if (attempt == 2) {
                    throw SqlErrors.sessionFailed("Unable to prepare a session on `" + db.name() + "`", e);
                }
            }
        }
    }

    /** The pools, made on first use with the program of that session's label in their connection attributes. */
    private ReadWritePools pools(SessionLabel label) {
        ReadWritePools p = pools;
        if (p == null) {
            synchronized (this) {
                if (pools == null) {
                    pools = new ReadWritePools(
                                    db,
                                    MariaDbUrls.forConnecting(db.url(), label.program()),
                                    org.mariadb.jdbc.Driver::new,
                                    (config, readOnly) -> configure(config, readOnly),
                                    MariaDbDialect.PORT)
                            .tlsRefusedWhen(MariaDbConnectionSource::hostNameRefused);
                }
                p = pools;
            }
        }
        return p;
    }

    /** Connector/J's own check of the certificate's host name (verify-full), reported without a TLS exception. */
    private static boolean hostNameRefused(SQLException e) {
        String m = e.getMessage();
        return m != null && m.contains("SSL hostname verification failed");
    }

    /**
     * Read-only connections for readonly pools, and the {@code tls} setting in Connector/J's words:
     * {@code sslMode} ({@code trust} for require: encrypted, any certificate) and {@code serverSslCert}, the CA file.
     */
    private void configure(HikariConfig config, boolean readOnly) {
        config.setReadOnly(readOnly);
        if (db.tls() != null) {
            config.addDataSourceProperty("sslMode", MariaDbDialect.sslMode(db.tls()));
        }
        if (db.caFile() != null) {
            config.addDataSourceProperty("serverSslCert", db.caFile());
        }
    }

    /**
     * The symmetric setup of every checkout, in one place, with the caller's label: printable ASCII without quotes
     * or backslashes ({@link SessionLabel}), so it stands in a literal as it is, whatever the SQL mode.
     */
    private static void begin(Connection c, MariaDbServer server, boolean readOnly, Limits limits, SessionLabel label)
            throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(server.sessionSetup(readOnly, limits) + ", @gabysql_session = '" + label.text() + "'");
            st.execute(readOnly ? "START TRANSACTION READ ONLY" : "START TRANSACTION READ WRITE");
        }
    }

    /** Detects the server on the first connection of this database, then remembers it (HikariCP's probe habit). */
    private MariaDbServer server(Connection c) throws SQLException {
        MariaDbServer s = server;
        if (s == null) {
            synchronized (this) {
                if (server == null) {
                    server = MariaDbServer.detect(c);
                    LOG.info("Database `{}` is {}: {}.", db.name(), server.describe(), server.consequences());
                }
                s = server;
            }
        }
        return s;
    }

    /** On a Galera node, what gabysql does differently there; null before the first connection and elsewhere. */
    @Override
    public String safeguards() {
        MariaDbServer s = server;
        return s == null ? null : s.clusterSafeguards();
    }

    @Override
    public synchronized void close() {
        if (pools != null) {
            pools.close();
        }
    }
}
