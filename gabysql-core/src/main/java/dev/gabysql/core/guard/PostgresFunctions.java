package dev.gabysql.core.guard;

import static dev.gabysql.core.guard.FunctionTable.Effect.DATA;
import static dev.gabysql.core.guard.FunctionTable.Effect.NEVER;
import static dev.gabysql.core.guard.FunctionTable.Effect.SERVER;
import static dev.gabysql.core.guard.FunctionTable.Effect.SESSION;

/**
 * PostgreSQL functions with side effects (docs/design.md#the-guard), one commented table. Deliberately absent, so
 * allowed in reads: {@code currval}, {@code lastval} (read the session's last value, change nothing);
 * {@code pg_sleep}, {@code pg_sleep_for}, {@code pg_sleep_until} (they only wait, and the statement timeout
 * bounds the wait; the timeout tests rely on them); {@code txid_current_if_assigned},
 * {@code pg_current_xact_id_if_assigned} (do not assign an id).
 */
final class PostgresFunctions {
    static final FunctionTable TABLE = new FunctionTable()
            // sequences: a rollback does not undo them; fine where writes are allowed (INSERT … nextval())
            .add(DATA, "advances a sequence, which a rollback does not undo", "nextval")
            .add(DATA, "sets a sequence, which a rollback does not undo", "setval")
            // an xid is assigned and consumed: a write in all but name
            .add(DATA, "assigns a transaction id (a write)", "txid_current", "pg_current_xact_id")
            // transaction-scoped advisory locks end with the call's transaction
            .add(DATA, "takes an advisory lock", "pg_advisory_xact_lock*", "pg_try_advisory_xact_lock*")
            // session-scoped advisory locks would stay held on the pooled connection after the call
            .add(
                    NEVER,
                    "takes or releases a session advisory lock that outlives the call",
                    "pg_advisory_lock*",
                    "pg_advisory_unlock*",
                    "pg_try_advisory_lock*")
            // the server's file system
            .add(
                    NEVER,
                    "reads the database server's file system",
                    "pg_read_file",
                    "pg_read_binary_file",
                    "pg_ls_*",
                    "pg_stat_file",
                    "pg_logdir_ls")
            .add(NEVER, "writes the database server's file system (adminpack)", "pg_file_*")
            .add(NEVER, "moves a file between the server's file system and a large object", "lo_import", "lo_export")
            // large objects live outside the tables: creating, writing or reading them by number is not a read
            .add(
                    SERVER,
                    "works on large objects (outside the tables)",
                    "lo_create",
                    "lo_creat",
                    "lo_unlink",
                    "lo_open",
                    "lo_close",
                    "lo_from_bytea",
                    "lo_put",
                    "lo_get",
                    "lo_truncate",
                    "lo_truncate64",
                    "lo_lseek",
                    "lo_lseek64",
                    "lo_tell",
                    "lo_tell64",
                    "loread",
                    "lowrite")
            // other sessions and the server process
            .add(
                    SERVER,
                    "signals another session",
                    "pg_terminate_backend",
                    "pg_cancel_backend",
                    "pg_signal_backend",
                    "pg_log_backend_memory_contexts")
            .add(
                    SERVER,
                    "acts on the server (configuration, logs, statistics)",
                    "pg_reload_conf",
                    "pg_rotate_logfile",
                    "pg_stat_reset*",
                    "pg_stat_statements_reset")
            .add(SERVER, "sends a notification to other sessions", "pg_notify")
            .add(
                    SERVER,
                    "changes an index or its summary",
                    "gin_clean_pending_list",
                    "brin_summarize_new_values",
                    "brin_summarize_range",
                    "brin_desummarize_range",
                    "pg_truncate_visibility_map")
            .add(
                    SERVER,
                    "writes to the write-ahead log or replication state",
                    "pg_logical_emit_message",
                    "pg_create_*",
                    "pg_drop_replication_slot",
                    "pg_copy_*",
                    "pg_replication_*",
                    "pg_logical_slot_*",
                    "pg_switch_wal",
                    "pg_switch_xlog",
                    "pg_promote",
                    "pg_backup_*",
                    "pg_start_backup",
                    "pg_stop_backup",
                    "pg_wal_replay_*",
                    "pg_xlog_replay_*",
                    "pg_import_system_collations",
                    "pg_sync_replication_slots",
                    "pg_log_standby_snapshot")
            // pg_surgery edits heap pages behind MVCC's back; binary_upgrade_* is pg_upgrade's own machinery
            .add(NEVER, "edits the database's storage directly", "heap_force_*", "binary_upgrade_*")
            // session settings belong to gabysql
            .add(SESSION, "changes a session setting", "set_config")
            // SQL in a string runs without the guard seeing it; dblink also reaches other servers
            .add(
                    NEVER,
                    "runs SQL given as a string, which the guard cannot inspect",
                    "query_to_xml",
                    "query_to_xmlschema",
                    "query_to_xml_and_xmlschema",
                    "cursor_to_xml",
                    "cursor_to_xmlschema",
                    "ts_stat",
                    "ts_rewrite")
            .add(NEVER, "connects to another database and runs SQL there", "dblink*")
            // extensions that reach the network or the OS (pgsql-http, pg_net)
            .add(NEVER, "makes a network request from the database server", "http", "http_*", "net_http_*");

    private PostgresFunctions() {}
}
