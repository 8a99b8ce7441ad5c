package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.api.Finding.Severity;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.dialect.internal.Facts;
import dev.gabysql.core.dialect.internal.Words;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * SQLite's health checks (docs/dba.md#sqlite), from its pragmas and {@code sqlite_stat1}: a quick integrity check,
 * foreign keys that point nowhere, free pages, tables without a primary key or without any index, and statistics that
 * are missing or stale. Stateless.
 */
final class SqliteHealth {
    /** Tables looked at, at most: every check reads each table's catalog entries. */
    static final int MAX_TABLES = 500;

    static final int MAX = 50;
    /** A table with fewer rows than this is read in full as fast as through an index. */
    private static final long SMALL = 1_000;

    private static final String TABLES = "SELECT name, sql FROM sqlite_master WHERE type = 'table'"
            + " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name LIMIT " + MAX_TABLES;

    /** Key words a table may be named after only when quoted. */
    private static final Set<String> RESERVED = Set.of(
            "ALL",
            "ALTER",
            "AND",
            "AS",
            "BY",
            "CASE",
            "CHECK",
            "CREATE",
            "DEFAULT",
            "DELETE",
            "DROP",
            "ELSE",
            "END",
            "FOREIGN",
            "FROM",
            "GROUP",
            "IN",
            "INDEX",
            "INSERT",
            "INTO",
            "IS",
            "JOIN",
            "KEY",
            "LIMIT",
            "NOT",
            "NULL",
            "ON",
            "OR",
            "ORDER",
            "PRIMARY",
            "REFERENCES",
            "SELECT",
            "SET",
            "TABLE",
            "THEN",
            "TO",
            "TRANSACTION",
            "UNION",
            "UNIQUE",
            "UPDATE",
            "USER",
            "VALUES",
            "WHEN",
            "WHERE");

    private SqliteHealth() {}

    static void integrity(CheckRun.Check c) {
        for (CatalogRow r : c.rows("PRAGMA quick_check(" + MAX + ")")) {
            String line = r.text("quick_check");
            if (line == null || line.equals("ok")) {
                continue;
            }
            c.add(
                    Severity.CRITICAL,
                    "database file",
                    line,
                    Facts.of("problem", line),
                    null,
                    "restore from a backup, or recover what can be read with the sqlite3 shell's .recover; the full"
                            + " check (integrity_check) also compares indexes with their tables");
        }
    }

    static void foreignKeys(CheckRun.Check c) {
        for (CatalogRow r : c.rows("SELECT \"table\" AS child, parent, count(*) AS n"
                + " FROM pragma_foreign_key_check GROUP BY 1, 2 ORDER BY 3 DESC LIMIT " + MAX)) {
            long n = r.number("n", 0);
            c.add(
                    Severity.WARNING,
                    r.text("child"),
                    Words.plural(n, "row", "rows") + " of " + r.text("child") + " reference rows of " + r.text("parent")
                            + " that do not exist (foreign keys were not enforced when they came)",
                    Facts.of("parent", r.text("parent"), "rows", n),
                    null,
                    "find them with PRAGMA foreign_key_check, then delete or repair them; connections must turn"
                            + " PRAGMA foreign_keys on to keep them out");
        }
    }

    static void freelist(CheckRun.Check c) {
        CatalogRow r = c.row("SELECT (SELECT page_count FROM pragma_page_count) AS pages,"
                + " (SELECT freelist_count FROM pragma_freelist_count) AS free,"
                + " (SELECT page_size FROM pragma_page_size) AS size,"
                + " (SELECT auto_vacuum FROM pragma_auto_vacuum) AS auto");
        long pages = r.number("pages", 0);
        long free = r.number("free", 0);
        long size = r.number("size", 4096);
        if (pages == 0 || free * size < 1 << 20 || free < 0.2 * pages) {
            return;
        }
        c.add(
                free >= 0.5 * pages ? Severity.WARNING : Severity.INFO,
                "database file",
                Words.count(free) + " of its " + Words.count(pages) + " pages are free (" + Words.bytes(free * size)
                        + ", " + Words.percent(free / (double) pages) + " of the file): deleted data's space, reused"
                        + " by new rows but not given back",
                Facts.of("pages", pages, "free_pages", free, "page_size", size, "auto_vacuum", r.number("auto")),
                "VACUUM",
                "rewrites the whole file; it needs as much free disk again and locks the database meanwhile");
    }

    static void noPrimaryKey(CheckRun.Check c) {
        int found = 0;
        for (CatalogRow t : c.rows(TABLES)) {
            if (isVirtual(t) || found >= MAX) {
                continue;
            }
            CatalogRow pk = c.row("SELECT count(*) AS n FROM pragma_table_info(?) WHERE pk > 0", t.text("name"));
            if (pk.number("n", 0) > 0) {
                continue;
            }
            found++;
            c.add(
                    Severity.INFO,
                    name(t),
                    "no primary key: its rows are told apart by their rowid only, which VACUUM may renumber and no"
                            + " foreign key can reference",
                    Facts.of(),
                    null,
                    "give it one: SQLite cannot add a primary key to a table, so create the table again with one and"
                            + " copy the rows");
        }
    }

