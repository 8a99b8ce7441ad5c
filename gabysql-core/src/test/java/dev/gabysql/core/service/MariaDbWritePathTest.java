package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The write path (preview, confirm, tokens) on a real MariaDB. */
class MariaDbWritePathTest extends WritePathContractTest {
    @Override
    protected String createFixture(Path dir) {
        String u = TestDatabases.newMariaDbDatabase();
        TestDatabases.run(u, Fixtures.mariadb());
        return u;
    }

    /** MariaDB has no UPDATE … RETURNING: the preview reads the rows the UPDATE is about to change, and says so. */
    @Test
    void aPreviewOfAnUpdateShowsTheRowsAsTheyWere() {
        ExecuteResult preview = exec("UPDATE items SET qty = 0 WHERE id <= 10", null);
        assertThat(preview.preview()).isNotNull();
        assertThat(preview.preview().rows()).hasSize(10);
        assertThat(preview.preview().rows()).allSatisfy(r -> assertThat(r).doesNotContain(0L, 0));
        assertThat(preview.notes()).anySatisfy(n -> assertThat(n).contains("as they were before"));
        assertThat(zeroQty()).isZero();
    }
}
