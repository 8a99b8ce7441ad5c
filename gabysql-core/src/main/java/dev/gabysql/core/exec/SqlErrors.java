package dev.gabysql.core.exec;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Maps driver errors to gabysql's codes, keeping the SQLSTATE. The SQLSTATE knowledge lives in this one table.
 */
public final class SqlErrors {
    /** The hint of a lost connection: the call was fine, the connection was not. */
    private static final String CONNECTION_LOST = "The connection to the database was lost or refused (a restart,"
            + " failover or shutdown, a pooler that dropped it, or a session ended by an administrator): retry the call"
            + " once the database is back; gabysql opens a new connection by itself.";

    private SqlErrors() {}

    /**
     * @param what   what gabysql was doing, e.g. "Query on `sales` failed"
     * @param e      the driver's exception
     * @param timedOut whether gabysql's watchdog cancelled the statement
     * @param cancelled whether the client cancelled the call
     */
    public static GabyException translate(String what, SQLException e, boolean timedOut, boolean cancelled) {
        String state = e.getSQLState();
        String msg = firstLine(e.getMessage());
        if (cancelled) {
            return new GabyException(ErrorCode.CANCELLED, what + ": cancelled by the client.", null, state, null);
        }
        if (timedOut
                || "57014".equals(state) // 57014 query_canceled: statement_timeout in PostgreSQL
                || "70100".equals(state) && e.getErrorCode() == 1969 // MariaDB: max_statement_time exceeded
                || "HY000".equals(state) && e.getErrorCode() == 3024) { // MySQL: max_execution_time exceeded
            return new GabyException(
                    ErrorCode.TIMEOUT,
                    what + ": the statement ran past its timeout and was" + " cancelled.",
                    null,
                    state,
                    null);
        }
        if ("25006".equals(state)) { // 25006 read_only_sql_transaction: layer 2 refused a write
            return new GabyException(
                    ErrorCode.READ_ONLY,
                    what + ": the database refused a write in a read-only" + " transaction (" + msg + ").",
                    null,
                    state,
                    null);
        }
        if (isConnectionLost(state, e.getErrorCode())) {
            return new GabyException(ErrorCode.DATABASE_UNAVAILABLE, what + ": " + msg, CONNECTION_LOST, state, null);
        }
        if (isWalWithoutItsFiles(msg)) {
            return walNotReadable(what, msg, state);
        }
        if (msg != null && msg.toLowerCase(Locale.ROOT).contains("attempt to write a readonly database")) {
            return new GabyException(
                    ErrorCode.READ_ONLY,
                    what + ": the database refused a write on a read-only" + " connection (" + msg + ").",
                    null,
                    state,
                    null); // SQLITE_READONLY
        }
        if (isDeadlock(state, e.getErrorCode())) {
            return new GabyException(
                    ErrorCode.LOCKED,
                    what + ": the database rolled the transaction back because a concurrent write conflicted with it"
                            + " (a deadlock; on a Galera cluster, a write to the same rows committed through another"
                            + " node); nothing was committed (" + msg + ").",
                    null,
                    state,
                    null);
        }
        if (isLockConflict(state, e.getErrorCode(), msg)) {
            return new GabyException(
                    ErrorCode.LOCKED,
                    what + ": another session holds a lock it needs (" + msg + ").",
                    null,
                    state,
                    null);
        }
        if ("53200".equals(state) // pgJDBC: "Ran out of memory retrieving query results."
                || state == null && "out of memory".equalsIgnoreCase(msg)) { // the SQLite driver's array failed
            return valueTooLarge(what, state);
        }
        return new GabyException(ErrorCode.SQL_ERROR, what + ": " + msg, null, state, null);
    }

    /**
     * A session could not be prepared on a connection the pool gave (its setup statement failed): DATABASE_UNAVAILABLE,
     * with the retry hint when the connection was lost (a connection the server ended while it sat in the pool).
     */
    public static GabyException sessionFailed(String what, SQLException e) {
        String state = e.getSQLState();
        return new GabyException(
                ErrorCode.DATABASE_UNAVAILABLE,
                what + ": " + firstLine(e.getMessage()),
                isConnectionLost(state, e.getErrorCode()) ? CONNECTION_LOST : null,
                state,
                null);
    }

