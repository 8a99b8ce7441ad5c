package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.audit.AuditEvent;
import dev.gabysql.core.audit.AuditLog;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.json.IsoInstant;
import java.time.Instant;

/**
 * Collects what the audit log needs to know about one call while it runs, and writes exactly one line at the
 * end. Not thread-safe (one per call).
 */
final class AuditedCall {
    private static final int MAX_SQL = 4096;

    private final AuditLog log;
    private final CallContext ctx;
    private final String tool;
    private final String db;
    private final String sql;
    private final long startNanos = System.nanoTime();
    private final Instant start = Instant.now();
    private String kind;
    private String mode;
    private String tokenId;

    AuditedCall(AuditLog log, CallContext ctx, String tool, String db, String sql) {
        this.log = log;
        this.ctx = ctx;
        this.tool = tool;
        this.db = db;
        this.sql = sql == null || sql.length() <= MAX_SQL ? sql : sql.substring(0, MAX_SQL) + "…";
    }

    AuditedCall kind(Object k) {
        this.kind = k == null ? null : k.toString().toLowerCase(java.util.Locale.ROOT);
        return this;
    }

    AuditedCall mode(Object m) {
        this.mode = m == null ? null : m.toString().toLowerCase(java.util.Locale.ROOT);
        return this;
    }

    AuditedCall token(String id) {
        this.tokenId = id;
        return this;
    }

    void done(String outcome, Long rows) {
        write(outcome, rows, null);
    }

    /** Records a refusal or failure and returns the exception for rethrowing. */
    GabyException failed(GabyException e) {
        write(isRefusal(e) ? "refused" : "failed", null, e.code().name());
        return e;
    }

    private static boolean isRefusal(GabyException e) {
        return e.code().httpStatus() == 403;
    }

    private void write(String outcome, Long rows, String errorCode) {
        if (!log.enabled()) {
            return;
        }
        long ms = (System.nanoTime() - startNanos) / 1_000_000;
        log.record(new AuditEvent(
                IsoInstant.format(start),
                ctx == null ? null : ctx.frontEnd(),
                ctx == null ? null : ctx.client(),
                ctx == null ? null : ctx.token(),
                ctx == null || db == null ? null : ctx.identityOn(db).describe(),
                db,
                tool,
                sql,
                kind,
                mode,
                outcome,
                rows,
                tokenId,
                ms,
                errorCode));
    }
}
