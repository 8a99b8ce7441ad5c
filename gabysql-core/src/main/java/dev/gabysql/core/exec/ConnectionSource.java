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

    /**
     * How the engine holds this database's sessions to their mode and limits (layer 2, docs/design.md#three-layers-of-defence)
     * as far as is known, for the catalog listing; null where there is nothing to say beyond the dialect's warnings.
     */
    default String safeguards() {
        return null;
    }

    @Override
    void close();
}
