package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.SessionLabel;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collections;
import java.util.Locale;
import java.util.Set;
import java.util.WeakHashMap;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the engine layer of a PostgreSQL database's sessions — read-only transactions and the statement timeout
 * (docs/design.md#three-layers-of-defence) — is put in place, and checked (docs/security.md#through-pgbouncer).
 *
 * <p>Directly, a connection's start-up settings carry it, so that a call sends no statement of its own; they are
 * read back from the server on each connection's first use. A pooler such as PgBouncer drops start-up settings (or
 * refuses them) and, in transaction pooling, hands the server connection to another client between transactions:
 * then every transaction sets its own ({@code SET TRANSACTION READ ONLY}, {@code SET LOCAL}, which end with it and
 * leave nothing for the next client) and reads them back before the call runs, in the one round trip that carries
 * the BEGIN. A session on which they did not take effect is refused with SESSION_NOT_HARDENED, never served without
 * them.
 *
 * <p>A pooler is named in the configuration ({@code pooler = "pgbouncer"}: no start-up settings are sent at all) or
 * detected on a connection's first use: the server's {@code pg_backend_pid()} is not the process id the connection
 * was given at start-up, because a pooler answers a client with a cancel key of its own. Thread-safe.
 */
final class PgHardening {
    private static final Logger LOG = LoggerFactory.getLogger(PgHardening.class);

    /** What the engine says of the two settings, in the transaction; the first use also asks who answers. */
    private static final String READ_BACK =
            "SELECT current_setting('transaction_read_only'), current_setting('statement_timeout')";

    private static final String FIRST_USE = READ_BACK + ", pg_backend_pid()";

    /** The read-back of a transaction that took on a caller's role: the role in effect too. */
    private static final String READ_BACK_AS = READ_BACK + ", 0, current_user";

    /** SQLSTATEs of a SET ROLE the server refuses: 42501 not a member of the role, 22023 no such role. */
    private static final Set<String> ROLE_REFUSED = Set.of("42501", "22023");

    /** PgBouncer's answer to a BEGIN in statement pooling: no transaction can hold gabysql's settings there. */
    private static final String STATEMENT_POOLING = "transaction blocks not allowed in statement pooling mode";

    private final DatabaseConfig db;
    private final Limits startupLimits;
    private final boolean startupOptions;
    /** Why every transaction sets its settings itself; null while the start-up settings hold. */
    private volatile Route route;
    /** The physical connections whose start-up settings were read back (the pool's wrappers change per checkout). */
    private final Set<PGConnection> checked =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    /** Why the last session was refused, or null. */
    private volatile String refused;

    /**
     * @param urlHasOptions whether the URL brings its own {@code options}, which replace gabysql's start-up ones
     */
    PgHardening(DatabaseConfig db, Limits startupLimits, boolean urlHasOptions) {
        this.db = db;
        this.startupLimits = startupLimits;
        this.startupOptions = db.pooler() == null;
        if (db.pooler() != null) {
            route = new Route(true, "through " + db.pooler() + " (configured)");
        } else if (urlHasOptions) {
            route = new Route(false, "the URL sets its own start-up options");
        }
    }

    /** Why each transaction sets its own settings, or null while start-up settings carry them. */
    private record Route(boolean pooled, String why) {}

    /** Whether connections get gabysql's settings at start-up: not when a pooler is named (it would refuse them). */
    boolean sendsStartupOptions() {
        return startupOptions;
    }

    /**
     * Whether the server connection may serve other clients between transactions: then a session leaves no
     * session-level state behind (no label set for the next checkout; a reset that leaves the pooler's parameters
     * alone).
     */
    boolean pooled() {
        Route r = route;
        return r != null && r.pooled();
    }

    /**
     * Prepares the transaction of a checkout: nothing to send when the connection's start-up settings are known to
     * hold, the session's limits are theirs and the caller has no role; otherwise one batch (which carries the
     * driver's BEGIN) that sets what differs — the caller's role first ({@code SET LOCAL ROLE}) — and reads the
     * settings and the role back, and sets the caller's label (docs/design.md#session-labels) unless the connection
     * carries it already.
     *
     * @param role the database role this transaction takes on (docs/security.md#per-caller-database-roles), or null
     * @throws GabyException SESSION_NOT_HARDENED when the engine does not hold the settings, CALLER_ROLE_NOT_SET
     *                       when it refuses the role or did not take it on
     */
    void begin(Connection c, boolean readOnly, Limits limits, SessionLabel caller, String role) throws SQLException {
        try {
            SessionLabel label = caller == null || carries(c, caller) ? null : caller;
            Route r = route;
            if (r != null) {
                eachTransaction(c, readOnly, limits, label, r, role);
                return;
            }
            PGConnection pg = c.unwrap(PGConnection.class);
            if (checked.contains(pg)) {
                onStartupSettings(c, readOnly, limits, label, role);
            } else {
                firstUse(c, pg, readOnly, limits, label, role);
            }
        } catch (SQLException e) {
            if (role != null && ROLE_REFUSED.contains(e.getSQLState())) {
                throw roleRefused(role, e);
            }
            if (e.getMessage() != null && e.getMessage().contains(STATEMENT_POOLING)) {
                throw refuse(
                        "PgBouncer runs it in statement pooling mode, where no transaction can hold a read-only"
                                + " setting or a timeout (" + e.getMessage() + ")",
                        "Give this database pool_mode = transaction (or session) in pgbouncer.ini, e.g. in its"
                                + " [databases] line: `name = host=… pool_mode=transaction` (docs/deploy.md#pgbouncer).");
            }
            throw e;
        }
    }

