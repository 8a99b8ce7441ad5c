package dev.gabysql.core.api;

import java.util.Map;

/**
 * A caller as its credential names it (an HTTP token, a console person): its name, never a secret, and who it is on
 * each database (docs/security.md#per-caller-database-roles). A front end builds it from its configuration and puts
 * it in the call's {@link CallContext}; the core decides each session's role or login from it. Immutable.
 *
 * @param name       the credential's name, as the audit log and the session labels show it
 * @param everywhere the identity on every database without an entry of its own ({@link DatabaseIdentity#LOGIN}:
 *                   gabysql's login)
 * @param databases  the identity on a database, by the database's name: it replaces {@code everywhere} there
 */
public record CallerIdentity(String name, DatabaseIdentity everywhere, Map<String, DatabaseIdentity> databases) {

    public CallerIdentity {
        everywhere = everywhere == null ? DatabaseIdentity.LOGIN : everywhere;
        databases = databases == null ? Map.of() : Map.copyOf(databases);
    }

    /** A caller with no database identity of its own: its calls run as gabysql's login. */
    public static CallerIdentity named(String name) {
        return new CallerIdentity(name, DatabaseIdentity.LOGIN, Map.of());
    }

    /** Who this caller is on database {@code db}. */
    public DatabaseIdentity on(String db) {
        DatabaseIdentity own = databases.get(db);
        return own != null ? own : everywhere;
    }

    /** True when some database sees this caller as other than gabysql's login. */
    public boolean hasOwnIdentity() {
        return !everywhere.isLogin() || databases.values().stream().anyMatch(d -> !d.isLogin());
    }
}
