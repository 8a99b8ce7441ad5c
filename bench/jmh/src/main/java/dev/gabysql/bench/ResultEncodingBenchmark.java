package dev.gabysql.bench;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.json.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Encoding a capped result (1 and 500 rows × 6 columns) as the JSON every front end sends. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ResultEncodingBenchmark {
    @Param({"1", "500"})
    int rows;

    QueryResult result;

    @Setup
    public void setUp() {
        List<QueryResult.Column> columns = List.of(
                new QueryResult.Column("id", "int8"),
                new QueryResult.Column("name", "text"),
                new QueryResult.Column("email", "text"),
                new QueryResult.Column("amount", "numeric"),
                new QueryResult.Column("active", "bool"),
                new QueryResult.Column("created_at", "timestamptz"));
        List<List<Object>> data = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            data.add(List.of(
                    (long) i,
                    "customer " + i,
                    "c" + i + "@example.com",
                    new BigDecimal("1234.56"),
                    i % 2 == 0,
                    "2026-11-30 12:00:00+00"));
        }
        result = new QueryResult(columns, data, rows == 500, null, 1);
    }

    @Benchmark
    public String json() {
        return Json.write(result);
    }
}
