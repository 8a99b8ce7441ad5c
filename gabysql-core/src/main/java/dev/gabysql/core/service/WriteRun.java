package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.QueryRunner;
import dev.gabysql.core.exec.QueryRunner.Outcome;
import dev.gabysql.core.exec.RowDigest;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.RowSelection;
import dev.gabysql.core.guard.StatementKind;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * One run of a write inside a transaction, for a preview or its commit (docs/design.md#writes-preview-and-confirm):
 * with {@code RETURNING *} appended where the engine has it, so that the affected rows are shown and all of them
 * digested; where it has not, the rows a single-table UPDATE or DELETE is about to change are read first, in the
 * same transaction. A statement whose rows must be bound but can be neither returned nor selected is not run at all
 * ({@link #unbindable}). Stateless.
 */
final class WriteRun {
    /**
     * The outcome: count, rows to show, their digest (null when the plan needs none), and whether the rows are as
     * they were before the statement (read ahead of it, where the engine has no RETURNING).
     */
    record Result(long count, QueryResult rows, String digest, boolean rowsBefore) {}

    private WriteRun() {}

    /** Whether the rows of {@code stmt} must be bound but cannot be, on this engine: then it gets no preview. */
    static boolean unbindable(DigestPlan plan, InspectedStatement stmt, boolean engineReturns) {
        return plan.needed() && !stmt.returning() && !engineReturns && stmt.rowSelection() == null;
    }

    static Result run(
            CallContext ctx,
            DatabaseHandle h,
            Session s,
            InspectedStatement stmt,
            ExecuteRequest req,
            Limits limits,
            DigestPlan plan,
            String what)
            throws SQLException {
        RowDigest digest = plan.needed() ? new RowDigest(plan.columns()) : null;
        if (canAppendReturning(stmt) && h.dialect().hasReturning(stmt.command())) {
            Outcome o = tryReturning(ctx, s, stmt, req, limits, digest, what);
            if (o != null) {
                return new Result(o.affectedRows(), o.rows(), digest == null ? null : digest.value(), false);
            }
            digest = plan.needed() ? new RowDigest(plan.columns()) : null; // nothing of the refused run counts
        }
        QueryResult before = null;
        if (digest != null && !stmt.returning()) {
            RowSelection sel = stmt.rowSelection();
            if (sel == null) {
                throw new GabyException(
                        ErrorCode.NO_PREVIEW,
                        "gabysql cannot see which rows this statement changes on this engine, so it cannot bind"
                                + " the commit to them.");
            }
            before = QueryRunner.select(
                            what, s, sel.sql(), sel.params(req.params()), limits, ctx.cancellation(), digest)
                    .rows();
        }
        Outcome o = QueryRunner.update(what, s, stmt.sql(), req.params(), limits, ctx.cancellation(), digest);
        return new Result(
                o.affectedRows(),
                o.rows() != null ? o.rows() : before,
                digest == null ? null : digest.value(),
                o.rows() == null && before != null);
    }

    /** Runs with RETURNING * in a savepoint; null when the engine or the statement's form refused it. */
    private static Outcome tryReturning(
            CallContext ctx,
            Session s,
            InspectedStatement stmt,
            ExecuteRequest req,
            Limits limits,
            RowDigest digest,
            String what)
            throws SQLException {
        Connection c = s.connection();
        Savepoint sp = c.setSavepoint();
        try {
            return QueryRunner.update(
                    what, s, stmt.sql() + "\nRETURNING *", req.params(), limits, ctx.cancellation(), digest);
        } catch (GabyException e) {
            if (e.code() != ErrorCode.SQL_ERROR) {
                throw e;
            }
            c.rollback(sp); // this form has no RETURNING after all: run it as it is
            return null;
        }
    }

    private static boolean canAppendReturning(InspectedStatement stmt) {
        String cmd = stmt.command();
        return stmt.kind() == StatementKind.DML
                && !stmt.returning()
                && (cmd.startsWith("INSERT") || cmd.startsWith("UPDATE") || cmd.startsWith("DELETE"));
    }
}
