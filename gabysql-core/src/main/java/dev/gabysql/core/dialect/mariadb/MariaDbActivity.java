package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.Finding.Severity;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.dialect.internal.Facts;
import dev.gabysql.core.dialect.internal.SessionTree;
import dev.gabysql.core.dialect.internal.Words;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What runs now on a MariaDB server (docs/dba.md#mariadb): the processlist's threads that are not asleep, ordered as
 * a blocking tree from InnoDB's lock waits. Without the PROCESS privilege the server shows a user its own threads
 * only, and InnoDB's lock waits not at all: the report says so. Stateless.
 */
final class MariaDbActivity {
    static final String CHECK = "threads";
    static final String OWN_ONLY = "other users' threads are hidden from this user: GRANT PROCESS ON *.* to see them";
    /** Each blocking thread with the threads it blocks (InnoDB's lock waits; PROCESS needed). */
    static final String BLOCKERS = "SELECT b.trx_mysql_thread_id AS blocker, LEFT(b.trx_query, 300) AS query,"
            + " TIMESTAMPDIFF(SECOND, b.trx_started, NOW()) AS held, COUNT(*) AS blocked,"
            + " GROUP_CONCAT(r.trx_mysql_thread_id ORDER BY r.trx_mysql_thread_id SEPARATOR ', ') AS blocked_ids,"
            + " MAX(TIMESTAMPDIFF(SECOND, r.trx_wait_started, NOW())) AS waited"
            + " FROM information_schema.INNODB_LOCK_WAITS w"
            + " JOIN information_schema.INNODB_TRX b ON b.trx_id = w.blocking_trx_id"
            + " JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id"
            + " GROUP BY b.trx_mysql_thread_id, b.trx_query, b.trx_started ORDER BY COUNT(*) DESC, 6 DESC";

    private static final int MAX_THREADS = 200;

    private MariaDbActivity() {}

    static void run(CheckRun.Check c, boolean process) {
        Map<Long, List<Long>> waitsOn = new HashMap<>();
        if (process) {
            for (CatalogRow r : c.rows(BLOCKERS)) {
                long blocker = r.number("blocker");
                for (Long w : SessionTree.ids(r.text("blocked_ids"))) {
                    waitsOn.computeIfAbsent(w, k -> new ArrayList<>()).add(blocker);
                }
            }
        } else {
            c.note(OWN_ONLY + "; lock waits need PROCESS as well");
        }
        SessionTree<CatalogRow> tree = new SessionTree<>();
        long sleeping = 0;
        for (CatalogRow r : c.rows(
                "SELECT ID AS id, USER AS user, HOST AS host, DB AS db, COMMAND AS command,"
                        + " TIME AS seconds, STATE AS state, LEFT(INFO, 1000) AS query FROM information_schema.PROCESSLIST"
                        + " WHERE ID <> CONNECTION_ID() AND COMMAND NOT IN ('Daemon', 'Binlog Dump')"
                        + " ORDER BY TIME DESC LIMIT ?",
                MAX_THREADS + 1)) {
            long id = r.number("id");
            boolean blocking = waitsOn.values().stream().anyMatch(l -> l.contains(id));
            if ("Sleep".equals(r.text("command")) && !blocking) {
                sleeping++;
                continue;
            }
            tree.add(id, r, waitsOn.getOrDefault(id, List.of()));
        }
        if (sleeping > 0) {
            c.note("plus " + Words.plural(sleeping, "sleeping connection", "sleeping connections") + ", not listed");
        }
        for (SessionTree.Placed<CatalogRow> s : tree.ordered()) {
            add(c, s, waitsOn.getOrDefault(s.id(), List.of()));
        }
    }

    private static void add(CheckRun.Check c, SessionTree.Placed<CatalogRow> s, List<Long> blockedBy) {
        CatalogRow r = s.session();
        long seconds = r.number("seconds", 0);
        boolean asleep = "Sleep".equals(r.text("command"));
        StringBuilder summary = new StringBuilder(r.text("user") + "@" + r.text("host"))
                .append(r.text("db") == null ? "" : " on " + r.text("db"))
                .append(": ")
                .append(asleep ? "idle in a transaction" : r.text("command"))
                .append(' ')
                .append(Words.seconds(seconds));
        if (r.text("state") != null && !r.text("state").isEmpty()) {
            summary.append(" (").append(r.text("state")).append(')');
        }
        if (!blockedBy.isEmpty()) {
            summary.append(", waits on thread ").append(join(blockedBy));
        }
        if (!s.blocks().isEmpty()) {
            summary.append(", blocks thread ").append(join(s.blocks()));
        }
        if (r.text("query") != null) {
            summary.append(" — ").append(r.text("query"));
        }
        boolean locks = !blockedBy.isEmpty() || !s.blocks().isEmpty();
        boolean root = !s.blocks().isEmpty() && blockedBy.isEmpty();
        c.add(
                locks ? (seconds >= 30 ? Severity.CRITICAL : Severity.WARNING) : Severity.INFO,
                "thread " + s.id(),
                summary.toString(),
                Facts.of(
                        "thread",
                        s.id(),
                        "depth",
                        s.depth(),
                        "user",
                        r.text("user"),
                        "host",
                        r.text("host"),
                        "database",
                        r.text("db"),
                        "command",
                        r.text("command"),
                        "seconds",
                        seconds,
                        "state",
                        r.text("state"),
                        "blocked_by",
                        blockedBy.isEmpty() ? null : blockedBy,
                        "blocks",
                        s.blocks().isEmpty() ? null : s.blocks(),
                        "query",
                        r.text("query")),
                root ? "KILL " + s.id() : null,
                root ? "ends the blocking connection and rolls back its transaction" : null);
    }

    private static String join(List<Long> ids) {
        StringBuilder sb = new StringBuilder();
        for (Long id : ids) {
            sb.append(sb.length() == 0 ? "" : ", ").append(id);
        }
        return sb.toString();
    }
}
