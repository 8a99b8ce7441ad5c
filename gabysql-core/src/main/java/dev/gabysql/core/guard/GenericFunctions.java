package dev.gabysql.core.guard;

import static dev.gabysql.core.guard.FunctionTable.Effect.NEVER;

/**
 * For any other engine the guard knows least, so it refuses most: the union of the three dialects' tables plus
 * the file, script and environment functions of the embedded engines most often met (H2, DuckDB), which run
 * inside gabysql's own process.
 */
final class GenericFunctions {
    static final FunctionTable TABLE = new FunctionTable()
            .addAll(PostgresFunctions.TABLE)
            .addAll(SqliteFunctions.TABLE)
            .addAll(MariaDbFunctions.TABLE)
            // H2: files and linked databases
            .add(NEVER, "reads or writes files", "file_read", "file_write", "csvread", "csvwrite")
            .add(NEVER, "links another database", "link_schema")
            // DuckDB: file readers, globbing, environment, SQL in strings, other engines
            .add(
                    NEVER,
                    "reads files",
                    "read_*",
                    "parquet_scan",
                    "parquet_metadata",
                    "parquet_schema",
                    "glob",
                    "sniff_csv")
            .add(NEVER, "reads the process environment", "getenv")
            .add(NEVER, "runs SQL given as a string, which the guard cannot inspect", "query", "query_table")
            .add(NEVER, "reaches another database", "sqlite_scan", "postgres_scan", "postgres_query", "mysql_query")
            // only what every engine means the same by is known to be pure
            .pure(PureFunctions.COMMON);

    private GenericFunctions() {}
}
