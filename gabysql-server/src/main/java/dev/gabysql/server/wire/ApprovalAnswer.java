package dev.gabysql.server.wire;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.PendingWrite;
import java.util.List;

/**
 * A write that waits for a person, as an approver sees it over HTTP ({@code GET /approvals}, {@code POST
 * /approvals/{id}}): everything the person approves — the database, the exact SQL and parameters, the mode, the
 * blast radius and sample rows of the preview, its notes, who asked and through which front end — and, once decided,
 * what became of it (docs/design.md#approval). What the commit must match (the preview's row digest) stays on the
 * server.
 *
 * @param state         {@code pending}, {@code approved} (committing), {@code committed}, {@code rejected},
 *                      {@code expired}, {@code changed} (the data changed since the preview: nothing committed) or
 *                      {@code failed} (nothing committed)
 * @param committedRows rows the commit affected, once committed
 * @param runAs         who the write runs as on the database when not gabysql's login ({@code role analyst},
 *                      {@code user alice}: docs/security.md#per-caller-database-roles), or null
 */
public record ApprovalAnswer(
        String id,
        String db,
        String sql,
        List<Object> params,
        boolean allowFullTable,
        String mode,
        boolean rehearsed,
        long affectedRows,
        BlastRadius blastRadius,
        ReadAnswer sample,
        List<String> notes,
        String frontEnd,
        String client,
        String createdAt,
        String expiresAt,
        String state,
        String decidedBy,
        String via,
        Long committedRows,
        String message,
        String runAs) {

    public static ApprovalAnswer of(PendingWrite w) {
        return new ApprovalAnswer(
                w.id(),
                w.db(),
                w.sql(),
                w.params(),
                w.allowFullTable(),
                w.mode() == null ? null : w.mode().label(),
                w.rehearsed(),
                w.affectedRows(),
                w.blastRadius(),
                ReadAnswer.of(w.sample()),
                w.notes(),
                w.frontEnd(),
                w.client(),
                w.createdAt(),
                w.expiresAt(),
                w.state().label(),
                w.decidedBy(),
                w.via(),
                w.committedRows(),
                w.message(),
                w.runAs() == null ? null : w.runAs().describe());
    }
}
