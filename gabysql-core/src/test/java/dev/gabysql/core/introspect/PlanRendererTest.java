package dev.gabysql.core.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.api.Rendered;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanRendererTest {

    @Test
    void rowsWithParentsBecomeATree() {
        QueryResult plan = new QueryResult(
                List.of(
                        new QueryResult.Column("id", "INTEGER"),
                        new QueryResult.Column("parent", "INTEGER"),
                        new QueryResult.Column("notused", "INTEGER"),
                        new QueryResult.Column("detail", "TEXT")),
                List.of(
                        Arrays.asList(2L, 0L, 0L, "SCAN o"),
                        Arrays.asList(5L, 0L, 0L, "CORRELATED SCALAR SUBQUERY 1"),
                        Arrays.asList(9L, 5L, 0L, "SEARCH c USING INTEGER PRIMARY KEY (rowid=?)"),
                        Arrays.asList(12L, 5L, 0L, "USE TEMP B-TREE FOR ORDER BY")),
                false,
                null,
                0);
        Rendered r = PlanRenderer.render(plan);
        assertThat(r.text())
                .isEqualTo("QUERY PLAN\n|--SCAN o\n`--CORRELATED SCALAR SUBQUERY 1\n"
                        + "   |--SEARCH c USING INTEGER PRIMARY KEY (rowid=?)\n   `--USE TEMP B-TREE FOR ORDER BY");
        assertThat(r.json().get("plan").get(1).get("children")).hasSize(2);
    }

    @Test
    void textPlansStayLineByLine() {
        QueryResult plan = new QueryResult(
                List.of(new QueryResult.Column("QUERY PLAN", "text")),
                List.of(List.of("Seq Scan on orders  (cost=0.00..1.03 rows=3 width=4)"), List.of("  Filter: (id = 1)")),
                false,
                null,
                0);
        assertThat(PlanRenderer.render(plan).text())
                .isEqualTo("Seq Scan on orders  (cost=0.00..1.03 rows=3 width=4)\n  Filter: (id = 1)");
    }
}
