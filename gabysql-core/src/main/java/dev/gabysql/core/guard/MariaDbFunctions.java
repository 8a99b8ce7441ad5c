package dev.gabysql.core.guard;

import static dev.gabysql.core.guard.FunctionTable.Effect.DATA;
import static dev.gabysql.core.guard.FunctionTable.Effect.NEVER;
import static dev.gabysql.core.guard.FunctionTable.Effect.SERVER;

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
                    "waits on replication",
                    "master_pos_wait",
                    "master_gtid_wait",
                    "source_pos_wait",
                    "wait_for_executed_gtid_set",
                    "wait_until_sql_thread_after_gtids")
            .add(DATA, "advances a sequence, which a rollback does not undo", "nextval", "setval")
            // user-defined functions that run shell commands (lib_mysqludf_sys)
            .add(NEVER, "runs an operating system command", "sys_exec", "sys_eval");

    private MariaDbFunctions() {}
}
