package dev.gabysql.core.guard;

import static dev.gabysql.core.guard.FunctionTable.Effect.DATA;
import static dev.gabysql.core.guard.FunctionTable.Effect.NEVER;
import static dev.gabysql.core.guard.FunctionTable.Effect.SERVER;
import static dev.gabysql.core.guard.FunctionTable.Rollback.UNDONE;

/**
 * MariaDB/MySQL functions with side effects (docs/design.md#the-guard), one commented table. Deliberately absent:
 * {@code SLEEP} (it only waits; the server-side statement limit and the client-side KILL QUERY bound it, and the
 * timeout test relies on it), {@code IS_FREE_LOCK}, {@code IS_USED_LOCK} (read lock state).
 */
final class MariaDbFunctions {
    static final FunctionTable TABLE = new FunctionTable()
            .add(NEVER, "reads a file on the database server", "load_file")
            // named locks are held by the session: they would outlive the call on a pooled connection
            .add(
                    NEVER,
                    "takes or releases a named lock held by the session",
                    "get_lock",
                    "release_lock",
                    "release_all_locks")
            // BENCHMARK(n, expr) evaluates expr n times: it multiplies any expression's cost and effects
            .add(NEVER, "evaluates an expression repeatedly", "benchmark")
            .add(
                    SERVER,
                    UNDONE, // it only waits
                    "waits on replication",
                    "master_pos_wait",
                    "master_gtid_wait",
                    "source_pos_wait",
                    "wait_for_executed_gtid_set",
                    "wait_until_sql_thread_after_gtids")
            .add(DATA, "advances a sequence, which a rollback does not undo", "nextval", "setval", "lastval")
            // user-defined functions that run shell commands (lib_mysqludf_sys)
            .add(NEVER, "runs an operating system command", "sys_exec", "sys_eval")
            // built-ins that writes commonly call and that change nothing; any other function (a stored function
            // above all) makes a write unrehearsable (docs/design.md#writes-preview-and-confirm). Not here:
            // LAST_INSERT_ID(expr) sets the session's value; RAND(seed) only seeds, but is listed as it changes no data
            .pure(PureFunctions.COMMON)
            .pure(
                    "ceil",
                    "truncate",
                    "sign",
                    "pow",
                    "log2",
                    "log10",
                    "rand",
                    "crc32",
                    "conv",
                    "lcase",
                    "ucase",
                    "substring_index",
                    "space",
                    "instr",
                    "locate",
                    "field",
                    "find_in_set",
                    "insert",
                    "sha1",
                    "sha2",
                    "sha",
                    "hex",
                    "unhex",
                    "to_base64",
                    "from_base64",
                    "quote",
                    "char",
                    "ord",
                    "elt",
                    "make_set",
                    "export_set",
                    "soundex",
                    "regexp_*",
                    "ifnull",
                    "if",
                    "isnull",
                    "interval",
                    "sysdate",
                    "curdate",
                    "curtime",
                    "utc_date",
                    "utc_time",
                    "utc_timestamp",
                    "date",
                    "time",
                    "timestamp",
                    "year",
                    "month",
                    "day",
                    "dayofmonth",
                    "dayofweek",
                    "dayofyear",
                    "hour",
                    "minute",
                    "second",
                    "microsecond",
                    "week",
                    "weekday",
                    "weekofyear",
                    "yearweek",
                    "quarter",
                    "monthname",
                    "dayname",
                    "date_add",
                    "date_sub",
                    "adddate",
                    "subdate",
                    "addtime",
                    "subtime",
                    "datediff",
                    "timediff",
                    "timestampadd",
                    "timestampdiff",
                    "date_format",
                    "time_format",
                    "str_to_date",
                    "from_unixtime",
                    "unix_timestamp",
                    "from_days",
                    "to_days",
                    "to_seconds",
                    "last_day",
                    "makedate",
                    "maketime",
                    "period_add",
                    "period_diff",
                    "sec_to_time",
                    "time_to_sec",
                    "convert_tz",
                    "get_format",
                    "uuid",
                    "uuid_short",
                    "group_concat",
                    "bit_and",
                    "bit_or",
                    "bit_xor",
                    "std",
                    "json_*",
                    "database",
                    "schema",
                    "user",
                    "current_user",
                    "connection_id",
                    "version",
                    "inet_aton",
                    "inet_ntoa",
                    "inet6_aton",
                    "inet6_ntoa",
                    "is_ipv4",
                    "is_ipv6",
                    "values",
                    "value",
                    "column_json",
                    "column_get",
                    "sleep",
                    "row_count",
                    "found_rows",
                    "session_user",
                    "system_user",
                    "charset",
                    "collation",
                    "coercibility");

    private MariaDbFunctions() {}
}
