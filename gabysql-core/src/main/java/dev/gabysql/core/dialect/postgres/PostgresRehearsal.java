package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.dialect.Rehearsal;
import dev.gabysql.core.guard.InspectedStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A preview on PostgreSQL (docs/design.md#writes-preview-and-confirm): before the statement, the catalog walk
 * ({@link PgReach}) says what the write reaches and whether anything there escapes the rollback; the transaction's own
 * per-table counts give the blast radius; the sequences its tables draw from are held so that the rollback takes their values back ({@link SequenceRestorer}).
 */
final class PostgresRehearsal implements Rehearsal {
    private final PgReach.Reached reached;
    private final SequenceRestorer sequences;
    private final PgXactCounts counts;

    private PostgresRehearsal(PgReach.Reached reached, SequenceRestorer sequences, PgXactCounts counts) {
        this.reached = reached;
        this.sequences = sequences;
        this.counts = counts;
    }

    static PostgresRehearsal start(Connection c, InspectedStatement stmt) throws SQLException {
        boolean deletesOnly = stmt.command().startsWith("DELETE");
        PgReach.Reached reached = PgReach.walk(c, stmt.writtenTables(), deletesOnly);
        return new PostgresRehearsal(
                reached,
                SequenceRestorer.snapshot(c, stmt.sql(), reached.names().keySet()),
                new PgXactCounts(c));
    }

    @Override
    public List<String> noPreview() {
        return reached.reach().noPreview();
    }

    @Override
    public void afterStatement(Connection c) throws SQLException {
        counts.after(c);
        sequences.afterStatement(c);
    }

    @Override
    public BlastRadius blastRadius(long statementRows) {
        return new BlastRadius(counts.changes(reached.reach()), null);
    }

    @Override
    public List<String> restoreAfterRollback(Connection c) throws SQLException {
        return sequences.restoreAfterRollback(c);
    }
}
