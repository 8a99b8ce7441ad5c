package dev.gabysql.core.state;

import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where writes wait for a person (docs/design.md#approval), and what became of them. A write is decided once: of two
 * deciders racing, in one process or in two that share the store, the first wins and the other gets {@code
 * APPROVAL_CLOSED}. A write past its expiry reads as expired. The local form is the account's approvals directory
 * ({@code dev.gabysql.core.approval.ApprovalStore}); the shared one lives in the state database
 * ({@link SharedPendingStore}). Implementations are thread-safe; a shared store that cannot be reached answers {@code
 * STATE_UNAVAILABLE}.
 */
public interface PendingStore {
    /** The store's clock: when a write is created and until when it waits. */
    Instant now();

    /** A new, unguessable approval id ({@link ApprovalIds}). */
    default String newId() {
        return ApprovalIds.newId();
    }

    /** Adds a pending write. */
    void add(PendingWrite w);

    /** The write under {@code id}, its state brought up to date (an expired one says so); empty when unknown. */
    Optional<PendingWrite> get(String id);

    /** Every write still waiting for a person, oldest first. */
    List<PendingWrite> pending();

    /**
     * Moves the write from pending to {@code next(w)} in one step: the first of two racing deciders wins, the other
     * gets {@code APPROVAL_CLOSED}; an unknown id is {@code APPROVAL_NOT_FOUND}.
     */
    PendingWrite decide(String id, UnaryOperator<PendingWrite> next);

    /** Records what became of an approved write (committed, changed, failed). */
    void finish(PendingWrite w);

    /** {@code w} as it stands at {@code now}: an open write past its expiry is expired. */
    static PendingWrite expiredIfDue(PendingWrite w, Instant now) {
        if (w.state().open() && now.isAfter(Instant.parse(w.expiresAt()))) {
            return w.decided(
                    PendingWrite.State.EXPIRED, null, null, null, "Nobody decided before " + w.expiresAt() + ".");
        }
        return w;
    }

    /** No write waits under the id (or the id is not one). */
    static GabyException notFound() {
        return new GabyException(ErrorCode.APPROVAL_NOT_FOUND, "No write waits under this approval id.");
    }

    /** The write was decided before (or expired): a decision is taken once. */
    static GabyException alreadyDecided(PendingWrite w) {
        return new GabyException(
                ErrorCode.APPROVAL_CLOSED,
                "This write was already decided: it is " + w.state().label() + ".");
    }
}