    /**
     * A COMMIT that failed. When the connection went with it, whether the write was committed is not known: the
     * caller must look before it writes again (a retry could write twice). Otherwise the database refused the commit
     * (a deferred constraint, a serialization failure), and nothing was committed. A conflict with a concurrent write
     * — a serialization failure, a deadlock, and on a Galera cluster a certification failure, which MariaDB reports as
     * the deadlock 1213 / 40001 when a write to the same rows committed first through another node
     * (docs/deploy.md#galera-cluster) — is LOCKED: retryable, with a new preview.
     */
    public static GabyException commitFailed(SQLException e) {
        String state = e.getSQLState();
        if (isLockConflict(state, e.getErrorCode(), e.getMessage())) {
            return new GabyException(
                    ErrorCode.LOCKED,
                    "Commit failed: the database rolled the write back because a concurrent write conflicted with it"
                            + " (a deadlock or serialization failure; on a Galera cluster, a write to the same rows"
                            + " committed first through another node); nothing was committed ("
                            + firstLine(e.getMessage()) + ").",
                    "Read the rows again and preview the write anew: its confirm token has been used.",
                    state,
                    null);
        }
        if (isConnectionLost(state, e.getErrorCode())) {
            return new GabyException(
                    ErrorCode.DATABASE_UNAVAILABLE,
                    "Commit failed: the connection to the database was lost during the COMMIT, so whether the write"
                            + " was committed is not known (" + firstLine(e.getMessage()) + ").",
                    "Once the database answers again, read the rows the write meant to change to see whether it took"
                            + " effect; preview it again only if it did not.",
                    state,
                    null);
        }
        return new GabyException(ErrorCode.SQL_ERROR, "Commit failed: " + e.getMessage(), null, state, null);
    }

    /**
     * The connection is gone or the server cannot serve it now, whatever the statement was: a restart, a failover,
     * a shutdown, a pooler that dropped it, or a session ended by an administrator. Retrying on a new connection may
     * succeed; fixing the SQL would not. HikariCP evicts a connection that failed so (its own SQLSTATE list), and
     * gabysql discards a session whose call ended in DATABASE_UNAVAILABLE, so the next call gets a new connection.
     */
    private static boolean isConnectionLost(String state, int errorCode) {
        return state != null && state.startsWith("08") // class 08: connection exception (PgBouncer's errors too)
                || "57P01".equals(state) // admin_shutdown: pg_terminate_backend, or a fast/smart shutdown
                || "57P02".equals(state) // crash_shutdown: another backend crashed, the server restarts
                || "57P03".equals(state) // cannot_connect_now: the server is starting up or shutting down
                // MariaDB Connector/J, multi-host URL (a Galera cluster): it reconnected to another host after the
                // connection failed, and the transaction in progress was lost (never replayed: MariaDbUrls)
                || "25S03".equals(state)
                || errorCode == 1927 // MariaDB ER_CONNECTION_KILLED (70100): KILL CONNECTION during a statement
                || errorCode == 1053 // MariaDB/MySQL ER_SERVER_SHUTDOWN: the server is shutting down
                || errorCode == 2006 // MySQL CR_SERVER_GONE_ERROR: "server has gone away"
                || errorCode == 2013; // MySQL CR_SERVER_LOST: "Lost connection to server during query"
    }

