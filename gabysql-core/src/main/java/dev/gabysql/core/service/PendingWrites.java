package dev.gabysql.core.service;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.approval.ApprovalStore;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.json.IsoInstant;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The service's side of approval by a person (docs/design.md#approval): keeps a previewed write in the store for a
 * person, answers the agent's questions about it by id, and records the person's decision once. It never decides:
 * the front end that asked a person (an MCP client's form, a terminal, an approver's HTTP token) calls
 * {@link LocalGabyService#decide}. Thread-safe (the store is).
 */
final class PendingWrites {
    private final ApprovalStore store;
    private final Duration ttl;

    PendingWrites(ApprovalStore store, Duration ttl) {
        this.store = store;
        this.ttl = ttl;
    }

    ApprovalStore store() {
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
                null);
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
}
