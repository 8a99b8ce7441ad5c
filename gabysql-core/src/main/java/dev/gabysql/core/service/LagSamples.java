package dev.gabysql.core.service;

import dev.gabysql.core.dialect.ReplicaPosition;
import java.time.Duration;
import java.util.ArrayDeque;

/**
 * How long a read replica has been missing what its primary had written (docs/design.md#read-replicas): the
 * primary's positions as gabysql saw them, each with when, and the lag is the age of the oldest one the replica has
 * not applied yet. A lower bound, never a guess: zero when the replica has applied what the primary had written
 * (however long the primary has been idle), and zero the first time it is seen behind. Not thread-safe: its
 * {@link ReadReplica} holds a lock around it.
 */
final class LagSamples {
    /** Enough for minutes of lag at one check a second; beyond it the oldest ones keep the lag measured. */
    private static final int MAX_SAMPLES = 256;

    private final ArrayDeque<Seen> seen = new ArrayDeque<>();

    /** The lag at {@code nowNanos} ({@link System#nanoTime}), given where the replica stands now. */
    Duration observe(ReplicaPosition position, long nowNanos) {
        while (!seen.isEmpty() && seen.peekFirst().written() <= position.replayed()) {
            seen.removeFirst();
        }
        if (position.caughtUp()) {
            seen.clear();
            return Duration.ZERO;
        }
        Seen last = seen.peekLast();
        if (seen.size() < MAX_SAMPLES && (last == null || last.written() < position.written())) {
            seen.addLast(new Seen(position.written(), nowNanos));
        }
        return Duration.ofNanos(nowNanos - seen.peekFirst().atNanos());
    }

    /** The primary had written up to {@code written} at {@code atNanos}. */
    private record Seen(long written, long atNanos) {}
}
