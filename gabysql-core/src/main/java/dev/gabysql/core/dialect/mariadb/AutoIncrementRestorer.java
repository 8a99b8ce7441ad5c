package dev.gabysql.core.dialect.mariadb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * InnoDB does not roll back its AUTO_INCREMENT counter: a previewed INSERT that is rolled back still uses up ids.
 * This reads the counter of every table the write reaches before and after the statement, and after the rollback
 * sets each moved one back with {@code ALTER TABLE … NOWAIT AUTO_INCREMENT = n} — only if it still holds the value
 * the preview left, so an id another session took meanwhile is never handed out twice, the rule PostgreSQL's
 * sequences follow (docs/design.md#writes-preview-and-confirm). InnoDB never sets the counter below the largest id in
 * use. MariaDB has no other way to lower the counter, and that ALTER is a change of the table's definition: it takes
 * the table's metadata lock (NOWAIT: it gives up at once rather than queue behind other sessions), stamps the table's
 * definition time and recalculates its statistics — the preview's note says so. When it cannot put a counter back
 * (the lock is taken, the role may not ALTER the table), the note says that instead.
 *
 * <p>On a Galera node the counter is left where the preview moved it, and the note says so: there the ALTER is
 * replicated to every node by total order isolation (it waits for the whole cluster, and no rollback undoes it), so
 * a preview would change the cluster (docs/deploy.md#galera-cluster). Ids then have a gap, as they have anyway where
 * Galera steps counters by the cluster size ({@code wsrep_auto_increment_control}). Not thread-safe.
 */
final class AutoIncrementRestorer {
    private static final String READ =
            "SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?";

    private final List<MariaDbReach.Table> tables = new ArrayList<>();
    private final Map<MariaDbReach.Table, Long> after = new HashMap<>();
    private final boolean galera;

    AutoIncrementRestorer(List<MariaDbReach.Table> reached, boolean galera) {
        this.galera = galera;
        for (MariaDbReach.Table t : reached) {
            if (t.autoIncrement() != null) {
                tables.add(t);
            }
        }
    }

    void afterStatement(Connection c) throws SQLException {
        for (MariaDbReach.Table t : tables) {
            after.put(t, read(c, t));
        }
    }

    List<String> restoreAfterRollback(Connection c) throws SQLException {
        List<String> notes = new ArrayList<>();
        for (MariaDbReach.Table t : tables) {
            Long moved = after.get(t);
            if (moved == null || moved.equals(t.autoIncrement())) {
                continue;
            }
            if (galera) {
                notes.add("AUTO_INCREMENT of " + t.shownAs() + " left at " + moved + ": on a Galera cluster the only"
                        + " way to lower it, ALTER TABLE, would be replicated to every node and not undone, so the"
                        + " preview does not run it; the next insert skips the ids the preview used (a gap)");
                continue;
            }
            Long now = read(c, t);
            if (!moved.equals(now)) {
                notes.add(
                        "AUTO_INCREMENT of " + t.shownAs() + " was used by another session meanwhile; left at " + now);
                continue;
            }
            try (Statement st = c.createStatement()) {
                st.execute("ALTER TABLE " + t.quoted() + " NOWAIT AUTO_INCREMENT = " + t.autoIncrement());
                notes.add("AUTO_INCREMENT of " + t.shownAs() + " restored to " + t.autoIncrement() + " (by ALTER"
                        + " TABLE, the only way MariaDB lowers it: the table's definition time and statistics were"
                        + " renewed)");
            } catch (SQLException e) {
                notes.add("AUTO_INCREMENT of " + t.shownAs() + " could not be put back (" + e.getMessage()
                        + "); it stays at " + moved + ": the next insert skips the ids the preview used");
            }
        }
        return notes;
    }

    private static Long read(Connection c, MariaDbReach.Table t) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(READ)) {
            ps.setString(1, t.schema());
            ps.setString(2, t.name());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                long v = rs.getLong(1);
                return rs.wasNull() ? null : v;
            }
        }
    }
}