    /** The start-up settings hold: only a label to set, other limits, or a role, cost a statement. */
    private void onStartupSettings(Connection c, boolean readOnly, Limits limits, SessionLabel label, String role)
            throws SQLException {
        if (!sameTimeout(limits) || role != null) {
            eachTransaction(c, readOnly, limits, label, null, role);
        } else if (label != null) {
            labelBeforeTheTransaction(c, label);
        }
    }

    /**
     * A connection's first checkout: one statement before its transaction (in autocommit, so that it leaves no portal
     * for the caller's statement to see) reads the start-up settings back and asks who answers. A server that is not
     * the process the connection was given, or settings that did not take effect, switch the database to settings set
     * in every transaction — this one first.
     */
    private void firstUse(
            Connection c, PGConnection pg, boolean readOnly, Limits limits, SessionLabel label, String role)
            throws SQLException {
        c.setAutoCommit(true);
        Engine seen = read(c, FIRST_USE); // a failure discards the connection: autocommit stays as it is
        c.setAutoCommit(false);
        Route r = null;
        if (seen.pid() != pg.getBackendPID()) {
            r = new Route(
                    true,
                    "through a connection pooler (detected: the server's backend is not the process the connection"
                            + " was given at start-up)");
        } else {
            String missing = missing(seen, readOnly, startupLimits.statementTimeout());
            if (missing != null) {
                r = new Route(false, "the connections' start-up settings did not take effect (" + missing + ")");
            }
        }
        if (r == null) {
            checked.add(pg);
            onStartupSettings(c, readOnly, limits, label, role);
            return;
        }
        switchTo(r);
        eachTransaction(c, readOnly, limits, label, r, role);
    }

    private synchronized void switchTo(Route r) {
        if (route == null) {
            route = r;
            LOG.info(
                    "Database `{}` is reached {}: its sessions set their read-only transaction and statement timeout"
                            + " in every transaction and read them back.",
                    db.name(),
                    r.why());
        }
    }

    /**
     * The settings for this transaction and their read-back, in one batch; refused when they did not hold. The role
     * is set first, so that nothing of the batch runs with the login's rights after it, and {@code SET LOCAL} ends
     * with the transaction: nothing of it is left for the connection's next caller.
     */
    private void eachTransaction(
            Connection c, boolean readOnly, Limits limits, SessionLabel label, Route r, String role)
            throws SQLException {
        long timeoutMs = limits.statementTimeout().toMillis();
        Engine seen = read(
                c,
                (role == null ? "" : "SET LOCAL ROLE " + quote(role) + "; ")
                        + (label == null ? "" : PostgresConnectionSource.setLabel("SET LOCAL", label) + "; ")
                        + (readOnly ? "SET TRANSACTION READ ONLY; " : "")
                        + "SET LOCAL statement_timeout = " + timeoutMs + "; "
                        + "SET LOCAL lock_timeout = " + PostgresConnectionSource.lockTimeoutMs(limits) + "; "
                        + "SET LOCAL idle_in_transaction_session_timeout = "
                        + PostgresConnectionSource.idleTimeoutMs(timeoutMs) + "; "
                        + (role == null ? READ_BACK : READ_BACK_AS));
        String missing = missing(seen, readOnly, limits.statementTimeout());
        if (missing != null) {
            throw refuse(
                    missing + " although this transaction set it" + (r == null ? "" : " (" + r.why() + ")"),
                    "Something between gabysql and PostgreSQL drops or rewrites SET TRANSACTION READ ONLY and SET"
                            + " LOCAL: connect directly, or through PgBouncer in transaction or session pooling"
                            + " (docs/deploy.md#pgbouncer).");
        }
        if (role != null && !role.equals(seen.user())) {
            throw new GabyException(
                    ErrorCode.CALLER_ROLE_NOT_SET,
                    "Database `" + db.name() + "`: gabysql runs no call of this caller, because its transaction runs"
                            + " as `" + SessionLabel.clean(String.valueOf(seen.user())) + "`, not as its role `"
                            + SessionLabel.clean(role) + "`, although it set it.",
                    "Something between gabysql and PostgreSQL drops SET LOCAL ROLE: connect directly, or through"
                            + " PgBouncer in transaction or session pooling (docs/deploy.md#pgbouncer).");
        }
        if (refused != null) {
            refused = null;
        }
    }

    /** {@code "name"}: a role name as a quoted identifier, whatever characters it holds. */
    static String quote(String role) {
        return '"' + role.replace("\"", "\"\"") + '"';
    }

