package dev.gabysql.core.guard;

import dev.gabysql.core.error.ErrorCode;
import java.util.Locale;
import java.util.Set;

/**
 * SQLite PRAGMAs: an allow-list of the ones that only report. A PRAGMA with a value (= x or (x)) sets something
 * (query_only, writable_schema, journal_mode, user_version …) and is refused in every mode, except the few whose
 * argument is a table or a limit (table_info(t), integrity_check(100)). Anything else is refused.
 */
final class SqlitePragmas {
    /** Pragmas whose bare form only reports. */
    private static final Set<String> REPORTING = Set.of(
            "application_id",
            "auto_vacuum",
            "automatic_index",
            "busy_timeout",
            "cache_size",
            "cache_spill",
            "cell_size_check",
            "checkpoint_fullfsync",
            "collation_list",
            "compile_options",
            "data_version",
            "database_list",
            "defer_foreign_keys",
            "encoding",
            "foreign_key_check",
            "foreign_key_list",
            "foreign_keys",
            "freelist_count",
            "fullfsync",
            "function_list",
            "hard_heap_limit",
            "ignore_check_constraints",
            "integrity_check",
            "journal_mode",
            "journal_size_limit",
            "legacy_alter_table",
            "locking_mode",
            "max_page_count",
            "mmap_size",
            "module_list",
            "page_count",
            "page_size",
            "pragma_list",
            "query_only",
            "quick_check",
            "read_uncommitted",
            "recursive_triggers",
            "reverse_unordered_selects",
            "schema_version",
            "secure_delete",
            "soft_heap_limit",
            "synchronous",
            "table_list",
            "temp_store",
            "threads",
            "trusted_schema",
            "user_version",
            "wal_autocheckpoint");
    /** Pragmas whose argument names a table or index, or limits a check: still a report. */
    private static final Set<String> REPORTING_WITH_ARGUMENT = Set.of(
            "table_info",
            "table_xinfo",
            "index_info",
            "index_xinfo",
            "index_list",
            "foreign_key_list",
            "foreign_key_check",
            "integrity_check",
            "quick_check",
            "table_list");

    private SqlitePragmas() {}

    static Analysis classify(TokenList t, int from, int to) {
        int i = from + 1;
        if (i + 1 < to && t.get(i).isName() && t.is(i + 1, Token.Type.DOT)) {
            i += 2; // schema.pragma
        }
        if (i >= to || !t.get(i).isName()) {
            return Analysis.unknown("PRAGMA", "a PRAGMA without a name");
        }
        String name = t.get(i).text().toLowerCase(Locale.ROOT);
        String command = "PRAGMA " + name;
        int next = i + 1;
        if (next == to) {
            return REPORTING.contains(name) ? Analysis.of(StatementKind.READ, command) : acting(command);
        }
        if (t.is(next, Token.Type.LPAREN)
                && t.partner(next) == to - 1
                && REPORTING_WITH_ARGUMENT.contains(name)
                && next + 2 == to - 1) {
            return Analysis.of(StatementKind.READ, command);
        }
        return Analysis.of(StatementKind.SESSION, command)
                .effect(SideEffect.never(
                        "a PRAGMA with a value changes" + " the connection or the database file's settings",
                        ErrorCode.SESSION_CHANGE));
    }

    private static Analysis acting(String command) {
        return Analysis.of(StatementKind.UTILITY, command)
                .effect(SideEffect.never(
                        "`" + command + "` is not a" + " reporting PRAGMA the guard knows (it may act on the database)",
                        ErrorCode.SIDE_EFFECT));
    }
}
