package dev.gabysql.core.service;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.dialect.Dialects;
import dev.gabysql.core.dialect.ReplicaPosition;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The read replica of one database (docs/design.md#read-replicas): its connections — the dialect's own, hardened as
 * the primary's readonly sessions are — whether it answers, and how far it lags. It tells each read where to go:
 * the replica, or the primary with a note saying why. At most every few seconds a read first checks the replica
 * (it connects, and the dialect compares its position with the primary's); after a failure it is tried again
 * {@link #RETRY_AFTER} later, so that reads come back to it without a restart. Thread-safe.
 */
final class ReadReplica implements AutoCloseable {
    /** After the replica failed, reads go elsewhere this long before it is tried again. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    private static final Duration MAX_CHECK_INTERVAL = Duration.ofSeconds(5);

    private final DatabaseConfig db;
    private final DatabaseConfig.Replica replica;
    private final Dialect dialect;
    private final Limits limits;
    private final long checkIntervalNanos;
    private final LagSamples samples = new LagSamples();
    private final ReentrantLock checking = new ReentrantLock();

    private ConnectionSource source;
    private volatile long nextCheckNanos = System.nanoTime();
    /** Why the replica does not answer, or null while it does. */
    private volatile String unreachable;
    /** The lag last measured, or null when it cannot be told. */
    private volatile Duration lag;

    ReadReplica(DatabaseConfig db, Dialect dialect, Limits limits) {
        this.db = db;
        this.replica = db.replica();
        this.dialect = dialect;
        this.limits = limits;
        this.checkIntervalNanos =
                Math.min(MAX_CHECK_INTERVAL.toNanos(), replica.maxLag().toNanos() / 2);
        if (!Dialects.forDatabase(db.replicaConnection()).id().equals(dialect.id())) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "The replica_url of `" + db.name() + "` (" + replica.displayUrl()
                            + ") is not the same kind of database as its url.",
                    "Give the URL of a replica of the same database engine, or remove replica_url.");
        }
    }

    /** Where a read goes now: the replica, or the primary with why; refused when neither may answer. */
    Route route(Supplier<ConnectionSource> primary) {
        checkIfDue(primary);
        String down = unreachable;
        if (down != null) {
            if (!replica.fallback()) {
                throw new GabyException(
                        ErrorCode.DATABASE_UNAVAILABLE,
                        "The replica of `" + db.name() + "` is unreachable: " + down,
                        "Retry in a few seconds (gabysql tries the replica again every " + RETRY_AFTER.toSeconds()
                                + " s), start the replica, or set replica_fallback = true to let the primary"
                                + " answer reads meanwhile.");
            }
            return new Route(
                    primary.get(), false, "Answered by the primary: the replica is unreachable (" + down + ").");
        }
        Duration l = lag;
        if (l == null || l.compareTo(replica.maxLag()) <= 0) {
            return new Route(source(), true, null);
        }
        return replica.fallback()
                ? new Route(primary.get(), false, "Answered by the primary: the replica lags " + lagged(l) + ".")
                : new Route(
                        source(),
                        true,
                        "Answered by the replica, which lags " + lagged(l) + ": writes of the last " + seconds(l)
                                + " s may be missing.");
    }

    /** A read on the replica failed because it went away: reads go elsewhere until it is tried again. */
    void failed(GabyException e) {
        unreachable = e.getMessage();
        nextCheckNanos = System.nanoTime() + RETRY_AFTER.toNanos();
    }

    /**
     * Whether a read's failure means the replica went away rather than that the read was wrong: the engine's
     * errors for a lost connection or a server that is stopping or starting are DATABASE_UNAVAILABLE by the time
     * they get here ({@link dev.gabysql.core.exec.SqlErrors}, which knows each engine's codes).
     */
    static boolean wentAway(GabyException e) {
        return e.code() == ErrorCode.DATABASE_UNAVAILABLE;
    }

    /** What {@code gabysql_list_databases} says of the replica when it is not serving as it should, or null. */
    String warning() {
        String down = unreachable;
        if (down != null) {
            return "Its replica is unreachable (" + down + "): reads "
                    + (replica.fallback() ? "go to the primary" : "fail (replica_fallback = false)")
                    + " until it answers again.";
        }
        Duration l = lag;
        if (l != null && l.compareTo(replica.maxLag()) > 0) {
            return "Its replica (" + replica.displayUrl() + ") lags " + lagged(l) + ": reads "
                    + (replica.fallback() ? "go to the primary until it catches up." : "it answers may miss writes.");
        }
        return null;
    }

    private String lagged(Duration l) {
        return seconds(l) + " s behind the primary (more than replica_max_lag_seconds = "
                + replica.maxLag().toSeconds() + ")";
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f", d.toMillis() / 1000.0);
    }

    /** One read at a time checks, when a check is due; the others go by what the last check found. */
    private void checkIfDue(Supplier<ConnectionSource> primary) {
        if (System.nanoTime() - nextCheckNanos < 0 || !checking.tryLock()) {
            return;
        }
        try {
            nextCheckNanos = System.nanoTime() + checkIntervalNanos;
            check(primary);
        } finally {
            checking.unlock();
        }
    }

    /** Connects to the replica (it answers again, or not) and measures its lag when the primary answers too. */
    private void check(Supplier<ConnectionSource> primary) {
        Session r;
        try {
            r = source().open(Mode.READONLY, limits);
        } catch (GabyException e) {
            if (wentAway(e)) {
                failed(e);
            }
            return;
        }
        try (r) {
            unreachable = null;
            lag = measure(primary, r);
        }
    }

    /** The lag, or null when it cannot be told now (the engine cannot, or the primary does not answer). */
    private Duration measure(Supplier<ConnectionSource> primary, Session r) {
        try (Session p = primary.get().open(Mode.READONLY, limits)) {
            try {
                ReplicaPosition position = dialect.replicaPosition(p.connection(), r.connection());
                return position == null ? null : samples.observe(position, System.nanoTime());
            } catch (SQLException e) {
                p.markBroken();
                r.markBroken();
                return null;
            }
        } catch (GabyException e) {
            return null; // the primary is away: the replica still answers reads
        }
    }

    private synchronized ConnectionSource source() {
        if (source == null) {
            source = dialect.connect(db.replicaConnection(), limits);
        }
        return source;
    }

    @Override
    public synchronized void close() {
        if (source != null) {
            source.close();
            source = null;
        }
    }

    /**
     * Where a read goes.
     *
     * @param source  the connections it gets its session from
     * @param replica whether they are the replica's
     * @param note    what its answer says about where it came from, or null
     */
    record Route(ConnectionSource source, boolean replica, String note) {}
}
