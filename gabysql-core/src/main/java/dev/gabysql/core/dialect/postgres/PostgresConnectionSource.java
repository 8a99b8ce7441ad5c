package dev.gabysql.core.dialect.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.internal.ReadWritePools;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.ResultColumns;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.SessionLabel;
import dev.gabysql.core.exec.SqlErrors;
import dev.gabysql.core.exec.TransactionSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;

/**
 * PostgreSQL sessions from two lazily created HikariCP pools: one whose connections carry
 * {@code default_transaction_read_only=on} for readonly calls, one for writes. Every checkout runs in an explicit
 * transaction bounded by {@code statement_timeout}, {@code lock_timeout} and
 * {@code idle_in_transaction_session_timeout}; readonly transactions are READ ONLY and always end in ROLLBACK.
 * A connection in doubt is evicted.
 *
 * <p>Round trips are the cost of a small read (docs/performance.md), so the settings every session needs are the
 * connections' start-up settings (the {@code options} start-up parameter, which is also what a reset returns to) rather
 * than statements: the transaction's BEGIN then travels with the query, and the rollback travels with the reset. A
 * session whose limits differ from the start-up ones sets its own, locally. {@link PgHardening} reads them back and,
 * through a pooler such as PgBouncer, which drops start-up settings, sets them in every transaction instead.
 *
 * <p>Each session is labelled with its caller in {@code application_name} (docs/design.md#session-labels). The reset
 * that ends a read sets the label again after RESET ALL, so that a connection keeps its last caller's label and the
 * next checkout by the same caller sends nothing; another caller's checkout sets its own, within the setup batch
 * when there is one. pgJDBC knows the current value without asking: the server reports every change of
 * {@code application_name} (a ParameterStatus message). Through a pooler the label is set for the transaction only,
 * and the reset leaves the parameters the pooler keeps per client alone. Thread-safe.
 */
final class PostgresConnectionSource implements ConnectionSource {
    /**
     * What {@code DISCARD ALL} does, statement by statement (PostgreSQL documents it so), because DISCARD ALL
     * cannot share a message with the ROLLBACK before it: session advisory locks, LISTEN registrations, prepared
     * statements, cursors, temporary tables, sequences' cached values and every setting go back to the start-up
     * values (where {@code default_transaction_read_only} and the timeouts are).
     */
    static final String ROLLBACK_AND_RESET = "ROLLBACK; CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL;"
            + " DEALLOCATE ALL; UNLISTEN *; SELECT pg_advisory_unlock_all(); DISCARD PLANS; DISCARD TEMP;"
            + " DISCARD SEQUENCES";

    /**
     * What a transaction's end leaves on a server connection that a pooler shares, undone: prepared statements,
     * LISTEN registrations, session advisory locks, cursors, temporary tables, sequences' cached values. Settings are
     * not here: those a read changed went with its ROLLBACK (a rolled-back SET is undone), those of a write are
     * {@link #POOLED_SETTINGS_RESET}'s.
     */
    static final String POOLED_LEFTOVERS = "CLOSE ALL; DEALLOCATE ALL; UNLISTEN *; SELECT pg_advisory_unlock_all();"
            + " DISCARD PLANS; DISCARD TEMP; DISCARD SEQUENCES";

    /**
     * After a commit through a pooler: every setting the session changed goes back, except the parameters PgBouncer
     * keeps per client and sets again whenever it hands the connection to one (RESET ALL would put the server's
     * defaults there, which pgJDBC refuses for client_encoding and DateStyle). It reads pg_settings, so it is kept
     * to writes.
     */
    static final String POOLED_SETTINGS_RESET = "SET SESSION AUTHORIZATION DEFAULT;"
            + " SELECT set_config(name, reset_val, false) FROM pg_settings WHERE source = 'session' AND name NOT IN"
            + " ('application_name', 'client_encoding', 'DateStyle', 'TimeZone', 'standard_conforming_strings',"
            + " 'session_authorization')";

    private static final Duration MAX_LOCK_WAIT = Duration.ofSeconds(10);

    private final DatabaseConfig db;
    private final ReadWritePools pools;
    /** The database's limits: the pools' connections start with them. */
    private final Limits startupLimits;

    private final PgHardening hardening;

    PostgresConnectionSource(DatabaseConfig db, Limits startupLimits) {
        this.db = db;
        this.startupLimits = startupLimits;
        // a URL with its own options may replace ours: then every session sets its settings itself
        this.hardening = new PgHardening(
                db, startupLimits, db.url().toLowerCase(Locale.ROOT).contains("options="));
        this.pools = new ReadWritePools(db, db.url(), org.postgresql.Driver::new, this::configure, PostgresDialect.PORT)
                .tlsRefusedWhen(PostgresConnectionSource::hostNameRefused);
    }

    /** Driver properties: the application name, a connect timeout, and the start-up settings of a session. */
    private void configure(HikariConfig config, boolean readOnly) {
        config.addDataSourceProperty("ApplicationName", "gabysql");
        config.addDataSourceProperty("connectTimeout", "5");
        // start-up parameters (application_name, extra_float_digits) go in the start-up packet instead of
        // statements after it: fewer round trips per new connection, for any server since 9.0
        config.addDataSourceProperty("assumeMinServerVersion", "9.0");
        // never prepare statements on the server: every read's reset deallocates them anyway, a prepared one gets
        // binary results (from its fifth run on a connection), which pgJDBC formats itself (PgResultColumns), and a
        // pooler in transaction pooling would run a later transaction's EXECUTE on a server that never saw the PREPARE
        config.addDataSourceProperty("prepareThreshold", "0");
        if (db.tls() != null) {
            config.addDataSourceProperty("sslmode", db.tls().word());
        }
        if (db.caFile() != null) {
            config.addDataSourceProperty("sslrootcert", db.caFile());
        }
        if (hardening.sendsStartupOptions()) {
            config.addDataSourceProperty("options", startupOptions(startupLimits, readOnly));
        }
    }

