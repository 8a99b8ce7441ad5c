package dev.gabysql.core.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What a preview changed that its ROLLBACK does not undo, and how to put it back. Created by
 * {@link Dialect#previewSideEffects} before the previewed statement runs.
 */
public interface PreviewSideEffects {
    PreviewSideEffects NONE = new PreviewSideEffects() {
        @Override
        public void afterStatement(Connection c) {}

        @Override
        public List<String> restoreAfterRollback(Connection c) {
            return List.of();
        }
    };

    /** Called inside the preview's transaction, after the statement ran and before the rollback. */
    void afterStatement(Connection connection) throws SQLException;

    /**
     * Called after the rollback, on the same connection in a new transaction that the caller commits.
     * Returns notes for the caller (e.g. "sequence public.orders_id_seq restored to 41").
     */
    List<String> restoreAfterRollback(Connection connection) throws SQLException;
}