    /** The server refused {@code SET ROLE}: gabysql's login is not a member of the role, or there is no such role. */
    private GabyException roleRefused(String role, SQLException e) {
        String name = SessionLabel.clean(role);
        boolean missing = "22023".equals(e.getSQLState());
        String login = db.user() == null ? "gabysql's login" : SessionLabel.clean(db.user());
        return new GabyException(
                ErrorCode.CALLER_ROLE_NOT_SET,
                "Database `" + db.name() + "`: this caller runs as the role `" + name + "`, which "
                        + (missing ? "does not exist there" : login + " may not take on") + ", so nothing was run ("
                        + SessionLabel.clean(String.valueOf(e.getMessage())) + ").",
                missing
                        ? "Create the role (CREATE ROLE " + quote(role) + " NOLOGIN) and grant it to " + login
                                + ", or fix the token's db_role."
                        : "Make " + login + " a member of it: GRANT " + quote(role) + " TO " + login + ";"
                                + " (docs/security.md#per-caller-database-roles).",
                e.getSQLState(),
                null);
    }

    /** {@code SET application_name} in autocommit: no transaction is open yet, so none is begun for it. */
    private static void labelBeforeTheTransaction(Connection c, SessionLabel label) throws SQLException {
        c.setAutoCommit(true);
        try (Statement st = c.createStatement()) {
            st.execute(PostgresConnectionSource.setLabel("SET", label));
        } finally {
            c.setAutoCommit(false);
        }
    }

    /** Whether the connection's {@code application_name} is the label already, as the server last reported it. */
    private static boolean carries(Connection c, SessionLabel label) throws SQLException {
        return label.text().equals(c.unwrap(PGConnection.class).getParameterStatus("application_name"));
    }

    private boolean sameTimeout(Limits limits) {
        return limits.statementTimeout().toMillis()
                == startupLimits.statementTimeout().toMillis();
    }

    /** What the engine lacks of a session's hardening, or null when it holds. */
    private static String missing(Engine seen, boolean readOnly, Duration timeout) {
        if (readOnly && !"on".equals(seen.readOnly())) {
            return "the transaction is not read-only in the engine (transaction_read_only = " + seen.readOnly() + ")";
        }
        if (millis(seen.timeout()) != timeout.toMillis()) {
            return "the engine's statement_timeout is " + seen.timeout() + ", not " + timeout.toMillis() + " ms";
        }
        return null;
    }

    private GabyException refuse(String why, String hint) {
        refused = why;
        return new GabyException(
                ErrorCode.SESSION_NOT_HARDENED,
                "Database `" + db.name() + "`: gabysql serves no call on this session, because " + why + ".",
                hint);
    }

    /** Runs a batch and reads its last statement's one row. */
    private static Engine read(Connection c, String batch) throws SQLException {
        try (Statement st = c.createStatement()) {
            boolean rows = st.execute(batch);
            while (rows || st.getUpdateCount() != -1) {
                if (rows) {
                    try (ResultSet rs = st.getResultSet()) {
                        rs.next();
                        int columns = rs.getMetaData().getColumnCount();
                        return new Engine(
                                rs.getString(1),
                                rs.getString(2),
                                columns > 2 ? rs.getInt(3) : 0,
                                columns > 3 ? rs.getString(4) : null);
                    }
                }
                rows = st.getMoreResults();
            }
        }
        throw new SQLException("the read-back of the session's settings returned no row");
    }

    /**
     * A time setting as PostgreSQL shows it ({@code 0}, {@code 1234ms}, {@code 30s}, {@code 5min}, {@code 2h},
     * {@code 1d}) in milliseconds; -1 when it reads otherwise.
     */
    static long millis(String shown) {
        if (shown == null) {
            return -1;
        }
        String s = shown.strip().toLowerCase(Locale.ROOT);
        int digits = 0;
        while (digits < s.length() && Character.isDigit(s.charAt(digits))) {
            digits++;
        }
        if (digits == 0 || digits > 15) {
            return -1;
        }
        long n = Long.parseLong(s.substring(0, digits));
        switch (s.substring(digits)) {
            case "":
            case "ms":
                return n;
            case "s":
                return n * 1_000;
            case "min":
                return n * 60_000;
            case "h":
                return n * 3_600_000;
            case "d":
                return n * 86_400_000;
            default:
                return -1;
        }
    }

    /**
     * How the engine layer is held, for the catalog listing: a sentence, the last refusal first.
     */
    String describe() {
        String why = refused;
        if (why != null) {
            return "none in the engine: calls are refused (SESSION_NOT_HARDENED) because " + why;
        }
        Route r = route;
        String layer = "read-only transactions for reads and the statement timeout, in the engine";
        if (r != null) {
            return layer + ": set in every transaction and read back before the call runs, " + r.why();
        }
        return layer + ": start-up settings of each connection, read back on its first use"
                + (checked.isEmpty() ? " (none opened yet)" : "");
    }

    /**
     * One read-back: {@code transaction_read_only}, {@code statement_timeout} as shown, the backend's PID, and the
     * role in effect ({@code current_user}) when the transaction took one on.
     */
    private record Engine(String readOnly, String timeout, int pid, String user) {}
}
