package dev.gabysql.core.service;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.CallerIdentity;
import dev.gabysql.core.api.DatabaseIdentity;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.audit.AuditLog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.guard.AccessPolicy;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.json.IsoInstant;
import dev.gabysql.core.state.PendingStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The service's side of approval by a person (docs/design.md#approval): keeps a previewed write in the store for a
 * person, answers the agent's questions about it by id, and takes the person's decision once, committing an approved
 * write in this process. It never decides on its own: the front end that asked a person (an MCP client's form, a
 * terminal, an approver's HTTP token) calls {@link #decide}. The store is this account's approvals directory, or the
 * state database replicas share (docs/design.md#shared-state): then a write previewed on one replica is decided, and
 * committed, on whichever replica the person reaches. Thread-safe (the store is).
 */
final class PendingWrites {
    private final PendingStore store;
    private final Duration ttl;
    private final AuditLog audit;
    private final DatabaseHandles databases;
    private final WritePath writes;
    /**
     * The logins of their own that callers previewed writes with, by database and login without its password: the
     * store keeps no password, so the commit of an approved write finds it here (docs/security.md#per-caller-database-roles).
     */
    private final Map<String, DatabaseIdentity> logins = new ConcurrentHashMap<>();

    PendingWrites(PendingStore store, Duration ttl, AuditLog audit, DatabaseHandles databases, WritePath writes) {
        this.store = store;
        this.ttl = ttl;
        this.audit = audit;
        this.databases = databases;
        this.writes = writes;
    }

    PendingStore store() {
        return store;
    }

    PendingWrite await(
            CallContext ctx,
            ExecuteRequest req,
            String db,
            InspectedStatement stmt,
            Mode mode,
            boolean rehearsed,
            long count,
            String evidence,
            BlastRadius radius,
            QueryResult sample,
            List<String> notes) {
        Instant now = store.now();
        DatabaseIdentity runAs = ctx.identityOn(db);
        if (runAs.user() != null) {
            logins.put(loginKey(db, runAs), runAs);
        }
        PendingWrite w = new PendingWrite(
                store.newId(),
                db,
                stmt.sql(),
                req.params(),
                req.allowFullTable(),
                mode,
                rehearsed,
                count,
                evidence,
                radius,
                sample,
                notes,
                ctx.frontEnd(),
                ctx.token() != null ? "token " + ctx.token() : ctx.client(),
                IsoInstant.format(now),
                IsoInstant.format(now.plus(ttl)),
                PendingWrite.State.PENDING,
                null,
                null,
                null,
                null,
                runAs);
        store.add(w);
        return w;
    }

    /** What became of a write, for the agent that asked for it: by id, on its own database only. */
    ExecuteResult status(String db, String id) {
        PendingWrite w = store.get(id)
                .filter(p -> p.db().equals(db))
                .orElseThrow(() -> new GabyException(
                        ErrorCode.APPROVAL_NOT_FOUND, "No write waits under this approval id on `" + db + "`."));
        String status =
                w.state() == PendingWrite.State.APPROVED ? "pending" : w.state().label();
        String what = w.message() != null
                ? w.message()
                : "It waits for a person's approval until " + w.expiresAt()
                        + "; nothing is committed until they approve.";
        return new ExecuteResult(
                status,
                w.committedRows() != null ? w.committedRows() : w.affectedRows(),
                null,
                null,
                w.expiresAt(),
                List.of(what),
                w.blastRadius(),
                List.of(),
                w.id());
    }

    /**
     * A person's decision on a pending write, taken once (docs/design.md#approval). Approving commits it here, under
     * the preview's conditions and its mode (capped by what this process and the database allow); rejecting commits
     * nothing. The caller is the front end that asked the person; {@code approver} names them for the audit log.
     */
    PendingWrite decide(CallContext approver, String approvalId, boolean approve) {
        String via = viaOf(approver);
        String who = approver.token() != null ? "token " + approver.token() : approver.client();

        PendingWrite w = store.decide(
                approvalId,
                p -> approve
                        ? p.decided(PendingWrite.State.APPROVED, who, via, null, "Approved; committing.")
                        : p.decided(
                                PendingWrite.State.REJECTED, who, via, null, "Rejected by the user; nothing changed."));
        new AuditedCall(audit, approver, approve ? "approve" : "reject", w.db(), w.sql())
                .token(w.id())
                .mode(w.mode())
                .done(approve ? "approved" : "rejected", null);
        if (!approve) {
            return w;
        }
        return recorded(commitApproved(approver, w));
    }

    /**
     * {@code done} once its outcome is in the store. When the store cannot take it (the state database went away
     * between the decision and the commit's end), the person still learns what happened to the write, which stands;
     * the agent then reads {@code pending} by its id, and the audit log has the commit (docs/design.md#shared-state).
     */
    private PendingWrite recorded(PendingWrite done) {
        try {
            store.finish(done);
            return done;
        } catch (GabyException e) {
            return done.decided(
                    done.state(),
                    done.decidedBy(),
                    done.via(),
                    done.committedRows(),
                    done.message() + " Its outcome could not be recorded: " + e.getMessage());
        }
    }

    private PendingWrite commitApproved(CallContext approver, PendingWrite w) {
        AuditedCall call = new AuditedCall(audit, approver, "commit", w.db(), w.sql()).token(w.id());
        try {
            DatabaseConfig db = databases.catalog().resolve(w.db());
            Mode mode = w.mode().capTo(databases.effectiveMode(CallContext.of(approver.frontEnd()), db));
            call.mode(mode);
            AccessPolicy.requireWritable(db.name(), mode);
            DatabaseHandle h = databases.handle(db.name());
            InspectedStatement stmt = h.inspect(w.sql());
            call.kind(stmt.kind());
            AccessPolicy.authorizeWrite(stmt, mode, w.allowFullTable());
            ExecuteRequest req = new ExecuteRequest(w.db(), w.sql(), w.params(), null, w.allowFullTable());
            ExecuteResult r = writes.commitApproved(asTheCaller(approver, w), h, mode, stmt, req, call, w);
            return w.decided(
                    PendingWrite.State.COMMITTED,
                    w.decidedBy(),
                    w.via(),
                    r.affectedRows(),
                    String.join(" ", r.notes()));
        } catch (GabyException e) {
            call.failed(e);
            PendingWrite.State s =
                    e.code() == ErrorCode.DATA_CHANGED ? PendingWrite.State.CHANGED : PendingWrite.State.FAILED;
            return w.decided(s, w.decidedBy(), w.via(), null, e.getMessage());
        }
    }

    /**
     * The approver's context, running as the caller who asked for the write runs on its database (its role, its own
     * login): an approval never runs a write with more rights than its preview had. A login this process has not seen
     * a preview with (the write was asked on another replica) is refused: the store keeps no password.
     */
    private CallContext asTheCaller(CallContext approver, PendingWrite w) {
        DatabaseIdentity runAs = w.runAs() == null ? DatabaseIdentity.LOGIN : w.runAs();
        if (runAs.user() != null) {
            DatabaseIdentity login = logins.get(loginKey(w.db(), runAs));
            if (login == null) {
                throw new GabyException(
                        ErrorCode.CALLER_ROLE_NOT_SET,
                        "This write was asked by a caller with a login of its own (" + runAs.describe()
                                + "), which this gabysql process has not seen: nothing was committed.",
                        "Approve it on the gabysql server it was asked on, or let the caller ask again here.");
            }
            runAs = login;
        }
        return approver.withIdentity(
                new CallerIdentity(approver.token(), DatabaseIdentity.LOGIN, Map.of(w.db(), runAs)));
    }

    private static String loginKey(String db, DatabaseIdentity who) {
        return db + "\u0000" + who.user() + "\u0000" + who.role();
    }

    /**
     * How the person said yes: through the MCP client's form, at a terminal, with an approver's HTTP token, or in
     * the console.
     */
    private static String viaOf(CallContext approver) {
        switch (approver.frontEnd() == null ? "" : approver.frontEnd()) {
            case "mcp":
                return "elicitation";
            case "http":
                return "http";
            case "console":
                return "console";
            default:
                return "terminal";
        }
    }
}
