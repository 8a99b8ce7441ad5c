package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class PostgresWritePathTest extends WritePathContractTest {
    @Override
    protected String createFixture(Path dir) {
        String u = TestDatabases.newPostgresDatabase();
        TestDatabases.run(u, Fixtures.postgres());
        return u;
    }

    @Test
    void aPreviewLeavesSequencesAsTheyWere() {
        String sql = "INSERT INTO items (name, qty) VALUES ('new', 1), ('newer', 2)";
        ExecuteResult preview = exec(sql, null);
        assertThat(preview.affectedRows()).isEqualTo(2);
        assertThat(preview.preview().rows()).extracting(r -> r.get(0)).containsExactly(51L, 52L);
        assertThat(preview.notes()).anySatisfy(n -> assertThat(n).contains("items_id_seq restored to 50"));
        assertThat(scalar("SELECT last_value FROM items_id_seq")).isEqualTo(50L);
        exec(sql, preview.confirmToken());
        assertThat(scalar("SELECT max(id) FROM items")).isEqualTo(52);
    }

    @Test
    void aPreviewNeverMovesASequenceAnotherSessionUsedMeanwhile() {
        // the restore is conditional: here nothing else ran, so the first insert after a preview gets 51
        exec("INSERT INTO items (name, qty) VALUES ('p', 1)", null);
        TestDatabases.run(url, "INSERT INTO items (name, qty) VALUES ('direct', 1)");
        assertThat(scalar("SELECT max(id) FROM items")).isEqualTo(51);
    }

    /**
     * Previews and committing inserts race on one serial column that has no unique index (so a value handed out
     * twice would be stored twice, not refused): each preview draws three ids with a pause between them while
     * another session keeps inserting, and every id stays unique, because the preview holds the sequence instead of
     * setting it back afterwards (docs/design.md#writes-preview-and-confirm).
     */
    @Test
    void concurrentPreviewsNeverHandAnIdOutTwice() throws Exception {
        rw();
        TestDatabases.run(url, "CREATE TABLE tickets (id serial, note text NOT NULL)");
        AtomicBoolean previewing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> previews = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                previews.add(pool.submit(() -> {
                    for (int i = 0; i < 15; i++) {
                        exec(
                                "INSERT INTO tickets (note) SELECT 'preview' FROM generate_series(1, 3)"
                                        + " WHERE length(pg_sleep(0.01)::text) = 0",
                                null);
                    }
                    return null;
                }));
            }
            Future<Long> direct = pool.submit(() -> {
                long n = 0;
                try (Connection c = DriverManager.getConnection(url);
                        Statement st = c.createStatement()) {
                    while (previewing.get()) {
                        st.execute("INSERT INTO tickets (note) SELECT 'direct' FROM pg_sleep(0.003)");
                        n++;
                    }
                }
                return n;
            });
            for (Future<?> f : previews) {
                f.get(2, TimeUnit.MINUTES);
            }
            previewing.set(false);
            long inserted = direct.get(1, TimeUnit.MINUTES); // its last insert done before the count
            assertThat(scalar("SELECT count(*) FROM tickets")).isEqualTo(inserted);
        } finally {
            previewing.set(false);
            pool.shutdownNow();
        }
        TestDatabases.run(url, "INSERT INTO tickets (note) SELECT 'after' FROM generate_series(1, 200)");
        assertThat(scalar("SELECT count(*) FROM (SELECT id FROM tickets GROUP BY id HAVING count(*) > 1) d"))
                .as("ids stored twice")
                .isEqualTo(0L);
    }

    /**
     * A sequence that another open transaction draws from cannot be held: the preview leaves it where it went and
     * says so, and the other transaction's value is not handed out again.
     */
    @Test
    void aSequenceInUseElsewhereIsLeftAndSaidSo() throws Exception {
        rw();
        try (Connection other = DriverManager.getConnection(url)) {
            other.setAutoCommit(false);
            try (Statement st = other.createStatement()) {
                st.execute("INSERT INTO items (name, qty) VALUES ('other', 1)"); // takes 51, transaction open
                ExecuteResult preview = exec("INSERT INTO items (name, qty) VALUES ('p', 1)", null);
                assertThat(preview.preview().rows()).extracting(r -> r.get(0)).containsExactly(52L);
                assertThat(preview.notes())
                        .anySatisfy(n -> assertThat(n)
                                .contains("items_id_seq left at 52, not set back")
                                .contains("another open transaction"));
            }
            other.commit();
        }
        TestDatabases.run(url, "INSERT INTO items (name, qty) VALUES ('direct', 1)");
        assertThat(scalar("SELECT max(id) FROM items")).isEqualTo(53);
        assertThat(scalar("SELECT count(DISTINCT id) = count(*) FROM items")).isEqualTo(true);
    }

    /** A preview's rows are read as a query's are: a time zone's offset and an array's quoting stay. */
    @Test
    void aPreviewShowsValuesAsTheServerWritesThem() {
        ExecuteResult preview = exec(
                "INSERT INTO items (name, qty) VALUES ('t', 1)"
                        + "\nRETURNING '10:11:12.5+02'::timetz, ARRAY['x,y', 'z']",
                null);
        assertThat(preview.preview().rows().get(0)).containsExactly("10:11:12.5+02", "{\"x,y\",z}");
    }
}
