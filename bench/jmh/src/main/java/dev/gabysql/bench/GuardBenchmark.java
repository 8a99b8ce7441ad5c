package dev.gabysql.bench;

import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.guard.SqlGuard;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** The guard runs on every call: how long it takes on a short, a typical and a long statement. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class GuardBenchmark {
    String shortRead;
    String typicalRead;
    String longRead;

    @Setup
    public void setUp() {
        shortRead = "SELECT 1";
        typicalRead = "WITH recent AS (SELECT customer_id, sum(total) AS spent FROM orders WHERE ordered_at >"
                + " now() - interval '30 days' GROUP BY customer_id) SELECT c.name, r.spent FROM customers c"
                + " JOIN recent r ON r.customer_id = c.id WHERE c.city = 'Madrid' -- top spenders\n"
                + " ORDER BY r.spent DESC LIMIT 20";
        StringBuilder sb = new StringBuilder("SELECT ");
        for (int i = 0; i < 400; i++) {
            sb.append(i == 0 ? "" : ", ").append("coalesce(t.col_").append(i).append(", 'it''s $$ -- ;')");
        }
        sb.append(" FROM wide_table t /* a comment ; with DROP TABLE inside */ WHERE t.id IN (");
        for (int i = 0; i < 400; i++) {
            sb.append(i == 0 ? "" : ",").append(i);
        }
        longRead = sb.append(")").toString();
    }

    @Benchmark
    public InspectedStatement shortStatement() {
        return SqlGuard.inspect(shortRead, SqlFlavor.POSTGRESQL);
    }

    @Benchmark
    public InspectedStatement typicalStatement() {
        return SqlGuard.inspect(typicalRead, SqlFlavor.POSTGRESQL);
    }

    @Benchmark
    public InspectedStatement longStatement() {
        return SqlGuard.inspect(longRead, SqlFlavor.POSTGRESQL);
    }
}
