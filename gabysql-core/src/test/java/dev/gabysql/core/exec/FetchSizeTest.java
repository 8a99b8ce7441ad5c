package dev.gabysql.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fetch size follows the largest row read, within the budget; a cut value counts at its full length. */
class FetchSizeTest {
    @TempDir
    Path dir;

    @Test
    void smallRowsFetchUpToTheLimitAndALargeRowShrinksTheFetch() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("f.db"));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            FetchSize fetch = new FetchSize(rs, true, 501);
            assertThat(FetchSize.first(501)).isEqualTo(FetchSize.FIRST);
            assertThat(FetchSize.first(10)).isEqualTo(10);
            fetch.rowRead(120);
            assertThat(rs.getFetchSize()).isEqualTo(501);
            fetch.rowRead(80); // smaller than seen: nothing changes
            assertThat(rs.getFetchSize()).isEqualTo(501);
            fetch.rowRead(FetchSize.BATCH_CHARS / 7);
            assertThat(rs.getFetchSize()).isEqualTo(7);
            fetch.rowRead(FetchSize.BATCH_CHARS * 3);
            assertThat(rs.getFetchSize()).isEqualTo(1);
        }
    }

    @Test
    void aSessionWhoseDriverCannotTakeANewFetchSizeKeepsTheFirst() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("f.db"));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.setFetchSize(FetchSize.FIRST);
            FetchSize fetch = new FetchSize(rs, false, 501);
            fetch.rowRead(120);
            fetch.rowRead(FetchSize.BATCH_CHARS);
            assertThat(rs.getFetchSize()).isEqualTo(FetchSize.FIRST);
        }
    }

    @Test
    void aCutValueCountsAtItsFullLength() {
        String cut = Values.cut("x".repeat(10_000), 2_000, 10_000);
        assertThat(Values.fullLength(cut, Values.renderedLength(cut))).isEqualTo(Values.renderedLength(cut) + 8_000);
        for (Object notCut : new Object[] {"short", 42L, null, "ends like one…[+x chars]", "…[+12 chars] first"}) {
            assertThat(Values.fullLength(notCut, 7)).as(String.valueOf(notCut)).isEqualTo(7);
        }
    }
}