    /**
     * What to do when a server answered a connection attempt but refused it: wrong credentials (SQLSTATE class 28),
     * no such database (3D000; MariaDB/MySQL 1049) or a user without access to it (MariaDB/MySQL 1044) are not
     * fixed by checking that the server runs. Null: the default hint.
     */
    public static String refusalHint(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException) {
                String state = ((SQLException) t).getSQLState();
                int code = ((SQLException) t).getErrorCode();
                if (state != null && state.startsWith("28")) {
                    return "The server refused the user or password: check user= and password= in the database's URL"
                            + " (or GABYSQL_DB_URL); docs/security.md shows how to create a read-only role.";
                }
                if ("3D000".equals(state) || code == 1049) {
                    return "The server has no database of that name: check the database in the URL.";
                }
                String msg = t.getMessage();
                if (msg != null && msg.contains("unsupported startup parameter")) { // PgBouncer's refusal
                    return "A pooler (PgBouncer) refused a start-up parameter of the PostgreSQL driver: list it in"
                            + " pgbouncer.ini's ignore_startup_parameters (extra_float_digits, and options unless"
                            + " the database has pooler = \"pgbouncer\" in gabysql's configuration); see"
                            + " docs/deploy.md#pgbouncer.";
                }
                if (code == 1044) {
                    return "The server does not let this user use that database: check the database in the URL,"
                            + " or grant the user access to it (docs/security.md).";
                }
            }
        }
        return null;
    }

    /** SQLite may not create a WAL database's -shm and -wal files, which even a read needs. */
    private static boolean isWalWithoutItsFiles(String msg) {
        return msg != null
                && (msg.startsWith("[SQLITE_READONLY_DIRECTORY]") || msg.startsWith("[SQLITE_READONLY_CANTINIT]"));
    }

    /**
     * Not a write refused (the SQLite driver's text says "attempt to write a readonly database"): a read of a WAL
     * database in a directory this process may not write, which no mode would help.
     */
    private static GabyException walNotReadable(String what, String msg, String state) {
        return new GabyException(
                ErrorCode.DATABASE_UNAVAILABLE,
                what + ": SQLite cannot read this WAL-mode database"
                        + " here: a reader must create its -shm and -wal files beside it, and this process may not write that"
                        + " directory (" + msg + ").",
                "Let this user write the database's directory, or have its owner"
                        + " leave WAL mode (PRAGMA journal_mode=DELETE); if nothing writes it (a read-only mount), open it"
                        + " immutable: --db 'NAME=jdbc:sqlite:file:/path/to/file.db?immutable=1'.",
                state,
                null);
    }

    /**
     * A lock held by another session stopped the statement, and the statement itself was fine: PostgreSQL's
     * lock_timeout (55P03), a deadlock (40P01; MariaDB 1213, 40001, also a Galera certification failure) or a
     * serialization failure (40001), MariaDB's lock wait timeout (1205), SQLite's busy or locked database (after its
     * busy timeout).
     */
    private static boolean isLockConflict(String state, int errorCode, String msg) {
        return "55P03".equals(state)
                || "40P01".equals(state)
                || "40001".equals(state)
                || errorCode == 1213 // MariaDB/MySQL ER_LOCK_DEADLOCK (40001), Galera's certification failure too
                || errorCode == 1205 && state != null && state.startsWith("HY") // MariaDB/MySQL
                || msg != null && (msg.startsWith("[SQLITE_BUSY") || msg.startsWith("[SQLITE_LOCKED"));
    }

    /** A deadlock the engine broke by rolling this transaction back (Galera's brute-force abort reads the same). */
    private static boolean isDeadlock(String state, int errorCode) {
        return "40P01".equals(state) || errorCode == 1213; // PostgreSQL deadlock_detected; MariaDB ER_LOCK_DEADLOCK
    }

    /**
     * A value of the result did not fit in memory (the drivers read each value whole, however little of it gabysql
     * keeps): the statement is fine, the value is too big to fetch. Also for an {@link OutOfMemoryError} met while
     * reading rows.
     */
    public static GabyException valueTooLarge(String what, String sqlState) {
        return new GabyException(
                ErrorCode.VALUE_TOO_LARGE,
                what + ": a value in the result is too large to read into" + " memory.",
                "Read a part of it instead, e.g. substr(col, 1, 2000) or length(col) in place of col,"
                        + " or leave the column out.",
                sqlState,
                null);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown database error";
        }
        String m = message.strip();
        int nl = m.indexOf('\n');
        // keep PostgreSQL's "Position:"/"Hint:" lines short but present
        return nl < 0
                ? m
                : m.substring(0, nl) + " " + m.substring(nl + 1).strip().replace('\n', ' ');
    }
}
