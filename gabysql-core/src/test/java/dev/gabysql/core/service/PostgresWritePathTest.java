package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
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
