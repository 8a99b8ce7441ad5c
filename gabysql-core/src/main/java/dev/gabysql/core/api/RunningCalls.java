package dev.gabysql.core.api;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The calls of a front end that are running now, each under a key the front end chooses, with the
 * {@link Cancellation} of its statement: what lets a cancel request reach the statement it names
 * (docs/design.md#limits-and-cancellation). MCP over stdio keys calls by JSON-RPC request id, MCP over Streamable
 * HTTP by session and request id, the HTTP API by the id a caller sent in {@code X-Gabysql-Call-Id}; the API also
 * gives each call an owner (its token), so that only the caller that started a call can cancel it. One key names
 * one call: a second call under a key that still runs is not registered (and cannot be cancelled by key).
 * Thread-safe.
 *
 * @param <K> the front end's key of a call
 */
public final class RunningCalls<K> {
    private final Map<K, Entry> running = new ConcurrentHashMap<>();

    private record Entry(Object owner, Cancellation cancellation) {}

    /** Registers a call of {@code owner} (null: anyone may cancel it); false when {@code key} already runs. */
    public boolean start(K key, Object owner, Cancellation cancellation) {
        return running.putIfAbsent(key, new Entry(owner, cancellation)) == null;
    }

    /** Registers a call anyone may cancel, with a fresh cancellation that {@link #end} must be given. */
    public Cancellation start(K key) {
        Cancellation cancellation = new Cancellation();
        start(key, null, cancellation);
        return cancellation;
    }

    /** The call is over; a later call under the same key is not touched. */
    public void end(K key, Cancellation cancellation) {
        running.computeIfPresent(key, (k, e) -> e.cancellation == cancellation ? null : e);
    }

    /** Cancels the call if it runs and belongs to {@code owner}; says whether it did. */
    public boolean cancel(K key, Object owner) {
        Entry e = key == null ? null : running.get(key);
        if (e == null || !Objects.equals(e.owner, owner)) {
            return false;
        }
        e.cancellation.cancel();
        return true;
    }

    /** Cancels the call if it runs and has no owner; says whether it did. */
    public boolean cancel(K key) {
        return cancel(key, null);
    }

    /** Cancels every call still running (the client went away, the server stops); returns how many there were. */
    public int cancelAll() {
        running.values().forEach(e -> e.cancellation.cancel());
        return running.size();
    }

    public int size() {
        return running.size();
    }
}
