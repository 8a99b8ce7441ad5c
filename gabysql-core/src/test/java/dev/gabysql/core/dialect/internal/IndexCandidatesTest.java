package dev.gabysql.core.dialect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Which columns of a plan's conditions an index is tried on, and in what order (docs/dba.md#index-advice). */
final class IndexCandidatesTest {
    private static final Pattern ORDERS = Pattern.compile("(?<![\\w\".])o\\.(\"(?:[^\"]|\"\")+\"|[A-Za-z_][\\w$]*)");

    @Test
    void equalityColumnsLeadThenOneRangeColumnThenEachAlone() {
        IndexCandidates c = new IndexCandidates();
        c.read(
                "((o.created_at > '2024-01-01'::date) AND ((o.status)::text = 'paid'::text) AND (o.customer_id = 42))",
                ORDERS,
                IndexCandidates.Use.EQUALITY);
        assertThat(c.candidates())
                .containsExactly(
                        List.of("status", "customer_id", "created_at"),
                        List.of("created_at"),
                        List.of("status"),
                        List.of("customer_id"));
    }

    @Test
    void aJoinConditionReadsEitherSideAndAnUnindexableComparisonIsLeftOut() {
        IndexCandidates c = new IndexCandidates();
        c.read("(c.id = o.customer_id)", ORDERS, IndexCandidates.Use.JOIN);
        c.read("(o.note <> 'x'::text)", ORDERS, IndexCandidates.Use.EQUALITY);
        c.read("(o.\"Weird Name\" IS NULL)", ORDERS, IndexCandidates.Use.EQUALITY);
        assertThat(c.candidates())
                .containsExactly(
                        List.of("customer_id", "\"Weird Name\""), List.of("customer_id"), List.of("\"Weird Name\""));
    }

    @Test
    void anotherAliasOfTheSameColumnNameIsNotThisTable() {
        IndexCandidates c = new IndexCandidates();
        c.read("(oo.customer_id = 3) AND (xo.customer_id = 4)", ORDERS, IndexCandidates.Use.EQUALITY);
        assertThat(c.isEmpty()).isTrue();
    }
}
