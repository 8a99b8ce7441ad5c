package dev.gabysql.core.exec;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.QueryResult;
import java.sql.Connection;
import java.util.Arrays;

/**
 * Catalog SQL that gabysql writes itself (the DBA reports, docs/dba.md), run exactly as a user's read is: on the
 * call's read-only session, each statement under the statement timeout and the watchdog, cancellable by the call,
 * its rows capped ({@link QueryRunner}), each marked with {@link #MARK}. A dialect's reports get one of these and never the session itself, so they
 * cannot open, commit or keep a connection. Not thread-safe (one per call).
 */
public final class CatalogQueries {
    /**
     * The comment every statement of a report starts with, so that a DBA (and the top_queries report itself) can tell
     * gabysql's catalog reads from the application's: engines that keep statement texts keep it.
     */
    public static final String MARK = "/* gabysql dba */ ";

    private final String what;
    private final Session session;
    private final Limits limits;
    private final Cancellation cancellation;

    /**
     * @param what what is being done, for error messages ("Health report of `shop`")
     */
    public CatalogQueries(String what, Session session, Limits limits, Cancellation cancellation) {
        this.what = what;
        this.session = session;
        this.limits = limits;
        this.cancellation = cancellation;
    }

    /**
     * The rows of one catalog query, {@code ?} placeholders bound to {@code params}.
     *
     * @throws dev.gabysql.core.error.GabyException as a read's: SQL_ERROR, TIMEOUT, CANCELLED, …
     */
    public QueryResult rows(String sql, Object... params) {
        return QueryRunner.query(what, session, MARK + sql, Arrays.asList(params), limits, cancellation);
    }

    /**
     * The session's connection, for what only JDBC itself offers (a savepoint around a query that may fail, the
     * driver's version). Statements go through {@link #rows}: a statement run on the connection directly would
     * escape the watchdog and the call's cancellation.
     */
    public Connection connection() {
        return session.connection();
    }

    /**
     * The session is not to be reused once the call ends (the work left state in it that its reset does not undo,
     * e.g. hypothetical indexes of a backend): its connection is closed instead of going back to the pool.
     */
    public void discardSession() {
        session.markBroken();
    }

    /** Whether the call was cancelled: long work checks it between statements. */
    public boolean cancelled() {
        return cancellation != null && cancellation.isCancelled();
    }
}
