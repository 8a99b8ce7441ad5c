package dev.gabysql.core.guard;

import static dev.gabysql.core.guard.FunctionTable.Effect.DATA;
import static dev.gabysql.core.guard.FunctionTable.Effect.NEVER;
import static dev.gabysql.core.guard.FunctionTable.Effect.SERVER;
import static dev.gabysql.core.guard.FunctionTable.Effect.SESSION;
import static dev.gabysql.core.guard.FunctionTable.Rollback.RESTORED;
import static dev.gabysql.core.guard.FunctionTable.Rollback.UNDONE;

/**
 * PostgreSQL functions with side effects (docs/design.md#the-guard), one commented table. Deliberately absent, so
 * allowed in reads: {@code currval}, {@code lastval} (read the session's last value, change nothing);
 * {@code pg_sleep}, {@code pg_sleep_for}, {@code pg_sleep_until} (they only wait, and the statement timeout
 * bounds the wait; the timeout tests rely on them); {@code txid_current_if_assigned},
 * {@code pg_current_xact_id_if_assigned} (do not assign an id).
 */
final class PostgresFunctions {
    static final FunctionTable TABLE = new FunctionTable()
            // sequences: a rollback does not undo them, the preview puts them back; fine where writes are allowed
            .add(DATA, RESTORED, "advances a sequence, which a rollback does not undo", "nextval")
            .add(DATA, RESTORED, "sets a sequence, which a rollback does not undo", "setval")
            // an xid is assigned and consumed: a write in all but name
            .add(DATA, UNDONE, "assigns a transaction id (a write)", "txid_current", "pg_current_xact_id")
            // transaction-scoped advisory locks end with the call's transaction
            .add(DATA, UNDONE, "takes an advisory lock", "pg_advisory_xact_lock*", "pg_try_advisory_xact_lock*")
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
                    UNDONE, // large objects are transactional: a rollback removes what the preview made
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
            .add(SERVER, UNDONE, "sends a notification to other sessions", "pg_notify")
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
            .add(NEVER, "makes a network request from the database server", "http", "http_*", "net_http_*")
            // built-ins that writes commonly call and that change nothing; any other function makes a write
            // unrehearsable (docs/design.md#writes-preview-and-confirm)
            .pure(PureFunctions.COMMON)
            .pure(
                    "ceil",
                    "trunc",
                    "sign",
                    "div",
                    "cbrt",
                    "gcd",
                    "lcm",
                    "log10",
                    "width_bucket",
                    "scale",
                    "initcap",
                    "btrim",
                    "translate",
                    "strpos",
                    "split_part",
                    "starts_with",
                    "quote_ident",
                    "quote_literal",
                    "quote_nullable",
                    "sha224",
                    "sha256",
                    "sha384",
                    "sha512",
                    "encode",
                    "decode",
                    "convert_from",
                    "convert_to",
                    "to_hex",
                    "chr",
                    "overlay",
                    "string_to_array",
                    "array_to_string",
                    "string_agg",
                    "regexp_*",
                    "clock_timestamp",
                    "statement_timestamp",
                    "transaction_timestamp",
                    "timeofday",
                    "date_trunc",
                    "date_part",
                    "date_bin",
                    "age",
                    "make_date",
                    "make_time",
                    "make_timestamp",
                    "make_timestamptz",
                    "make_interval",
                    "to_char",
                    "to_date",
                    "to_timestamp",
                    "to_number",
                    "justify_*",
                    "isfinite",
                    "gen_random_uuid",
                    "uuid_generate_v1",
                    "uuid_generate_v4",
                    "bool_and",
                    "bool_or",
                    "every",
                    "array_agg",
                    "json_*",
                    "jsonb_*",
                    "to_json",
                    "to_jsonb",
                    "row_to_json",
                    "array_to_json",
                    "array_*",
                    "cardinality",
                    "unnest",
                    "generate_series",
                    "generate_subscripts",
                    "percentile_cont",
                    "percentile_disc",
                    "mode",
                    "pg_typeof",
                    "pg_backend_pid",
                    "current_setting",
                    "current_database",
                    "current_schema",
                    "current_schemas",
                    "num_nulls",
                    "num_nonnulls",
                    "int2",
                    "int4",
                    "int8",
                    "float4",
                    "float8",
                    "text",
                    "bool",
                    "numeric",
                    "varchar",
                    "bpchar",
                    "date",
                    "timestamptz",
                    "uuid",
                    "jsonb",
                    "json",
                    "bytea",
                    "inet",
                    "cidr",
                    "host",
                    "family",
                    "masklen",
                    "abbrev",
                    "tsvector",
                    "to_tsvector",
                    "to_tsquery",
                    "plainto_tsquery",
                    "phraseto_tsquery",
                    "websearch_to_tsquery",
                    "setweight",
                    "ts_rank",
                    "ts_rank_cd",
                    "ts_headline",
                    "point",
                    "box",
                    "circle",
                    "lseg",
                    "polygon",
                    "path")
            // reads of the session, the catalog and sizes; the waits (the statement timeout bounds them)
            .pure(
                    "currval",
                    "lastval",
                    "txid_current_if_assigned",
                    "pg_current_xact_id_if_assigned",
                    "pg_sleep",
                    "pg_sleep_for",
                    "pg_sleep_until",
                    "version",
                    "has_*",
                    "pg_has_role",
                    "pg_get_*",
                    "pg_size_*",
                    "pg_database_size",
                    "pg_relation_size",
                    "pg_table_size",
                    "pg_indexes_size",
                    "pg_total_relation_size",
                    "pg_column_size",
                    "obj_description",
                    "col_description",
                    "shobj_description",
                    "format_type",
                    "pg_table_is_visible",
                    "to_regclass",
                    "to_regtype",
                    "to_regproc",
                    "to_regnamespace",
                    "pg_postmaster_start_time",
                    "pg_conf_load_time",
                    "inet_server_addr",
                    "inet_client_addr",
                    "pg_is_in_recovery");

    private PostgresFunctions() {}
}
