package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.dialect.PreviewSideEffects;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConfirmTokens;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.QueryRunner;
import dev.gabysql.core.exec.QueryRunner.Outcome;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.SqlErrors;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.StatementKind;
import dev.gabysql.core.json.JsonBytes;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes by dry-run, then confirm (docs/design.md#writes-preview-and-confirm). A call without a token runs the
 * statement in a transaction, counts and shows the affected rows, rolls back, restores what the rollback does not, and
 * issues a signed token. A call with the token runs the same statement again and commits only if the count still
 * matches. Statements that cannot run in a transaction get no fake preview: the first call says so and issues a token,
 * the second runs them. Thread-safe (state lives in the token service).
 */
final class WritePath {
    private static final int PREVIEW_ROWS = 20;

    private final Settings settings;
    /** Made on the first write: its random confirm key costs milliseconds a readonly start-up need not pay. */
    private volatile ConfirmTokens tokens;

    WritePath(Settings settings) {
        this.settings = settings;
    }

    private ConfirmTokens tokens() {
        ConfirmTokens t = tokens;
        if (t == null) {
            synchronized (this) {
                t = tokens;
                if (t == null) {
                    t = settings.confirmKey() == null
                            ? ConfirmTokens.withRandomKey(settings.confirmTtl())
                            : new ConfirmTokens(
                                    settings.confirmKey().getBytes(StandardCharsets.UTF_8),
                                    settings.confirmTtl(),
                                    Clock.systemUTC());
                    tokens = t;
                }
            }
        }
        return t;
    }

    ExecuteResult execute(
            CallContext ctx,
            DatabaseHandle h,
            Mode mode,
            InspectedStatement stmt,
            ExecuteRequest req,
            AuditedCall audit) {
        String hash = ConfirmTokens.statementHash(stmt.sql(), JsonBytes.text(req.params()));
        ConfirmTokens.Binding binding = new ConfirmTokens.Binding(h.config().name(), hash, mode.label(), 0);
        if (!stmt.transactional()) {
            return req.confirmToken() == null
                    ? announce(stmt, binding, audit)
                    : runWithoutPreview(ctx, h, mode, stmt, req, binding, audit);
        }
        return req.confirmToken() == null
                ? preview(ctx, h, mode, stmt, req, binding, audit)
                : confirm(ctx, h, mode, stmt, req, binding, audit);
    }

    private ExecuteResult preview(
            CallContext ctx,
            DatabaseHandle h,
            Mode mode,
            InspectedStatement stmt,
            ExecuteRequest req,
            ConfirmTokens.Binding binding,
            AuditedCall audit) {
        Limits limits = h.limits().withMaxRows(Math.min(PREVIEW_ROWS, h.limits().maxRows()));
        try (Session s = h.open(mode, limits, ctx)) {
            Connection c = s.connection();
            try {
                PreviewSideEffects effects = h.dialect().previewSideEffects(c);
                Outcome outcome = runShowingRows(ctx, h, s, stmt, req, limits);
                effects.afterStatement(c);
                c.rollback();
                List<String> notes = new ArrayList<>(effects.restoreAfterRollback(c));
                s.commit();
                ConfirmTokens.Issued token = tokens().issue(new ConfirmTokens.Binding(
                        binding.db(), binding.statementHash(), binding.mode(), outcome.affectedRows()));
                notes.add(
                        0,
                        "Preview only: the statement ran in a transaction that was rolled back; nothing"
                                + " changed. Its confirmation expires at " + token.expiresAt()
                                + "; it commits only if it affects " + outcome.affectedRows() + " rows again.");
                audit.token(token.id()).done("previewed", outcome.affectedRows());
                return new ExecuteResult(
                        "previewed",
                        outcome.affectedRows(),
                        outcome.rows(),
                        token.token(),
                        token.expiresAt().toString(),
                        notes);
            } catch (SQLException e) {
                s.markBroken();
                throw SqlErrors.translate("Preview on `" + h.config().name() + "`", e, false, false);
            }
        }
    }

    private ExecuteResult confirm(
            CallContext ctx,
            DatabaseHandle h,
            Mode mode,
            InspectedStatement stmt,
            ExecuteRequest req,
            ConfirmTokens.Binding binding,
            AuditedCall audit) {
        ConfirmTokens.Verified v =
                tokens().redeem(req.confirmToken(), binding.db(), binding.statementHash(), binding.mode());
        audit.token(v.id());
        Limits limits = h.limits();
        try (Session s = h.open(mode, limits, ctx)) {
            Outcome outcome = QueryRunner.update(
                    "Write on `" + h.config().name() + "`",
                    s,
                    stmt.sql(),
                    req.params(),
                    limits.withMaxRows(1),
                    ctx.cancellation());
            if (outcome.affectedRows() != v.previewedCount()) {
                throw new GabyException(
                        ErrorCode.DATA_CHANGED,
                        "The data changed since the preview: it affected "
                                + v.previewedCount() + " rows then and " + outcome.affectedRows() + " now. Nothing was"
                                + " committed.");
            }
            s.commit();
        }
        h.invalidateSchema();
        audit.done("committed", v.previewedCount());
        return new ExecuteResult(
                "committed",
                v.previewedCount(),
                null,
                null,
                null,
                List.of("Committed: " + v.previewedCount() + " rows affected, as previewed."));
    }

    private ExecuteResult announce(InspectedStatement stmt, ConfirmTokens.Binding binding, AuditedCall audit) {
        ConfirmTokens.Issued token =
                tokens().issue(new ConfirmTokens.Binding(binding.db(), binding.statementHash(), binding.mode(), -1));
        audit.token(token.id()).done("announced", null);
        return new ExecuteResult(
                "no_preview",
                0,
                null,
                token.token(),
                token.expiresAt().toString(),
                List.of("NO PREVIEW: " + stmt.command() + " cannot run inside a transaction, so nothing could be"
                        + " simulated and nothing has run yet. Confirming runs it for real, at once, and it cannot be"
                        + " rolled back. Its confirmation expires at " + token.expiresAt() + "."));
    }

    private ExecuteResult runWithoutPreview(
            CallContext ctx,
            DatabaseHandle h,
            Mode mode,
            InspectedStatement stmt,
            ExecuteRequest req,
            ConfirmTokens.Binding binding,
            AuditedCall audit) {
        ConfirmTokens.Verified v =
                tokens().redeem(req.confirmToken(), binding.db(), binding.statementHash(), binding.mode());
        audit.token(v.id());
        Limits limits = h.limits();
        Outcome outcome;
        try (Session s = h.open(mode, limits, ctx)) {
            s.markBroken(); // autocommit changes the session: never hand this connection out again
            Connection c = s.connection();
            try {
                c.rollback();
                c.setAutoCommit(true);
            } catch (SQLException e) {
                throw SqlErrors.translate("Preparing `" + h.config().name() + "`", e, false, false);
            }
            outcome = QueryRunner.update(
                    "Statement on `" + h.config().name() + "`",
                    s,
                    stmt.sql(),
                    req.params(),
                    limits.withMaxRows(1),
                    ctx.cancellation());
        }
        h.invalidateSchema();
        audit.done("executed", outcome.affectedRows());
        return new ExecuteResult(
                "executed_without_preview",
                outcome.affectedRows(),
                null,
                null,
                null,
                List.of(stmt.command() + " ran without a preview (it cannot run inside a transaction)."));
    }

    /** Runs the statement for a preview, with RETURNING * appended where the statement allows it. */
    private static Outcome runShowingRows(
            CallContext ctx, DatabaseHandle h, Session s, InspectedStatement stmt, ExecuteRequest req, Limits limits)
            throws SQLException {
        String what = "Preview on `" + h.config().name() + "`";
        Connection c = s.connection();
        if (canAppendReturning(stmt)) {
            Savepoint sp = c.setSavepoint();
            try {
                return QueryRunner.update(
                        what, s, stmt.sql() + "\nRETURNING *", req.params(), limits, ctx.cancellation());
            } catch (GabyException e) {
                if (e.code() != ErrorCode.SQL_ERROR) {
                    throw e;
                }
                c.rollback(sp); // the dialect or statement form has no RETURNING: run it as it is
            }
        }
        return QueryRunner.update(what, s, stmt.sql(), req.params(), limits, ctx.cancellation());
    }

    private static boolean canAppendReturning(InspectedStatement stmt) {
        String cmd = stmt.command();
        return stmt.kind() == StatementKind.DML
                && !stmt.returning()
                && (cmd.startsWith("INSERT") || cmd.startsWith("UPDATE") || cmd.startsWith("DELETE"));
    }
}
