package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.TableChange;
import dev.gabysql.core.dialect.Rehearsal;
import dev.gabysql.core.dialect.internal.NetRowCounts;
import dev.gabysql.core.guard.InspectedStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A preview on MariaDB (docs/design.md#writes-preview-and-confirm): the catalog walk ({@link MariaDbReach}) refuses
 * a rehearsal that would write a table outside InnoDB or run code the guard cannot read; AUTO_INCREMENT counters are
 * put back after the rollback ({@link AutoIncrementRestorer}), except on a Galera node, where that would be replicated
 * DDL (docs/deploy.md#galera-cluster). MariaDB keeps no per-table counts of a transaction, so
 * the blast radius counts each reached table's rows before and after (net inserts and deletes; updates by cascades
 * and triggers are not counted), for tables small enough to count, and InnoDB's count of the rows the transaction
 * changed in all.
 */
final class MariaDbRehearsal implements Rehearsal {
    /** Past this many rows (InnoDB's estimate) a table is not counted: a full count would cost more than the write. */
    private static final long COUNT_AT_MOST = 1_000_000;

    private static final String TRX_ROWS = "SELECT trx_rows_modified FROM information_schema.INNODB_TRX"
            + " WHERE trx_mysql_thread_id = CONNECTION_ID()";

    private final InspectedStatement stmt;
    private final MariaDbReach.Reached reached;
    private final AutoIncrementRestorer counters;
    private final NetRowCounts rows;
    private final boolean someNotCounted;
    private Long rowsModified;

    private MariaDbRehearsal(InspectedStatement stmt, MariaDbReach.Reached reached, boolean galera) {
        this.stmt = stmt;
        this.reached = reached;
        this.counters = new AutoIncrementRestorer(reached.tables(), galera);
        Map<String, String> counted = new LinkedHashMap<>();
        boolean skipped = false;
        for (MariaDbReach.Table t : reached.tables()) {
            if (t.estimatedRows() <= COUNT_AT_MOST) {
                counted.put(t.shownAs(), "SELECT COUNT(*) FROM " + t.quoted());
            } else {
                skipped = true;
            }
        }
        this.rows = new NetRowCounts(counted);
        this.someNotCounted = skipped;
    }

    static MariaDbRehearsal start(Connection c, InspectedStatement stmt) throws SQLException {
        boolean galera = MariaDbServer.isGaleraNode(c);
        MariaDbRehearsal r = new MariaDbRehearsal(
                stmt, MariaDbReach.walk(c, stmt.writtenTables(), stmt.command().startsWith("DELETE"), galera), galera);
        if (r.noPreview().isEmpty()) {
            r.rows.before(c);
        }
        return r;
    }

    @Override
    public List<String> noPreview() {
        return reached.reach().noPreview();
    }

    @Override
    public void afterStatement(Connection c) throws SQLException {
        rows.after(c);
        counters.afterStatement(c);
        rowsModified = rowsModified(c);
    }

    @Override
    public BlastRadius blastRadius(long statementRows) {
        List<TableChange> own = Rehearsal.ownRows(stmt, statementRows);
        List<TableChange> changes = rows.changes(reached.reach(), own.isEmpty() ? null : own.get(0));
        StringBuilder uncounted = new StringBuilder(
                "MariaDB keeps no per-table counts of a transaction: rows that cascades or triggers updated are not"
                        + " counted, only rows they inserted or deleted (net)");
        if (someNotCounted) {
            uncounted.append("; tables of more than ").append(COUNT_AT_MOST).append(" rows were not counted");
        }
        if (rowsModified != null) {
            uncounted.append("; InnoDB counts ").append(rowsModified).append(" rows changed in all");
        }
        return new BlastRadius(changes, uncounted.toString());
    }

    @Override
    public List<String> restoreAfterRollback(Connection c) throws SQLException {
        return counters.restoreAfterRollback(c);
    }

    /** InnoDB's own count of the rows this transaction changed, or null when the role may not read it. */
    private static Long rowsModified(Connection c) {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(TRX_ROWS)) {
            return rs.next() ? rs.getLong(1) : null;
        } catch (SQLException e) {
            return null;
        }
    }
}
