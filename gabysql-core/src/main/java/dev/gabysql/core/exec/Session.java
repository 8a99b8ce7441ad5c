package dev.gabysql.core.exec;

import java.sql.Connection;

/**
 * One checkout of a connection, inside one transaction that gabysql owns. Closing it ends the transaction with a
 * ROLLBACK unless {@link #commit()} was called, and resets or discards the connection. Not thread-safe.
 */
public interface Session extends AutoCloseable {

    Connection connection();

    void commit();

    /** Marks the connection as in doubt: it will be discarded instead of reused. */
    void markBroken();

    /** How to read a result's columns on this session's connection. Default: {@link ResultColumns#JDBC}. */
    default ResultColumns resultColumns() {
        return ResultColumns.JDBC;
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
