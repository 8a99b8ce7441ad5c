package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.exec.CatalogQueries;

/**
 * What gabysql's role may see of other sessions and statements: a superuser or a member of
 * {@code pg_read_all_stats} (which {@code pg_monitor} includes) sees every session's state and statement; any
 * other role sees its own only, the engine hiding the rest (docs/dba.md#privileges).
 */
record PgPrivileges(boolean superuser, boolean readAllStats) {
    /** The sentence a check says when it saw only the role's own sessions or statements. */
    static final String OWN_ONLY = "other roles' sessions and statements are hidden from this role: grant it"
            + " pg_read_all_stats (or pg_monitor) to see them";

    static PgPrivileges of(CatalogQueries q) {
        CatalogRow r = CatalogRow.first(q.rows("SELECT r.rolsuper AS superuser,"
                + " pg_has_role(current_user, 'pg_read_all_stats', 'USAGE') AS stats"
                + " FROM pg_roles r WHERE r.rolname = current_user"));
        return r == null ? new PgPrivileges(false, false) : new PgPrivileges(r.flag("superuser"), r.flag("stats"));
    }

    /** Whether the role sees every session and statement. */
    boolean seesAll() {
        return superuser || readAllStats;
    }
}
