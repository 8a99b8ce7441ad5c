package dev.gabysql.core.exec;

import dev.gabysql.core.api.Mode;

/**
 * Hands out hardened sessions on one database. Connections are opened lazily (start-up stays fast). Thread-safe.
 */
public interface ConnectionSource extends AutoCloseable {

    /** A session prepared for {@code mode}: read-only in the engine when the mode is readonly. */
    Session open(Mode mode, Limits limits);

    /**
     * A session labelled for a DBA with who opened it (docs/design.md#session-labels). Default: unlabelled, for
     * engines without sessions to label (SQLite) or without a known way to (the generic tier).
     */
    default Session open(Mode mode, Limits limits, SessionLabel label) {
        return open(mode, limits);
    }

    @Override
    void close();
}
