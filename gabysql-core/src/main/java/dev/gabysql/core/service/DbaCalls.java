package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Finding;
import dev.gabysql.core.api.HealthReport;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.audit.AuditLog;
import dev.gabysql.core.dialect.DbaReports;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.CatalogQueries;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.guard.AccessPolicy;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.introspect.AdvicePresenter;
import dev.gabysql.core.introspect.HealthPresenter;
import dev.gabysql.core.introspect.PlanRenderer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The DBA reports and index advice (docs/dba.md). The SQL is the dialect's own, but it takes the path of a user's
 * read: a session opened READONLY (read-only in the engine), the statement timeout and the watchdog on every
 * statement, the call's cancellation, one audit line per call. Each fix a report proposes is read by the guard, so
 * the report says which mode runs it and whether it can be previewed. Thread-safe.
 */
final class DbaCalls {
    /** Rows one catalog query of a report may give: each check's own LIMIT is lower. */
    private static final int MAX_ROWS = 1_000;
    /** A JSON plan is read whole: its text is the one value that may be long. */
    private static final int MAX_VALUE_CHARS = 4_000_000;

    private final AuditLog audit;
    private final DatabaseHandles databases;
    private final Sessions sessions;

    DbaCalls(AuditLog audit, DatabaseHandles databases, Sessions sessions) {
        this.audit = audit;
        this.databases = databases;
        this.sessions = sessions;
    }

    Rendered health(CallContext ctx, HealthRequest request) {
        String report = report(request.report());
        AuditedCall call = new AuditedCall(audit, ctx, report, request.db(), null)
                .mode(Mode.READONLY)
                .kind("dba");
        try {
            DatabaseHandle h = databases.handle(request.db());
            HealthRequest.By by = HealthRequest.By.parse(request.by());
            if (!request.checks().isEmpty() && !report.equals("health")) {
                throw new GabyException(
                        ErrorCode.BAD_REQUEST,
                        "checks applies to the health report only.",
                        "Leave checks out, or ask for report: health.");
            }
            Object order = report.equals("top_queries") ? by : request.checks();
            int limit = limit(request.limit());
            String name = h.config().name();
            int offset = HealthPresenter.offset(request.cursor(), name, report, order);
            HealthReport whole = inReportSession(ctx, h, reportTitle(report) + " of `" + name + "`", q -> {
                DbaReports dba = h.dialect().dba();
                switch (report) {
                    case "top_queries":
                        return dba.topQueries(q, by, HealthRequest.MAX_LIMIT);
                    case "activity":
                        return dba.activity(q);
                    default:
                        return dba.health(q);
                }
            });
            HealthReport asked = whole.only(request.checks());
            Rendered r = HealthPresenter.page(withFixNotes(h, asked), name, order, offset, limit);
            call.done(asked.total() == 0 ? "ok" : "found", (long) asked.total());
            return r;
        } catch (GabyException e) {
            throw call.failed(e);
        }
    }

    /** The plan of a read and the indexes that would serve it (docs/dba.md#index-advice). */
    Rendered adviseIndexes(CallContext ctx, String db, String sql) {
        AuditedCall call = new AuditedCall(audit, ctx, "advise_indexes", db, sql).mode(Mode.READONLY);
        try {
            DatabaseHandle h = databases.handle(db);
            InspectedStatement stmt = h.inspect(sql);
            call.kind(stmt.kind());
            AccessPolicy.requireRead(stmt);
            String explain = ExplainStatement.of(h.dialect(), stmt);
            Rendered r =
                    inReportSession(ctx, h, "Index advice on `" + h.config().name() + "`", q -> {
                        Rendered plan = PlanRenderer.render(q.rows(explain));
                        IndexAdvice advice = h.dialect().dba().adviseIndexes(q, stmt.sql());
                        return AdvicePresenter.render(
                                plan, advice.withDatabase(h.config().name()));
                    });
            call.done("ok", null);
            return r;
        } catch (GabyException e) {
            throw call.failed(e);
        }
    }

    /**
     * Runs {@code work} on a read-only session of {@code h}, as a read runs (docs/dba.md#how-the-reports-run): every
     * report goes through here, and so do the tests that prove it read-only, bounded and cancellable.
     */
    <T> T inReportSession(CallContext ctx, DatabaseHandle h, String what, Function<CatalogQueries, T> work) {
        Limits base = h.limits();
        Limits limits = new Limits(base.statementTimeout(), MAX_ROWS, MAX_VALUE_CHARS, MAX_VALUE_CHARS);
        return sessions.run(
                h,
                Mode.READONLY,
                limits,
                ctx,
                s -> work.apply(new CatalogQueries(what, s, limits, ctx == null ? null : ctx.cancellation())));
    }

    /** Each fix as the guard reads it: the mode it needs and whether a preview can rehearse it, then the dialect's note. */
    private static HealthReport withFixNotes(DatabaseHandle h, HealthReport r) {
        List<Finding> out = new ArrayList<>();
        for (Finding f : r.findings()) {
            if (f.fix() == null) {
                out.add(f);
                continue;
            }
            String how = howItRuns(h, f.fix());
            out.add(f.withFixNote(f.fixNote() == null ? how : how + "; " + f.fixNote()));
        }
        return new HealthReport(r.database(), r.report(), r.checks(), out, r.total(), r.nextCursor());
    }

    private static String howItRuns(DatabaseHandle h, String fix) {
        try {
            InspectedStatement s = h.inspect(fix);
            Mode mode = s.minimumMode();
            if (mode == null) {
                return "gabysql runs it in no mode: a person runs it outside gabysql";
            }
            return mode.label() + " mode, "
                    + (s.previewable() ? "previewed before it commits" : "no preview: " + firstReason(s.noPreview()));
        } catch (GabyException e) {
            return "gabysql's guard does not take it (" + e.getMessage() + "): a person runs it outside gabysql";
        }
    }

    /** The guard's first reason against a preview, without its explanation: {@code `VACUUM` cannot run inside a transaction}. */
    private static String firstReason(List<String> reasons) {
        String r = reasons.get(0);
        for (String cut : List.of(" (", ", so ")) {
            int i = r.indexOf(cut);
            if (i > 0) {
                r = r.substring(0, i);
            }
        }
        return r;
    }

    private static String report(String report) {
        String r =
                report == null || report.isBlank() ? "health" : report.strip().toLowerCase(java.util.Locale.ROOT);
        if (!List.of("health", "top_queries", "activity").contains(r)) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Unknown report `" + report + "`.",
                    "Use report: health, top_queries or activity.");
        }
        return r;
    }

    private static String reportTitle(String report) {
        switch (report) {
            case "top_queries":
                return "Top statements";
            case "activity":
                return "Activity";
            default:
                return "Health report";
        }
    }

    private static int limit(Integer limit) {
        if (limit == null) {
            return HealthRequest.DEFAULT_LIMIT;
        }
        if (limit < 1 || limit > HealthRequest.MAX_LIMIT) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST, "limit must be between 1 and " + HealthRequest.MAX_LIMIT + ".");
        }
        return limit;
    }
}
