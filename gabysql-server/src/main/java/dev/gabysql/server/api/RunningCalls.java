package dev.gabysql.server.api;

import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * API calls that named themselves with {@code X-Gabysql-Call-Id}, so that their caller can cancel them with
 * {@code POST /calls/{id}/cancel} — the gateway's way of passing an MCP cancellation on to the statement running
 * here. Only the token that started a call may cancel it. Thread-safe.
 */
public final class RunningCalls {
    public static final String HEADER = "X-Gabysql-Call-Id";
    private static final Pattern VALID_ID = Pattern.compile("[A-Za-z0-9_-]{8,64}");

    private final Map<String, Entry> running = new ConcurrentHashMap<>();

    private record Entry(String owner, Cancellation cancellation) {}

    /** Registers a call; false when another call runs under the same id (the new one then runs unnamed). */
    boolean start(String id, String owner, Cancellation cancellation) {
        return running.putIfAbsent(id, new Entry(owner, cancellation)) == null;
    }

    void end(String id, Cancellation cancellation) {
        running.computeIfPresent(id, (k, e) -> e.cancellation == cancellation ? null : e);
    }

    /** Cancels the call if it runs and belongs to {@code owner}; says whether it did. */
    boolean cancel(String id, String owner) {
        Entry e = running.get(id);
        if (e == null || !Objects.equals(e.owner, owner)) {
            return false;
        }
        e.cancellation.cancel();
        return true;
    }

    static String validId(String id) {
        if (id != null && !VALID_ID.matcher(id).matches()) {
            throw new GabyException(ErrorCode.BAD_REQUEST, HEADER + " must be 8 to 64 letters, digits, '-' or '_'.");
        }
        return id;
    }
}
