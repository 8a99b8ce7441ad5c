package dev.gabysql.core.dialect;

/**
 * Where a read replica stands against its primary, in positions of the primary's change log that only grow (on
 * PostgreSQL, WAL byte positions): what the primary has written and what the replica has applied
 * (docs/design.md#read-replicas).
 *
 * @param written  the primary's current position
 * @param replayed the replica's last applied position
 */
public record ReplicaPosition(long written, long replayed) {

    /** The replica has applied everything the primary had written when it was asked. */
    public boolean caughtUp() {
        return replayed >= written;
    }
}
