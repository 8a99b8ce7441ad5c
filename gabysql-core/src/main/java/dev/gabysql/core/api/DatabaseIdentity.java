package dev.gabysql.core.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Who a caller is on one database (docs/security.md#per-caller-database-roles): a role that each of its transactions
 * takes on (PostgreSQL {@code SET LOCAL ROLE}), or a login of its own (a user and password, which get their own
 * connection pool), so that the database enforces that caller's grants and row-level security rather than those of
 * gabysql's login. The password never leaves this record except towards the driver: {@link #toString()} masks it.
 * Immutable.
 *
 * @param role     the database role each transaction of the caller sets, or null
 * @param user     the caller's own database user, or null for gabysql's login
 * @param password that user's password, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DatabaseIdentity(
        String role, String user, @JsonIgnore String password) {

    /** The identity of a caller that runs as gabysql's own login. */
    public static final DatabaseIdentity LOGIN = new DatabaseIdentity(null, null, null);

    public DatabaseIdentity {
        role = blankToNull(role);
        user = blankToNull(user);
    }

    /** True when the caller runs as gabysql's own login, with no role of its own. */
    @JsonIgnore
    public boolean isLogin() {
        return role == null && user == null;
    }

    /** The same identity without its password: what may be stored with a write that waits for a person. */
    public DatabaseIdentity withoutPassword() {
        return password == null ? this : new DatabaseIdentity(role, user, null);
    }

    /** How the audit log names it: {@code role analyst}, {@code user alice}, or null for gabysql's login. */
    public String describe() {
        if (isLogin()) {
            return null;
        }
        return (user == null ? "" : "user " + user)
                + (user != null && role != null ? ", " : "")
                + (role == null ? "" : "role " + role);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    @Override
    public String toString() {
        return "DatabaseIdentity[role=" + role + ", user=" + user + ", password=" + (password == null ? null : "***")
                + "]";
    }
}
