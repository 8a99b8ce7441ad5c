package dev.gabysql.core.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Integer arrays as PostgreSQL writes them, read without pgJDBC's Array (the catalog's column numbers). */
class PgReadTest {
    @Test
    void integerArraysAreReadFromTheirText() throws SQLException {
        assertThat(PgRead.ints("{1,2,-3}")).containsExactly(1, 2, -3);
        assertThat(PgRead.ints("{7}")).containsExactly(7);
        assertThat(PgRead.ints("{}")).isEmpty();
        assertThat(PgRead.ints(null)).isEmpty();
        assertThat(PgRead.ints("[0:2]={3,0,1}")).containsExactly(3, 0, 1); // an int2vector cast to int2[]
    }

    @Test
    void anythingElseIsRefusedRatherThanGuessed() {
        for (String text : new String[] {"1 2", "{1,NULL}", "{1,,2}", "{{1,2},{3,4}}", "{a}", "", "{", "[0:1]"}) {
            assertThatThrownBy(() -> PgRead.ints(text)).as(text).isInstanceOf(SQLException.class);
        }
    }
}
