package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Prints (never asserts: shared machines are noisy) the size and latency of the introspection answers on the
 * benchmark fixtures of ../shared/bench/fixtures/make_fixtures.py. Runs only when GABYSQL_BENCH_FIXTURES names
 * the directory of the SQLite fixtures; the PostgreSQL ones are read from GABYSQL_BENCH_PG (a JDBC URL prefix up
 * to the database name's slash, default jdbc:postgresql://127.0.0.1:5432/). See docs/performance.md.
 */
@EnabledIfEnvironmentVariable(named = "GABYSQL_BENCH_FIXTURES", matches = ".+")
class IntrospectionBenchmark {
    private static final int RUNS = 15;
    private static final int WARMUP = 5;

    @Test
    void printFigures() {
        Path dir = Path.of(System.getenv("GABYSQL_BENCH_FIXTURES"));
        String pg = System.getenv().getOrDefault("GABYSQL_BENCH_PG", "jdbc:postgresql://127.0.0.1:5432/");
        List<DatabaseConfig> dbs = List.of(
                DatabaseConfig.of("pg_small", pg + "bench_small?user=postgres&password=postgres")
                        .build(),
                DatabaseConfig.of("pg_wide", pg + "bench_wide?user=postgres&password=postgres")
                        .build(),
                DatabaseConfig.sqlite("sqlite_small", dir.resolve("bench_small.db")),
                DatabaseConfig.sqlite("sqlite_wide", dir.resolve("bench_wide.db")));
        List<String> kinds = new java.util.ArrayList<>();
        System.out.println("| database | call | text chars | json chars | uncached p50 ms | uncached min ms |"
                + " cached p50 ms |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|");
        try (LocalGabyService cold = service(dbs, Duration.ZERO);
                LocalGabyService warm = service(dbs, Duration.ofMinutes(10))) {
            for (DatabaseConfig db : dbs) {
                for (String detail : List.of("names", "summary", "full")) {
                    DescribeRequest r = DescribeRequest.of(db.name(), detail);
                    row(
                            db.name(),
                            "describe_database " + detail,
                            () -> cold.describeDatabase(ctx(), r),
                            () -> warm.describeDatabase(ctx(), r));
                }
                kinds.add(kinds(
                        db.name(),
                        warm.describeDatabase(ctx(), DescribeRequest.of(db.name(), "full"))
                                .text()));
                String table = db.name().endsWith("wide") ? "entity_250" : "orders";
                row(
                        db.name(),
                        "describe_table " + table,
                        () -> cold.describeTable(ctx(), db.name(), table, true),
                        () -> warm.describeTable(ctx(), db.name(), table, true));
            }
        }
        kinds.forEach(System.out::println);
    }

    /** Which of the introspected object kinds the full text of a database shows (bench_small has all of them). */
    private static String kinds(String db, String text) {
        List<String> present = new java.util.ArrayList<>();
        check(present, text.contains("\nenum "), "enum");
        check(present, text.contains("  trigger "), "trigger");
        check(present, text.matches("(?s).*\\n(function|procedure) .*\\n    .*"), "function source");
        check(present, text.contains("(view)\n") && text.contains("  as SELECT"), "view definition");
        check(present, text.contains("  <- "), "incoming foreign keys");
        return "kinds in " + db + " full: " + String.join(", ", present);
    }

    private static void check(List<String> present, boolean found, String kind) {
        present.add(kind + (found ? " yes" : " no"));
    }

    private static LocalGabyService service(List<DatabaseConfig> dbs, Duration ttl) {
        return new LocalGabyService(new Catalog(dbs), Settings.DEFAULT.withSchemaTtl(ttl));
    }

    private static CallContext ctx() {
        return CallContext.of("bench");
    }

    interface Call {
        Rendered run();
    }

    private static void row(String db, String call, Call cold, Call warm) {
        Rendered r = cold.run();
        double[] uncached = times(cold);
        System.out.printf(
                Locale.ROOT,
                "| %s | %s | %,d | %,d | %.1f | %.1f | %.1f |%n",
                db,
                call,
                r.text().length(),
                r.json().toString().length(),
                uncached[RUNS / 2],
                uncached[0],
                times(warm)[RUNS / 2]);
    }

    /** Sorted times of {@link #RUNS} calls after {@link #WARMUP}. */
    private static double[] times(Call call) {
        double[] ms = new double[RUNS];
        for (int i = 0; i < WARMUP + RUNS; i++) {
            long t = System.nanoTime();
            call.run();
            if (i >= WARMUP) {
                ms[i - WARMUP] = (System.nanoTime() - t) / 1e6;
            }
        }
        Arrays.sort(ms);
        return ms;
    }
}
