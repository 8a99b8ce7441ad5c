package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.Finding.Severity;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.dialect.internal.Facts;
import dev.gabysql.core.dialect.internal.SessionTree;
import dev.gabysql.core.dialect.internal.Words;
import java.util.List;

/**
 * What runs now on the server (docs/dba.md#postgresql): the client sessions that are not idle, from
 * {@code pg_stat_activity}, ordered as a blocking tree ({@code pg_blocking_pids}). Idle sessions are only counted.
 * The engine hides other roles' state and statements from a role without {@code pg_read_all_stats}. Stateless.
 */
final class PgActivity {
    static final String CHECK = "sessions";
    /** Sessions listed at most: the tree's roots and waiters come first. */
    private static final int MAX_SESSIONS = 200;

    private PgActivity() {}

    static void run(CheckRun.Check c, PgPrivileges p) {
        if (!p.seesAll()) {
            c.note(PgPrivileges.OWN_ONLY);
        }
        SessionTree<CatalogRow> tree = new SessionTree<>();
        long idle = 0;
        for (CatalogRow r : c.rows(
                "SELECT pid, usename, application_name AS app, datname, host(client_addr) AS"
                        + " client, state, wait_event_type AS wait_type, wait_event AS wait,"
                        + " extract(epoch FROM now() - xact_start)::bigint AS xact,"
                        + " extract(epoch FROM now() - coalesce(state_change, query_start))::bigint AS in_state,"
                        + " array_to_string(pg_blocking_pids(pid), ',') AS blocked_by, left(query, 1000) AS query"
                        + " FROM pg_stat_activity WHERE (backend_type = 'client backend'"
                        + " OR backend_type IS NULL AND datname IS NOT NULL)"
                        + " AND pid <> pg_backend_pid()"
                        + " ORDER BY cardinality(pg_blocking_pids(pid)) > 0 DESC, state = 'idle', xact_start NULLS LAST"
                        + " LIMIT ?",
                MAX_SESSIONS + 1)) {
            if ("idle".equals(r.text("state")) && r.text("blocked_by").isEmpty()) {
                idle++;
                continue;
            }
            tree.add(r.number("pid"), r, SessionTree.ids(r.text("blocked_by")));
        }
        if (idle > 0) {
            c.note("plus " + Words.plural(idle, "idle session", "idle sessions") + ", not listed");
        }
        for (SessionTree.Placed<CatalogRow> s : tree.ordered()) {
            add(c, s);
        }
    }

    private static void add(CheckRun.Check c, SessionTree.Placed<CatalogRow> s) {
        CatalogRow r = s.session();
        List<Long> blockedBy = SessionTree.ids(r.text("blocked_by"));
        Long seconds = r.number("in_state");
        long inState = seconds == null ? 0 : seconds;
        String state = r.text("state") == null ? "state hidden" : r.text("state");
        String wait = r.text("wait_type") == null ? null : r.text("wait_type") + ":" + r.text("wait");
        StringBuilder summary = new StringBuilder(PgServerChecks.who(r))
                .append(r.text("datname") == null ? "" : " on " + r.text("datname"))
                .append(": ")
                .append(state)
                .append(seconds == null ? "" : " " + Words.seconds(inState));
        Long xact = r.number("xact");
        if (xact != null) {
            summary.append(", transaction ").append(Words.seconds(xact));
        }
        if (!blockedBy.isEmpty()) {
            summary.append(", waits on pid ").append(join(blockedBy));
        }
        if (wait != null && blockedBy.isEmpty()) {
            summary.append(", waiting ").append(wait);
        }
        if (!s.blocks().isEmpty()) {
            summary.append(", blocks pid ").append(join(s.blocks()));
        }
        summary.append(" — ").append(PgServerChecks.statement(r));
        Severity severity = !s.blocks().isEmpty() || !blockedBy.isEmpty()
                ? (inState >= 60 ? Severity.CRITICAL : Severity.WARNING)
                : Severity.INFO;
        boolean root = !s.blocks().isEmpty() && blockedBy.isEmpty();
        c.add(
                severity,
                "pid " + s.id(),
                summary.toString(),
                Facts.of(
                        "pid",
                        s.id(),
                        "depth",
                        s.depth(),
                        "user",
                        r.text("usename"),
                        "application",
                        r.text("app"),
                        "database",
                        r.text("datname"),
                        "client",
                        r.text("client"),
                        "state",
                        r.text("state"),
                        "seconds_in_state",
                        seconds,
                        "transaction_seconds",
                        xact,
                        "wait",
                        wait,
                        "blocked_by",
                        blockedBy.isEmpty() ? null : blockedBy,
                        "blocks",
                        s.blocks().isEmpty() ? null : s.blocks(),
                        "query",
                        PgServerChecks.visible(r.text("query"))),
                root ? "SELECT pg_terminate_backend(" + s.id() + ")" : null,
                root ? "ends the blocking session and rolls back its transaction; the sessions it blocks go on" : null);
    }

    private static String join(List<Long> ids) {
        StringBuilder sb = new StringBuilder();
        for (Long id : ids) {
            sb.append(sb.length() == 0 ? "" : ", ").append(id);
        }
        return sb.toString();
    }
}
