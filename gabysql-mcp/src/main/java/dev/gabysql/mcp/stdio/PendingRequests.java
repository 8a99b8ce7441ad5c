package dev.gabysql.mcp.stdio;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.mcp.json.JsonRpcIds;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory that the requests a stdio session has read but not yet answered may hold: a budget of bytes, charged
 * when a request is read and given back when it is answered. A client may pipeline as many requests as it likes,
 * and each waits in memory (its line, its parsed arguments, a statement waiting for a connection) until answered:
 * thirty pipelined 10 MB calls ran the launcher's 256 MiB heap out of memory, killed the thread reading stdin, and
 * the session answered nothing more, for good. A request the budget has no room for is answered at once
 * with {@link ErrorCode#OVER_CAPACITY} instead, and the session goes on reading: the client may send it again once
 * answers have come. One request is always let in when nothing is held, so a message up to {@code --max-message}
 * is never refused for its size alone. Every request costs at least {@link #MIN_CHARGE} bytes, which bounds the
 * count of small ones too. Requests the SDK answers are charged by id and given back when the SDK hands their
 * response to its transport. Thread-safe.
 */
final class PendingRequests {
    /** The least a request is charged: what a small call holds besides its line. */
    static final int MIN_CHARGE = 1_024;
    /** The share of the heap the waiting requests may hold. */
    private static final int HEAP_SHARE = 8;

    private final long budget;
    private final AtomicLong held = new AtomicLong();
    private final Map<Object, Long> bySdkId = new ConcurrentHashMap<>();

    PendingRequests(long budget) {
        this.budget = budget;
    }

    /** An eighth of the heap, and at least one message of the largest size a session reads. */
    static PendingRequests forHeap(int maxMessageBytes) {
        return new PendingRequests(Math.max(Runtime.getRuntime().maxMemory() / HEAP_SHARE, maxMessageBytes + 1L));
    }

    /** Charges a request of {@code bytes}; false, with nothing charged, when the budget has no room for it. */
    boolean charge(int bytes) {
        long cost = cost(bytes);
        while (true) {
            long now = held.get();
            if (now > 0 && now + cost > budget) {
                return false;
            }
            if (held.compareAndSet(now, now + cost)) {
                return true;
            }
        }
    }

    /** Gives back what {@link #charge} took for a request of {@code bytes}: it has been answered. */
    void discharge(int bytes) {
        held.addAndGet(-cost(bytes));
    }

    /** {@link #charge} for a request the SDK will answer, remembered by its id. */
    boolean chargeForSdk(Object id, int bytes) {
        if (!charge(bytes)) {
            return false;
        }
        bySdkId.merge(JsonRpcIds.key(id), cost(bytes), Long::sum);
        return true;
    }

    /** The response to request {@code id} is out (or the request was answered otherwise): its charge is given back. */
    void answered(Object id) {
        if (id == null || bySdkId.isEmpty()) {
            return;
        }
        Long cost = bySdkId.remove(JsonRpcIds.key(id));
        if (cost != null) {
            held.addAndGet(-cost);
        }
    }

    /** The bytes held now (tests). */
    long held() {
        return held.get();
    }

    /** Why a request was refused, for its answer. */
    GabyException refusal(int bytes) {
        return new GabyException(
                ErrorCode.OVER_CAPACITY,
                "The requests this session has sent and not yet had"
                        + " answered hold " + mib(held.get()) + " of the " + mib(budget)
                        + " gabysql keeps for them; this"
                        + " one (" + bytes + " bytes) was not read.",
                "Wait for answers to the calls already sent, then"
                        + " send it again; send large statements one at a time.");
    }

    private static long cost(int bytes) {
        return Math.max(bytes, MIN_CHARGE);
    }

    private static String mib(long bytes) {
        return (bytes >> 20) + " MiB";
    }
}