    static void noIndex(CheckRun.Check c) {
        int found = 0;
        for (CatalogRow t : c.rows(TABLES)) {
            if (isVirtual(t) || found >= MAX) {
                continue;
            }
            String name = t.text("name");
            if (c.row("SELECT count(*) AS n FROM pragma_index_list(?)", name).number("n", 0) > 0
                    || hasRowidKey(c, name)) {
                continue;
            }
            long rows = estimatedRows(c, t);
            if (rows < SMALL) {
                continue;
            }
            found++;
            c.add(
                    rows >= 100_000 ? Severity.WARNING : Severity.INFO,
                    name(t),
                    "no index and about " + Words.count(rows) + " rows: every lookup reads the whole table",
                    Facts.of("rows", rows),
                    null,
                    "index the columns its queries filter or join on (explain a slow query with index advice)");
        }
    }

    static void analyze(CheckRun.Check c) {
        boolean stats = c.row("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'")
                        .number("n", 0)
                > 0;
        List<CatalogRow> indexed = c.rows("SELECT DISTINCT t.name, t.sql FROM sqlite_master t"
                + " JOIN sqlite_master i ON i.type = 'index' AND i.tbl_name = t.name WHERE t.type = 'table'"
                + " AND t.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY 1 LIMIT " + MAX_TABLES);
        if (!stats) {
            if (!indexed.isEmpty()) {
                c.add(
                        Severity.INFO,
                        "database",
                        "never analyzed: the planner guesses how selective each of the indexes of "
                                + Words.plural(indexed.size(), "table", "tables") + " is",
                        Facts.of("indexed_tables", indexed.size()),
                        "ANALYZE",
                        "or PRAGMA optimize, which analyzes only what needs it");
            }
            return;
        }
        int found = 0;
        for (CatalogRow t : indexed) {
            CatalogRow s = c.row("SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1", t.text("name"));
            long rows = estimatedRows(c, t);
            if (found >= MAX) {
                break;
            }
            if (s == null) {
                if (rows >= SMALL) {
                    found++;
                    c.add(
                            Severity.INFO,
                            name(t),
                            "never analyzed (about " + Words.count(rows) + " rows)",
                            Facts.of("rows", rows),
                            "ANALYZE " + name(t),
                            null);
                }
                continue;
            }
            long counted = leadingNumber(s.text("stat"));
            if (Math.abs(rows - counted) > Math.max(SMALL / 10, 0.2 * Math.max(rows, counted))) {
                found++;
                c.add(
                        Severity.INFO,
                        name(t),
                        "statistics say " + Words.count(counted) + " rows, it has about " + Words.count(rows)
                                + ": the planner's estimates are off",
                        Facts.of("rows_in_statistics", counted, "rows", rows),
                        "ANALYZE " + name(t),
                        null);
            }
        }
    }

    /** Rows of a table, cheaply: its largest rowid (exact for a table never deleted from), else a count. */
    private static long estimatedRows(CheckRun.Check c, CatalogRow t) {
        boolean withoutRowid =
                t.text("sql") != null && t.text("sql").toUpperCase(Locale.ROOT).matches("(?s).*WITHOUT\\s+ROWID.*");
        return c.row("SELECT " + (withoutRowid ? "count(*)" : "coalesce(max(rowid), 0)") + " AS n FROM " + name(t))
                .number("n", 0);
    }

    /** Whether the table's primary key is its rowid (an INTEGER PRIMARY KEY): lookups by it are indexed. */
    private static boolean hasRowidKey(CheckRun.Check c, String table) {
        CatalogRow r =
                c.row("SELECT count(*) AS n, max(upper(type)) AS type FROM pragma_table_info(?) WHERE pk > 0", table);
        return r.number("n", 0) == 1 && "INTEGER".equals(r.text("type"));
    }

    private static boolean isVirtual(CatalogRow t) {
        return t.text("sql") != null && t.text("sql").toUpperCase(Locale.ROOT).startsWith("CREATE VIRTUAL");
    }

    /** The table's name as SQL writes it: bare when it is a plain identifier, double-quoted otherwise. */
    static String name(CatalogRow t) {
        String n = t.text("name");
        return n.matches("[A-Za-z_][A-Za-z0-9_]*") && !RESERVED.contains(n.toUpperCase(Locale.ROOT))
                ? n
                : '"' + n.replace("\"", "\"\"") + '"';
    }

    private static long leadingNumber(String stat) {
        try {
            return Long.parseLong(stat.strip().split("\\s+")[0]);
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
