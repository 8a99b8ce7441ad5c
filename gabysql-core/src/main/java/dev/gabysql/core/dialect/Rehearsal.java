package dev.gabysql.core.dialect;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.TableChange;
import dev.gabysql.core.guard.InspectedStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One preview of a write on one connection, as its dialect sees it (docs/design.md#writes-preview-and-confirm).
 * Made by {@link Dialect#rehearse} inside the preview's transaction before the statement runs: it has looked in the
 * catalog for what no rollback undoes (a table outside transactions, code the guard cannot read, a foreign table) and
 * taken note of the counters and row counts the statement may move. Not thread-safe (one per preview).
 */
public interface Rehearsal {
    /** Why the catalog says the write cannot be rehearsed; empty when it can. */
    List<String> noPreview();

    /** Called inside the transaction, after the statement ran and before the rollback. */
    void afterStatement(Connection connection) throws SQLException;

    /** What the statement changed, table by table; called after {@link #afterStatement}. */
    BlastRadius blastRadius(long statementRows);

    /**
     * Called after the rollback, on the same connection in a new transaction that the caller commits: puts back what
     * the rollback did not (sequences, AUTO_INCREMENT). Returns notes for the caller, including what it could not
     * put back.
     */
    List<String> restoreAfterRollback(Connection connection) throws SQLException;

    /**
     * A rehearsal that knows only the statement: its own count, on its target table, with nothing to restore. For
     * engines whose catalog gabysql does not read (the generic tier).
     */
    static Rehearsal statementOnly(InspectedStatement stmt, String uncounted) {
        return new Rehearsal() {
            @Override
            public List<String> noPreview() {
                return List.of();
            }

            @Override
            public void afterStatement(Connection connection) {}

            @Override
            public BlastRadius blastRadius(long statementRows) {
                return new BlastRadius(ownRows(stmt, statementRows), uncounted);
            }

            @Override
            public List<String> restoreAfterRollback(Connection connection) {
                return List.of();
            }
        };
    }

    /** The statement's own count on its target, by its verb; empty for a statement with no target table. */
    static List<TableChange> ownRows(InspectedStatement stmt, long rows) {
        if (stmt.writtenTables().isEmpty()) {
            return List.of();
        }
        String table = stmt.writtenTables().get(0);
        String verb = stmt.command();
        TableChange.Cause cause = TableChange.Cause.STATEMENT;
        if (verb.startsWith("DELETE")) {
            return List.of(new TableChange(table, 0L, 0L, rows, cause));
        }
        if (verb.startsWith("INSERT") || verb.startsWith("REPLACE")) {
            return List.of(new TableChange(table, rows, null, null, cause));
        }
        return List.of(new TableChange(table, null, rows, null, cause));
    }
}
