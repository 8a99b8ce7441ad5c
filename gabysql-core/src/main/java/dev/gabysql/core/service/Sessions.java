package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.SessionCloser;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs one piece of work in one session of a database, the one place where a session is opened for a read and
 * given back: a failure that leaves the connection in doubt discards it (docs/design.md#three-layers-of-defence: a
 * connection whose state is in doubt is not reused), and a read's session ends after its answer is back
 * ({@link SessionCloser}). Thread-safe.
 */
final class Sessions implements AutoCloseable {
    /** After these, the connection's state is in doubt: discard it rather than reuse it. */
    private static final Set<ErrorCode> IN_DOUBT =
            EnumSet.of(ErrorCode.TIMEOUT, ErrorCode.CANCELLED, ErrorCode.DATABASE_UNAVAILABLE, ErrorCode.INTERNAL);

    private final SessionCloser closer = new SessionCloser();

    /** Work in a session that no cancellation reaches while it waits for its connection (start-up work). */
    <T> T run(DatabaseHandle h, Mode mode, Limits limits, Function<Session, T> work) {
        return run(h, mode, limits, null, work);
    }

    /** Work in a session of the call {@code ctx}; the wait for the session ends when the call is cancelled. */
    <T> T run(DatabaseHandle h, Mode mode, Limits limits, CallContext ctx, Function<Session, T> work) {
        return within(h.open(mode, limits, ctx), work);
    }

    /**
     * A read where the database's read route says (docs/design.md#read-replicas): on its replica when it has one
     * that serves and {@code replicaAllowed}, else on the primary. A read the replica fails because it went away
     * runs again where the route then says (the primary with a note, or a refusal): a read changes nothing, so that
     * running it twice is safe.
     */
    <T> Routed<T> read(
            DatabaseHandle h, boolean replicaAllowed, Limits limits, CallContext ctx, Function<Session, T> work) {
        // a caller with a login of its own reads on the primary, with that login: the replica has gabysql's
        replicaAllowed = replicaAllowed && !h.hasOwnLogin(ctx);
        ReadReplica.Route route = h.readRoute(replicaAllowed);
        try {
            return new Routed<>(within(h.open(route, limits, ctx), work), route.note());
        } catch (GabyException e) {
            if (!route.replica() || !ReadReplica.wentAway(e)) {
                throw e;
            }
            h.replicaFailed(e);
            ReadReplica.Route again = h.readRoute(replicaAllowed);
            return new Routed<>(within(h.open(again, limits, ctx), work), again.note());
        }
    }

    private <T> T within(Session s, Function<Session, T> work) {
        try {
            return work.apply(s);
        } catch (GabyException e) {
            if (IN_DOUBT.contains(e.code())) {
                s.markBroken();
            }
            throw e;
        } catch (RuntimeException e) {
            s.markBroken();
            throw e;
        } finally {
            closer.close(s);
        }
    }

    @Override
    public void close() {
        closer.close();
    }

    /** A read's answer and what it says about where it came from (null: nothing to say). */
    record Routed<T>(T value, String note) {}
}
