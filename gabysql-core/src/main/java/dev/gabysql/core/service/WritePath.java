package dev.gabysql.core.service;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.dialect.Rehearsal;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConfirmTokens;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.QueryRunner;
import dev.gabysql.core.exec.QueryRunner.Outcome;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.SqlErrors;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.json.JsonBytes;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes by rehearsal, then confirm (docs/design.md#writes-preview-and-confirm). Whether a write can be rehearsed is
 * decided before it runs: the guard reads the statement, the dialect reads what it reaches in the catalog. A write
 * that can be rehearsed runs in a transaction that is rolled back; the reply shows its rows and its blast radius (rows
 * per table, cascades and triggers included), counters the rollback does not undo are put back, and a signed token
 * binds the count, the per-table counts and a digest of the affected rows. The confirming call runs it again and
 * commits only if all three match. A write that cannot be rehearsed gets no preview, runs only in admin mode, and only
 * on the confirming call. Thread-safe (state lives in the token service and its ledger).
 */
final class WritePath {
    private static final int PREVIEW_ROWS = 20;

    private final Settings settings;
    /** Where redeemed tokens are remembered: this process's memory, or the replicas' state database. */
    private final SingleUseState state;
    /** Made on the first write: its random confirm key costs milliseconds a readonly start-up need not pay. */
    private volatile ConfirmTokens tokens;

    WritePath(Settings settings, SingleUseState state) {
        this.settings = settings;
        this.state = state;
    }

    private ConfirmTokens tokens() {
        ConfirmTokens t = tokens;
        if (t == null) {
            synchronized (this) {
                t = tokens;
                if (t == null) {
                    byte[] key = settings.confirmKey() == null
                            ? ConfirmTokens.randomKey()
                            : settings.confirmKey().getBytes(StandardCharsets.UTF_8);
                    t = new ConfirmTokens(key, settings.confirmTtl(), Clock.systemUTC(), state.tokens());
                    tokens = t;
                }
            }
        }
        return t;
    }

    /**
     * A write call. With approval {@code agent} the preview issues a confirm token and the token commits; with
     * {@code human} the preview waits for a person in {@code approvals} and no token is issued or accepted
     * (docs/design.md#approval).
     */
    ExecuteResult execute(
            CallContext ctx,
            DatabaseHandle h,
            Mode mode,
            InspectedStatement stmt,
            ExecuteRequest req,
            AuditedCall audit,
            PendingWrites approvals) {
        String hash = ConfirmTokens.statementHash(stmt.sql(), JsonBytes.text(req.params()));
        ConfirmTokens.Binding binding = new ConfirmTokens.Binding(h.config().name(), hash, mode.label(), 0);
        WriteCall call = new WriteCall(ctx, h, mode, stmt, req, audit, binding);
        PreviewFinish finish = approvals == null ? new ByToken() : new AwaitPerson(approvals);
        if (req.confirmToken() != null) {
            if (approvals != null) {
                throw new GabyException(
                        ErrorCode.APPROVAL_REQUIRED,
                        "Writes to `" + call.db() + "` are approved by a person; a confirm token commits nothing"
                                + " here (rule: approval human).");
            }
            return confirm(call);
        }
        return stmt.previewable() ? preview(call, finish) : unrehearsable(call, stmt.noPreview(), finish);
    }

    /**
     * Commits a write a person approved, under the preview's conditions: the same rows, the same counts per table
     * (docs/design.md#approval). A write that was not rehearsed runs as a confirmed one without a preview would.
     */
    ExecuteResult commitApproved(
            CallContext ctx,
            DatabaseHandle h,
            Mode mode,
            InspectedStatement stmt,
            ExecuteRequest req,
            AuditedCall audit,
            PendingWrite w) {
        WriteCall call = new WriteCall(ctx, h, mode, stmt, req, audit, null);
        return w.rehearsed() ? commitMatching(call, w.affectedRows(), w.evidence()) : runWithoutPreview(call);
    }

    /** Approval agent: the caller holds the token that commits. */
    private final class ByToken implements PreviewFinish {
        @Override
        public ExecuteResult previewed(WriteCall call, Evidence ev, WriteRun.Result run, List<String> restored) {
            return WritePath.this.previewed(call, ev, run, restored);
        }

        @Override
        public ExecuteResult unrehearsed(WriteCall call, List<String> why) {
            return announce(call, why);
        }
    }

    private ExecuteResult preview(WriteCall call, PreviewFinish finish) {
        DatabaseHandle h = call.h();
        Limits limits = h.limits().withMaxRows(Math.min(PREVIEW_ROWS, h.limits().maxRows()));
        try (Session s = h.open(call.mode(), limits, call.ctx())) {
            Connection c = s.connection();
            try {
                Rehearsal rehearsal = h.dialect().rehearse(c, call.stmt(), roleOf(call));
                DigestPlan plan = DigestPlan.of(c, call.stmt());
                List<String> blockers = blockers(call, rehearsal, plan);
                if (!blockers.isEmpty()) {
                    return unrehearsable(call, blockers, finish);
                }
                WriteRun.Result run =
                        WriteRun.run(call.ctx(), h, s, call.stmt(), call.req(), limits, plan, what(call, "Preview"));
                rehearsal.afterStatement(c);
                BlastRadius radius = rehearsal.blastRadius(run.count());
                c.rollback();
                List<String> restored = rehearsal.restoreAfterRollback(c);
                s.commit();
                return finish.previewed(call, new Evidence(run.count(), radius, run.digest()), run, restored);
            } catch (SQLException e) {
                s.markBroken();
                throw SqlErrors.translate(what(call, "Preview"), e, false, false);
            }
        }
    }

    private List<String> blockers(WriteCall call, Rehearsal rehearsal, DigestPlan plan) {
        List<String> blockers = new ArrayList<>(rehearsal.noPreview());
        if (WriteRun.unbindable(
                plan, call.stmt(), call.h().dialect().hasReturning(call.stmt().command()))) {
            blockers.add("this engine cannot show which rows a statement of this form changes (it has no RETURNING"
                    + " for it, and it names more than one table), so a commit could not be bound to the rows the"
                    + " preview showed; split it into single-table statements");
        }
        return blockers;
    }

    private ExecuteResult previewed(WriteCall call, Evidence ev, WriteRun.Result run, List<String> restored) {
        ConfirmTokens.Binding b = call.binding();
        ConfirmTokens.Issued token =
                tokens().issue(new ConfirmTokens.Binding(b.db(), b.statementHash(), b.mode(), ev.count(), ev.bound()));
        List<String> notes = PreviewNotes.of(ev, run, restored);
        notes.set(
                0,
                "Preview only: the statement ran in a transaction that was rolled back; nothing changed. Its"
                        + " confirmation expires at " + token.expiresAt() + "; it commits only if it changes the same"
                        + " rows of the same tables again.");
        call.audit().token(token.id()).done("previewed", ev.count());
        return new ExecuteResult(
                "previewed",
                ev.count(),
                run.rows(),
                token.token(),
                token.expiresAt().toString(),
                notes,
                ev.blastRadius(),
                List.of());
    }

    private ExecuteResult confirm(WriteCall call) {
        ConfirmTokens.Binding b = call.binding();
        ConfirmTokens.Verified v = tokens().redeem(call.req().confirmToken(), b.db(), b.statementHash(), b.mode());
        call.audit().token(v.id());
        if (v.unrehearsed()) {
            return runWithoutPreview(call);
        }
        return commitMatching(call, v.previewedCount(), v.evidence());
    }

    /** The database role the call's transaction runs as (docs/security.md#per-caller-database-roles), or null. */
    private static String roleOf(WriteCall call) {
        return call.ctx() == null
                ? null
                : call.ctx().identityOn(call.h().config().name()).role();
    }

    /** Runs the write again and commits only if its evidence matches the preview's. */
    private ExecuteResult commitMatching(WriteCall call, long previewedCount, String previewedEvidence) {
        DatabaseHandle h = call.h();
        Limits limits = h.limits().withMaxRows(1);
        BlastRadius radius;
        try (Session s = h.open(call.mode(), h.limits(), call.ctx())) {
            Connection c = s.connection();
            try {
                Rehearsal rehearsal = h.dialect().rehearse(c, call.stmt(), roleOf(call));
                DigestPlan plan = DigestPlan.of(c, call.stmt());
                List<String> blockers = blockers(call, rehearsal, plan);
                if (!blockers.isEmpty()) {
                    throw changed("since the preview, the write became one that cannot be rehearsed: "
                            + String.join("; ", blockers));
                }
                WriteRun.Result run =
                        WriteRun.run(call.ctx(), h, s, call.stmt(), call.req(), limits, plan, what(call, "Write"));
                rehearsal.afterStatement(c);
                radius = rehearsal.blastRadius(run.count());
                String difference = new Evidence(run.count(), radius, run.digest())
                        .differenceFrom(previewedEvidence, previewedCount);
                if (difference != null) {
                    throw changed(difference);
                }
                s.commit();
            } catch (SQLException e) {
                s.markBroken();
                throw SqlErrors.translate(what(call, "Write"), e, false, false);
            }
        }
        h.invalidateSchema();
        call.audit().done("committed", previewedCount);
        String summary = radius.summary();
        return new ExecuteResult(
                "committed",
                previewedCount,
                null,
                null,
                null,
                List.of("Committed: " + previewedCount + " rows affected, as previewed"
                        + (summary.isEmpty() ? "." : " (" + summary + ").")),
                radius,
                List.of());
    }

    private static GabyException changed(String difference) {
        return new GabyException(
                ErrorCode.DATA_CHANGED,
                "The data changed since the preview: " + difference + ". Nothing was committed.");
    }

    /**
     * No preview. Only admin mode may run a write that cannot be rehearsed; below it, every write is previewed, so
     * it is refused. In admin the caller is told why, and the write runs only once confirmed (or approved).
     */
    private static ExecuteResult unrehearsable(WriteCall call, List<String> why, PreviewFinish finish) {
        if (call.mode().compareTo(Mode.ADMIN) < 0) {
            throw new GabyException(
                    ErrorCode.NO_PREVIEW,
                    "`" + call.stmt().command() + "` cannot be rehearsed: " + String.join("; ", why)
                            + ". In mode " + call.mode().label() + " every write is previewed before it commits"
                            + " (rule: a preview changes nothing), so it is refused; nothing ran.");
        }
        return finish.unrehearsed(call, why);
    }

    /** No preview, approval agent: says why, and issues a token that runs the statement on the confirming call. */
    private ExecuteResult announce(WriteCall call, List<String> why) {
        ConfirmTokens.Binding b = call.binding();
        ConfirmTokens.Issued token =
                tokens().issue(new ConfirmTokens.Binding(b.db(), b.statementHash(), b.mode(), -1, "unrehearsed"));
        call.audit().token(token.id()).done("announced", null);
        return new ExecuteResult(
                "no_preview",
                0,
                null,
                token.token(),
                token.expiresAt().toString(),
                List.of("NO PREVIEW: `" + call.stmt().command() + "` cannot be rehearsed: " + String.join("; ", why)
                        + ". Nothing has run yet. Confirming runs it for real, at once, and it cannot be undone."
                        + " Its confirmation expires at " + token.expiresAt() + "."),
                null,
                why);
    }

    private ExecuteResult runWithoutPreview(WriteCall call) {
        if (call.mode().compareTo(Mode.ADMIN) < 0) {
            throw new GabyException(
                    ErrorCode.NO_PREVIEW,
                    "A write without a preview runs only in mode admin; this call runs as "
                            + call.mode().label() + ".");
        }
        DatabaseHandle h = call.h();
        Limits limits = h.limits();
        Outcome outcome;
        try (Session s = h.open(call.mode(), limits, call.ctx())) {
            if (!call.stmt().transactional()) {
                autocommit(call, s);
            }
            outcome = QueryRunner.update(
                    what(call, "Statement"),
                    s,
                    call.stmt().sql(),
                    call.req().params(),
                    limits.withMaxRows(1),
                    call.ctx().cancellation());
            if (call.stmt().transactional()) {
                s.commit();
            }
        }
        h.invalidateSchema();
        call.audit().done("executed", outcome.affectedRows());
        return new ExecuteResult(
                "executed_without_preview",
                outcome.affectedRows(),
                null,
                null,
                null,
                List.of("`" + call.stmt().command() + "` ran without a preview (it cannot be rehearsed)."),
                null,
                List.of());
    }

    /** A statement that cannot run inside a transaction runs in autocommit, on a session never handed out again. */
    private static void autocommit(WriteCall call, Session s) {
        s.markBroken();
        Connection c = s.connection();
        try {
            c.rollback();
            c.setAutoCommit(true);
        } catch (SQLException e) {
            throw SqlErrors.translate("Preparing `" + call.db() + "`", e, false, false);
        }
    }

    private static String what(WriteCall call, String verb) {
        return verb + " on `" + call.db() + "`";
    }
}
