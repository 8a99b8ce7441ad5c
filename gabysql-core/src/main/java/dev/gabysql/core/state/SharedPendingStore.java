package dev.gabysql.core.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.json.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The writes that wait for a person, shared by the replicas of one state database (docs/design.md#shared-state): a
 * write previewed on one replica is listed, decided and committed on any other. A write is decided by one conditional
 * {@code UPDATE … WHERE state = 'pending'} (and not yet expired): of two deciders racing, on one replica or on two, the
 * database lets one update the row, and the other is told the write was already decided. Each row keeps the write as
 * JSON beside the columns the conditions read. Decided writes are deleted a day after they expire, as in the
 * approvals directory. Thread-safe.
 */
public final class SharedPendingStore implements PendingStore {
    private static final long KEEP_DECIDED_SECONDS = 86_400;
    /** Reads rows of later versions too: a member this version does not know is left out. */
    private static final ObjectMapper MAPPER =
            Json.MAPPER.copy().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private static final String TABLE = StateDatabase.SCHEMA + ".pending_writes";
    private static final String INSERT = "INSERT INTO " + TABLE
            + " (approval_id, db, state, created_at, expires_at, body) VALUES (?, ?, ?, ?, ?, ?)";
    private static final String SELECT = "SELECT body FROM " + TABLE + " WHERE approval_id = ?";
    private static final String WAITING =
            "SELECT body FROM " + TABLE + " WHERE state = 'pending' ORDER BY created_at, approval_id";
    private static final String DECIDE = "UPDATE " + TABLE
            + " SET state = ?, body = ? WHERE approval_id = ? AND state = 'pending' AND expires_at >= ?";
    private static final String EXPIRE =
            "UPDATE " + TABLE + " SET state = ?, body = ? WHERE approval_id = ? AND state = 'pending'";
    private static final String FINISH = "UPDATE " + TABLE + " SET state = ?, body = ? WHERE approval_id = ?";
    private static final String PRUNE = "DELETE FROM " + TABLE + " WHERE expires_at < ?";

    private final StateDatabase db;
    private final Clock clock;

    public SharedPendingStore(StateDatabase db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public Instant now() {
        return clock.instant();
    }

    @Override
    public void add(PendingWrite w) {
        db.run("Keeping the write for a person", c -> {
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                ps.setString(1, w.id());
                ps.setString(2, w.db());
                ps.setString(3, w.state().label());
                ps.setObject(4, SharedTokenLedger.utc(Instant.parse(w.createdAt())));
                ps.setObject(5, SharedTokenLedger.utc(Instant.parse(w.expiresAt())));
                ps.setString(6, json(w));
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public Optional<PendingWrite> get(String id) {
        if (!ApprovalIds.isId(id)) {
            return Optional.empty();
        }
        return db.run("Reading the waiting write", c -> {
            Optional<PendingWrite> w = read(c, id);
            return w.isPresent() ? Optional.of(current(c, w.get())) : w;
        });
    }

    @Override
    public List<PendingWrite> pending() {
        return db.run("Listing the writes that wait", c -> {
            prune(c);
            List<PendingWrite> out = new ArrayList<>();
            for (PendingWrite w : waiting(c)) {
                PendingWrite now = current(c, w);
                if (now.state().open()) {
                    out.add(now);
                }
            }
            return out;
        });
    }

    @Override
    public PendingWrite decide(String id, UnaryOperator<PendingWrite> next) {
        if (!ApprovalIds.isId(id)) {
            throw PendingStore.notFound();
        }
        return db.run("Deciding the write", c -> {
            PendingWrite w = current(c, read(c, id).orElseThrow(PendingStore::notFound));
            if (!w.state().open()) {
                throw PendingStore.alreadyDecided(w);
            }
            PendingWrite decided = next.apply(w);
            if (update(c, DECIDE, decided, true) == 1) {
                return decided;
            }
            throw PendingStore.alreadyDecided(current(c, read(c, id).orElseThrow(PendingStore::notFound)));
        });
    }

    @Override
    public void finish(PendingWrite w) {
        db.run("Recording what became of the write", c -> update(c, FINISH, w, false));
    }

    /** {@code w} as it stands now: one past its expiry is marked expired, unless another replica decided it first. */
    private PendingWrite current(Connection c, PendingWrite w) throws SQLException {
        PendingWrite now = PendingStore.expiredIfDue(w, clock.instant());
        if (now == w || update(c, EXPIRE, now, false) == 1) {
            return now;
        }
        return read(c, w.id()).orElse(now);
    }

    private int update(Connection c, String sql, PendingWrite w, boolean notExpired) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, w.state().label());
            ps.setString(2, json(w));
            ps.setString(3, w.id());
            if (notExpired) {
                ps.setObject(4, SharedTokenLedger.utc(clock.instant()));
            }
            return ps.executeUpdate();
        }
    }

    private static Optional<PendingWrite> read(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(SELECT)) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? parse(rs.getString(1)) : Optional.empty();
            }
        }
    }

    private static List<PendingWrite> waiting(Connection c) throws SQLException {
        List<PendingWrite> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(WAITING);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                parse(rs.getString(1)).ifPresent(out::add);
            }
        }
        return out;
    }

    private void prune(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(PRUNE)) {
            ps.setObject(1, SharedTokenLedger.utc(clock.instant().minusSeconds(KEEP_DECIDED_SECONDS)));
            ps.executeUpdate();
        }
    }

    private static Optional<PendingWrite> parse(String body) {
        try {
            return Optional.of(MAPPER.readValue(body, PendingWrite.class));
        } catch (JsonProcessingException e) {
            return Optional.empty(); // not a write this version can read
        }
    }

    private static String json(PendingWrite w) {
        try {
            return MAPPER.writeValueAsString(w);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Unable to write the pending write as JSON", e);
        }
    }
}