    /** pgJDBC's own check of the certificate's host name (verify-full), which it reports without a TLS exception. */
    private static boolean hostNameRefused(SQLException e) {
        String m = e.getMessage();
        return m != null && m.contains("could not be verified by hostnameverifier");
    }

    /** The {@code options} start-up parameter: settings a reset returns to. */
    static String startupOptions(Limits limits, boolean readOnly) {
        long timeoutMs = limits.statementTimeout().toMillis();
        return (readOnly ? "-c default_transaction_read_only=on " : "")
                + "-c application_name=gabysql"
                + " -c statement_timeout=" + timeoutMs
                + " -c lock_timeout=" + lockTimeoutMs(limits)
                + " -c idle_in_transaction_session_timeout=" + idleTimeoutMs(timeoutMs);
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        return open(mode, limits, null);
    }

    @Override
    public Session open(Mode mode, Limits limits, SessionLabel label) {
        return open(mode, limits, label, null);
    }

    /**
     * A session whose transaction runs as {@code role} when one is given ({@code SET LOCAL ROLE}, read back before
     * the call runs: docs/security.md#per-caller-database-roles); the role ends with the transaction.
     */
    @Override
    public Session open(Mode mode, Limits limits, SessionLabel label, String role) {
        boolean readOnly = mode == Mode.READONLY;
        HikariDataSource pool = pool(readOnly);
        Connection c = pools.connect(pool);
        try {
            hardening.begin(c, readOnly, limits, label, role);
            boolean pooled = hardening.pooled();
            return new PgSession(pool, c, readOnly, pooled ? null : label, pooled);
        } catch (SQLException e) {
            pool.evictConnection(c);
            throw SqlErrors.sessionFailed("Unable to prepare a session on `" + db.name() + "`", e);
        } catch (GabyException e) {
            pool.evictConnection(c);
            throw e;
        }
    }

    /** How this database's sessions are hardened, for the catalog listing. */
    @Override
    public String safeguards() {
        return hardening.describe();
    }

    /**
     * {@code SET [LOCAL] application_name = '…'}: the label is printable ASCII without quotes or backslashes
     * ({@link SessionLabel}), so it stands in a literal as it is.
     */
    static String setLabel(String set, SessionLabel label) {
        return set + " application_name = '" + label.text() + "'";
    }

    /** {@code lock_timeout}: {@link Limits#lockWait}, at most 10 s. */
    static long lockTimeoutMs(Limits limits) {
        return limits.lockWait(MAX_LOCK_WAIT).toMillis();
    }

    static long idleTimeoutMs(long statementTimeoutMs) {
        return statementTimeoutMs + 30_000;
    }

    /** The pool; a URL the driver rejects (bad port, malformed) is a configuration error, its text never shown. */
    private HikariDataSource pool(boolean readOnly) {
        try {
            return pools.pool(readOnly);
        } catch (RuntimeException e) { // HikariCP: "Failed to get driver instance for jdbcUrl=…" (URL unmasked)
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Database `" + db.name() + "` (" + db.displayUrl()
                            + "): the PostgreSQL driver does not accept this JDBC URL.",
                    "Fix the URL given for it, e.g. jdbc:postgresql://host:5432/dbname?user=name.");
        }
    }

    @Override
    public void close() {
        pools.close();
    }

    /** One transaction on one pooled connection, reset to its start-up state before it goes back. */
    private static final class PgSession extends TransactionSession {
        private final HikariDataSource pool;
        /** Set again after the reset of a read, or null. */
        private final SessionLabel label;
        /** Whether a pooler shares the server connection ({@link #POOLED_LEFTOVERS}). */
        private final boolean pooled;

        PgSession(HikariDataSource pool, Connection connection, boolean readOnly, SessionLabel label, boolean pooled) {
            super(connection);
            this.pool = pool;
            this.label = label;
            this.pooled = pooled;
            if (readOnly) {
                markReadOnly();
            }
        }

        /** Type names from the row description, without pgJDBC's catalog query ({@link PgResultColumns}). */
        @Override
        public ResultColumns resultColumns() {
            return PgResultColumns.INSTANCE;
        }

        /** pgJDBC fetches a result's next rows by the result's fetch size of the moment. */
        @Override
        public boolean adaptsFetchSize() {
            return true;
        }

        /** After a commit: {@code DISCARD ALL} (or the pooler's reset), which must run outside a transaction. */
        @Override
        protected void reset() throws SQLException {
            Connection c = connection();
            c.setAutoCommit(true);
            try (Statement st = c.createStatement()) {
                st.execute(pooled ? POOLED_SETTINGS_RESET + "; " + POOLED_LEFTOVERS : "DISCARD ALL");
            }
            c.setAutoCommit(false);
        }

        /**
         * Every read and every preview: the rollback and the reset in one round trip, and the label again (the reset
         * set it back), for the next checkout by the same caller.
         */
        @Override
        protected void rollbackAndReset() throws SQLException {
            try (Statement st = connection().createStatement()) {
                if (pooled) {
                    st.execute("ROLLBACK; " + POOLED_LEFTOVERS);
                } else {
                    st.execute(label == null ? ROLLBACK_AND_RESET : ROLLBACK_AND_RESET + "; " + setLabel("SET", label));
                }
            }
        }

        @Override
        protected void release(boolean inDoubt) {
            TransactionSession.releaseToPool(pool, connection(), inDoubt);
        }
    }
}
