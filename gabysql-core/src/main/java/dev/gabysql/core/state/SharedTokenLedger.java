package dev.gabysql.core.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The redeemed tokens of every replica that shares a state database (docs/design.md#shared-state). Redeeming is one
 * {@code INSERT … ON CONFLICT DO NOTHING} on the token id, the table's primary key, in its own transaction, committed
 * before the write runs: of two replicas racing with the same token, the database lets exactly one insert the row, and
 * only that one goes on to commit the write. A write that fails after that has used its token, as in one process
 * ({@link TokenLedger}).
 *
 * <p>An id is kept {@link #KEEP_AFTER_EXPIRY} past its token's expiry before it is deleted (at most once a minute per
 * process, after a redemption): each replica checks expiry by its own clock, so a replica whose clock runs behind
 * must still find the id. Thread-safe.
 */
public final class SharedTokenLedger implements TokenLedger {
    private static final Logger LOG = LoggerFactory.getLogger(SharedTokenLedger.class);

    /** Replicas' clocks may disagree by up to this much and a redeemed token stays refused on all of them. */
    static final Duration KEEP_AFTER_EXPIRY = Duration.ofHours(1);

    private static final Duration PRUNE_EVERY = Duration.ofMinutes(1);
    private static final String REDEEM = "INSERT INTO " + StateDatabase.SCHEMA
            + ".redeemed_tokens (token_id, expires_at) VALUES (?, ?) ON CONFLICT (token_id) DO NOTHING";
    private static final String PRUNE = "DELETE FROM " + StateDatabase.SCHEMA + ".redeemed_tokens WHERE expires_at < ?";

    private final StateDatabase db;
    private final Clock clock;
    private final AtomicReference<Instant> nextPrune = new AtomicReference<>(Instant.MIN);

    public SharedTokenLedger(StateDatabase db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public boolean redeem(String id, Instant expires) {
        return db.run("Redeeming the confirm token", c -> {
            boolean first;
            try (PreparedStatement ps = c.prepareStatement(REDEEM)) {
                ps.setString(1, id);
                ps.setObject(2, utc(expires));
                first = ps.executeUpdate() == 1;
            }
            pruneIfDue(c);
            return first;
        });
    }

    /** Deletes ids long expired; a failure here is left to the next time (the redemption stands). */
    private void pruneIfDue(Connection c) {
        Instant now = clock.instant();
        Instant due = nextPrune.get();
        if (now.isBefore(due) || !nextPrune.compareAndSet(due, now.plus(PRUNE_EVERY))) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(PRUNE)) {
            ps.setObject(1, utc(now.minus(KEEP_AFTER_EXPIRY)));
            ps.executeUpdate();
        } catch (SQLException e) {
            LOG.debug("shared state: expired token ids not deleted this time: {}", e.getMessage());
        }
    }

    static OffsetDateTime utc(Instant i) {
        return OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
    }
}
