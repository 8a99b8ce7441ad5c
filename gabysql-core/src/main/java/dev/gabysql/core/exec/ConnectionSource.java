package dev.gabysql.core.exec;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;

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
     * A labelled session whose transaction runs as the database role {@code role} (null: the login's own), so that
     * the database enforces that role's grants and row-level security (docs/security.md#per-caller-database-roles).
     * The role lasts as long as the transaction and is checked in the engine before the call runs. Default: engines
     * without a role a transaction can take on refuse a role, so that a caller never runs with more than its role.
     *
     * @throws GabyException CALLER_ROLE_NOT_SET when the role cannot be taken on
     */
    default Session open(Mode mode, Limits limits, SessionLabel label, String role) {
        if (role != null) {
            throw new GabyException(
                    ErrorCode.CALLER_ROLE_NOT_SET,
                    "This caller runs as the database role `" + SessionLabel.clean(role)
                            + "`, and this database has no role that a transaction can take on.",
                    "Give the token its own user and password for this database instead ([tokens.databases.NAME]"
                            + " user and password), or name the role only for PostgreSQL databases"
                            + " (docs/configuration.md#per-caller-database-roles).");
        }
        return open(mode, limits, label);
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
