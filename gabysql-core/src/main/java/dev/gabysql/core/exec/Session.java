package dev.gabysql.core.exec;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One checkout of a connection, inside one transaction that gabysql owns. Closing it ends the transaction with a
 * ROLLBACK unless {@link #commit()} was called, and resets or discards the connection. Not thread-safe.
 */
public interface Session extends AutoCloseable {

    Connection connection();

    void commit();

    /** Marks the connection as in doubt: it will be discarded instead of reused. */
    void markBroken();

    /**
     * A statement for {@code sql}, to be given back with {@link #release}. Default: a new one each time; a session
     * may hand out one it kept from an earlier call with the same text (its parameters cleared).
     */
    default PreparedStatement prepare(String sql) throws SQLException {
        return connection().prepareStatement(sql);
    }

    /**
     * Gives back a statement from {@link #prepare}: {@code reusable} when it ran to the end without an error,
     * cancellation or timeout (it may then be kept for the same text); otherwise, and by default, it is closed.
     * Never throws.
     */
    default void release(String sql, PreparedStatement statement, boolean reusable) {
        try {
            statement.close();
        } catch (SQLException ignored) {
            // a statement that cannot close is gone with its connection
        }
    }

    /** How to read a result's columns on this session's connection. Default: {@link ResultColumns#JDBC}. */
    default ResultColumns resultColumns() {
        return ResultColumns.JDBC;
    }

    /**
     * True when the driver fetches by a fetch size set in the middle of a result ({@code ResultSet#setFetchSize}),
     * so that {@link QueryRunner} can size later fetches by the rows read ({@link FetchSize}). Default: false, the
     * first fetch size holds throughout: a driver may not (MariaDB Connector/J 3.5 counts a result's row cap in
     * fetches of the current size and ends the result early when it grows).
     */
    default boolean adaptsFetchSize() {
        return false;
    }

    /**
     * True when {@link #close()} may run after the caller has its answer ({@link SessionCloser}): the session
     * will only roll back and reset. Default: false.
     */
    default boolean mayEndLater() {
        return false;
    }

    @Override
    void close();
}
