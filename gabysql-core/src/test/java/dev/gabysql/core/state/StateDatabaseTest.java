package dev.gabysql.core.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The state database on a real PostgreSQL (docs/design.md#shared-state): its schema is made once however many
 * replicas start together, an operator may make it for a user who may not, and it forgets what no replica can need
 * any more. Each test has a database of its own.
 */
class StateDatabaseTest {
    final List<AutoCloseable> opened = new ArrayList<>();
    final MovableClock clock = new MovableClock(Instant.parse("2030-01-01T12:00:00Z"));
    /** A login role made by a test (roles belong to the server, not to the test's database), and its database. */
    String role;

    String roleDb;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : opened) {
            c.close();
        }
        if (role != null) {
            TestDatabases.run(roleDb, "DROP OWNED BY " + role);
            TestDatabases.run(TestDatabases.postgresAdminUrl(), "DROP ROLE IF EXISTS " + role);
        }
    }

    StateDatabase open(String url) {
        StateDatabase db = new StateDatabase(url);
        opened.add(db);
        return db;
    }

    @Test
    void replicasStartingTogetherMakeTheSchemaOnceAndItMayBeMadeAgain() throws Exception {
        String url = TestDatabases.newPostgresDatabase();
        int replicas = 4;
        ExecutorService pool = Executors.newFixedThreadPool(replicas);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Boolean>> firsts = new ArrayList<>();
        for (int i = 0; i < replicas; i++) {
            SharedTokenLedger ledger = new SharedTokenLedger(open(url), clock);
            String id = "token-" + i;
            firsts.add(pool.submit(() -> {
                go.await();
                return ledger.redeem(id, clock.instant().plusSeconds(300));
            }));
        }
        go.countDown();
        for (Future<Boolean> f : firsts) {
            assertThat(f.get()).isTrue();
        }
        pool.shutdown();
        TestDatabases.run(url, StateDatabase.DDL.toArray(new String[0]));
        assertThat(scalar(url, "SELECT count(*) FROM gabysql_state.redeemed_tokens"))
                .isEqualTo(replicas);
        assertThat(scalar(url, "SELECT count(*) FROM pg_tables WHERE schemaname = 'gabysql_state'"))
                .isEqualTo(2);
    }

    @Test
    void aTokenIdIsRedeemedOnceAcrossLedgers() {
        String url = TestDatabases.newPostgresDatabase();
        SharedTokenLedger a = new SharedTokenLedger(open(url), clock);
        SharedTokenLedger b = new SharedTokenLedger(open(url), clock);
        Instant expires = clock.instant().plusSeconds(300);
        assertThat(a.redeem("t1", expires)).isTrue();
        assertThat(b.redeem("t1", expires)).isFalse();
        assertThat(a.redeem("t1", expires)).isFalse();
        assertThat(b.redeem("t2", expires)).isTrue();
    }

    /** Ids are kept an hour past their token's expiry, for replicas whose clocks run behind, then deleted. */
    @Test
    void idsLongExpiredAreForgotten() {
        String url = TestDatabases.newPostgresDatabase();
        SharedTokenLedger ledger = new SharedTokenLedger(open(url), clock);
        Instant now = clock.instant();
        ledger.redeem("recent", now.minus(Duration.ofMinutes(30)));
        clock.move(Duration.ofMinutes(2));
        ledger.redeem("old", now.minus(Duration.ofHours(2)));
        assertThat(ids(url)).containsExactly("recent");
        clock.move(Duration.ofHours(1));
        ledger.redeem("fresh", clock.instant().plusSeconds(300));
        assertThat(ids(url)).containsExactly("fresh");
    }

    @Test
    void aWriteWaitsExpiresAndIsForgottenADayLater() {
        String url = TestDatabases.newPostgresDatabase();
        SharedPendingStore store = new SharedPendingStore(open(url), clock);
        PendingWrite w = write(store, Duration.ofMinutes(10));
        store.add(w);
        PendingWrite read = store.get(w.id()).orElseThrow();
        assertThat(read.state()).isEqualTo(PendingWrite.State.PENDING);
        assertThat(read.params()).containsExactly(1, "a\u0000b"); // a NUL character survives (text, not jsonb)
        assertThat(read).isEqualTo(w);
        assertThat(read.runAs().password()).isNull();
        assertThat(store.pending()).extracting(PendingWrite::id).containsExactly(w.id());

        clock.move(Duration.ofMinutes(11));
        assertThat(store.pending()).isEmpty();
        assertThat(store.get(w.id())).get().extracting(PendingWrite::state).isEqualTo(PendingWrite.State.EXPIRED);
        GabyException late = catchThrowableOfType(
                () -> store.decide(w.id(), p -> p.decided(PendingWrite.State.APPROVED, "x", "http", null, "ok")),
                GabyException.class);
        assertThat(late.code()).isEqualTo(ErrorCode.APPROVAL_CLOSED);
        assertThat(late.getMessage()).contains("expired");
        assertThat(scalar(url, "SELECT count(*) FROM gabysql_state.pending_writes WHERE state = 'expired'"))
                .isEqualTo(1);

        clock.move(Duration.ofDays(1));
        store.pending();
        assertThat(store.get(w.id())).isEmpty();
    }

    /** What an operator may do for a state user that may create nothing: make the schema, grant the rows. */
    @Test
    void anOperatorsSchemaServesAUserWhoMayNotCreateOne() {
        String url = TestDatabases.newPostgresDatabase();
        role = "gaby_state_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        roleDb = url;
        TestDatabases.run(TestDatabases.postgresAdminUrl(), "CREATE ROLE " + role + " LOGIN");
        String asRole = url.replaceAll("user=[^&]*", "user=" + role);

        GabyException refused = catchThrowableOfType(
                () -> new SharedTokenLedger(open(asRole), clock)
                        .redeem("t", clock.instant().plusSeconds(60)),
                GabyException.class);
        assertThat(refused.code()).isEqualTo(ErrorCode.STATE_UNAVAILABLE);
        assertThat(refused.getMessage()).contains("permission denied");

        TestDatabases.run(url, StateDatabase.DDL.toArray(new String[0]));
        TestDatabases.run(
                url,
                "GRANT USAGE ON SCHEMA gabysql_state TO " + role,
                "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA gabysql_state TO " + role);
        assertThat(new SharedTokenLedger(open(asRole), clock)
                        .redeem("t", clock.instant().plusSeconds(60)))
                .isTrue();
        SharedPendingStore store = new SharedPendingStore(open(asRole), clock);
        PendingWrite w = write(store, Duration.ofMinutes(10));
        store.add(w);
        assertThat(store.decide(w.id(), p -> p.decided(PendingWrite.State.REJECTED, "x", "http", null, "no"))
                        .state())
                .isEqualTo(PendingWrite.State.REJECTED);
    }

    @Test
    void onlyAPostgresqlUrlNamesAStateDatabase() {
        for (String url : new String[] {"jdbc:sqlite:/tmp/state.db", "jdbc:mariadb://h/s?password=s3cret", ""}) {
            GabyException e = catchThrowableOfType(() -> new StateDatabase(url), GabyException.class);
            assertThat(e.code()).as(url).isEqualTo(ErrorCode.CONFIG_INVALID);
            assertThat(e.getMessage()).doesNotContain("s3cret");
        }
    }

    private PendingWrite write(PendingStore store, Duration ttl) {
        Instant now = store.now();
        return new PendingWrite(
                store.newId(),
                "shop",
                "DELETE FROM items WHERE id = ?",
                List.of(1, "a\u0000b"),
                false,
                Mode.READWRITE,
                true,
                1,
                "evidence",
                null,
                null,
                List.of("a note"),
                "http",
                "agent",
                now.toString(),
                now.plus(ttl).toString(),
                PendingWrite.State.PENDING,
                null,
                null,
                null,
                null,
                // who the commit runs as travels with the write, its password never
                new dev.gabysql.core.api.DatabaseIdentity("roles_analyst", "roles_user", "not stored"));
    }

    private static List<String> ids(String url) {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT token_id FROM gabysql_state.redeemed_tokens ORDER BY token_id")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return out;
    }

    private static long scalar(String url, String sql) {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** A clock the test moves. */
    static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant start) {
            this.now = start;
        }

        void move(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
