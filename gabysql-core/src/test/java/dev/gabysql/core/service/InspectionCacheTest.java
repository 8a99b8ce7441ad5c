package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.guard.SqlGuard;
import org.junit.jupiter.api.Test;

/** A text seen again gets the guard's very reading back; refusals and long texts are never kept. */
class InspectionCacheTest {
    private final InspectionCache inspections = new InspectionCache(SqlFlavor.POSTGRESQL);

    @Test
    void aTextSeenAgainGetsTheSameReading() {
        InspectedStatement first = inspections.inspect("SELECT * FROM t WHERE id = 1");
        assertThat(inspections.inspect("SELECT * FROM t WHERE id = 1"))
                .isSameAs(first)
                .isEqualTo(SqlGuard.inspect("SELECT * FROM t WHERE id = 1", SqlFlavor.POSTGRESQL));
        assertThat(inspections.inspect("SELECT * FROM t WHERE id = 2")).isNotSameAs(first);
        assertThat(inspections.inspect("DELETE FROM t").kind())
                .isEqualTo(
                        SqlGuard.inspect("DELETE FROM t", SqlFlavor.POSTGRESQL).kind());
    }

    @Test
    void refusedTextsAreRefusedEveryTimeAndNeverKept() {
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> inspections.inspect("SELECT 1; DROP TABLE t"))
                    .isInstanceOf(GabyException.class)
                    .satisfies(e -> assertThat(((GabyException) e).code()).isEqualTo(ErrorCode.MULTIPLE_STATEMENTS));
        }
        assertThatThrownBy(() -> inspections.inspect("SELECT 'open")).isInstanceOf(GabyException.class);
        assertThat(inspections.size()).isZero();
    }

    @Test
    void longTextsAreReadEachTimeAndTheCountIsBounded() {
        String longText = "SELECT " + "1 + ".repeat(InspectionCache.MAX_SQL_CHARS / 4) + "1";
        assertThat(inspections.inspect(longText)).isNotSameAs(inspections.inspect(longText));
        for (int i = 0; i < InspectionCache.MAX_ENTRIES + 50; i++) {
            inspections.inspect("SELECT " + i);
        }
        assertThat(inspections.size()).isEqualTo(InspectionCache.MAX_ENTRIES);
        InspectedStatement recent = inspections.inspect("SELECT " + (InspectionCache.MAX_ENTRIES + 49));
        assertThat(inspections.inspect("SELECT " + (InspectionCache.MAX_ENTRIES + 49)))
                .isSameAs(recent);
    }
}
