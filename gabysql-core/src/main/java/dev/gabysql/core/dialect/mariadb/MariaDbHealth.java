package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.Finding.Severity;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.dialect.internal.Facts;
import dev.gabysql.core.dialect.internal.Words;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * MariaDB's health checks (docs/dba.md#mariadb), from {@code SHOW GLOBAL STATUS}, {@code information_schema} and
 * {@code performance_schema} where the server keeps it: the buffer pool, connections, long statements and
 * transactions, lock waits, tables without a primary key or on a non-transactional engine, redundant indexes,
 * auto-increment columns near their end, fragmented tables, unused indexes. Schema checks look at the connection's
 * database (every non-system schema when the URL names none). Stateless.
 */
final class MariaDbHealth {
    /** The schemas a check looks at: the connection's database, or every user schema without one. */
    static final String SCOPE = "(%1$s = DATABASE() OR DATABASE() IS NULL AND %1$s NOT IN"
            + " ('mysql', 'information_schema', 'performance_schema', 'sys'))";

    static final int MAX = 50;
    static final int LONG_SECONDS = 60;

    private MariaDbHealth() {}

    static String scope(String column) {
        return String.format(Locale.ROOT, SCOPE, column);
    }

    static void bufferPool(CheckRun.Check c) {
        long requests = status(c, "Innodb_buffer_pool_read_requests");
        long reads = status(c, "Innodb_buffer_pool_reads");
        CatalogRow size = c.row("SELECT @@innodb_buffer_pool_size AS pool, (SELECT SUM(DATA_LENGTH + INDEX_LENGTH)"
                + " FROM information_schema.TABLES WHERE ENGINE = 'InnoDB') AS data");
        long pool = size.number("pool", 0);
        long data = size.number("data", 0);
        if (requests >= 10_000 && reads > 0.01 * requests) {
            double hit = 1 - reads / (double) requests;
            c.add(
                    hit < 0.95 ? Severity.WARNING : Severity.INFO,
                    "server",
                    "buffer pool hit ratio " + Words.percent(hit) + ": " + Words.count(reads) + " of "
                            + Words.count(requests) + " page reads went to disk; the pool is " + Words.bytes(pool)
                            + " for " + Words.bytes(data) + " of InnoDB data and indexes",
                    Facts.of(
                            "hit_ratio",
                            Words.round(hit),
                            "disk_reads",
                            reads,
                            "read_requests",
                            requests,
                            "pool_bytes",
                            pool,
                            "data_bytes",
                            data),
                    null,
                    "raise innodb_buffer_pool_size (SET GLOBAL in MariaDB 10.2+, and in the server's configuration)"
                            + " if the working set should fit; find what reads most with top_queries");
        }
    }

    static void connections(CheckRun.Check c) {
        long used = status(c, "Threads_connected");
        long peak = status(c, "Max_used_connections");
        CatalogRow r = c.row("SELECT @@max_connections AS max");
        long max = r.number("max", 0);
        if (max <= 0 || used < 0.8 * max) {
            return;
        }
        c.add(
                used >= 0.95 * max ? Severity.CRITICAL : Severity.WARNING,
                "server",
                Words.count(used) + " of " + Words.count(max) + " connections in use (peak " + Words.count(peak)
                        + "); new ones are refused at the limit",
                Facts.of("used", used, "max_connections", max, "peak", peak),
                null,
                "end idle connections or pool them; raise max_connections (SET GLOBAL) if the server has the memory");
    }

    static void longRunning(CheckRun.Check c, boolean process) {
        if (!process) {
            c.note(MariaDbActivity.OWN_ONLY);
        }
        for (CatalogRow r : c.rows(
                "SELECT ID AS id, USER AS user, HOST AS host, DB AS db, COMMAND AS command,"
                        + " TIME AS seconds, LEFT(INFO, 300) AS query FROM information_schema.PROCESSLIST"
                        + " WHERE COMMAND NOT IN ('Sleep', 'Daemon', 'Binlog Dump', 'Killed') AND ID <> CONNECTION_ID()"
                        + " AND INFO IS NOT NULL AND TIME >= ? ORDER BY TIME DESC LIMIT ?",
                LONG_SECONDS,
                MAX)) {
            long id = r.number("id");
            long s = r.number("seconds", 0);
            c.add(
                    s >= 3600 ? Severity.CRITICAL : Severity.WARNING,
                    "thread " + id,
                    "a statement of " + r.text("user") + "@" + r.text("host") + " has run for " + Words.seconds(s)
                            + ": " + r.text("query"),
                    Facts.of(
                            "thread",
                            id,
                            "user",
                            r.text("user"),
                            "host",
                            r.text("host"),
                            "seconds",
                            s,
                            "query",
                            r.text("query")),
                    "KILL QUERY " + id,
                    "stops the statement only; the connection stays");
        }
    }

    static void longTransactions(CheckRun.Check c, boolean process) {
        if (!process) {
            throw c.skip("reading InnoDB's transactions needs the PROCESS privilege: GRANT PROCESS ON *.* TO"
                    + " gabysql's user");
        }
        for (CatalogRow r : c.rows(
                "SELECT t.trx_mysql_thread_id AS id, t.trx_state AS state,"
                        + " TIMESTAMPDIFF(SECOND, t.trx_started, NOW()) AS seconds, t.trx_rows_modified AS modified,"
                        + " t.trx_rows_locked AS locked, p.USER AS user, p.HOST AS host, p.COMMAND AS command,"
                        + " LEFT(COALESCE(t.trx_query, p.INFO), 300) AS query FROM information_schema.INNODB_TRX t"
                        + " LEFT JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id"
                        + " WHERE t.trx_started < NOW() - INTERVAL ? SECOND AND t.trx_mysql_thread_id <> CONNECTION_ID()"
                        + " ORDER BY t.trx_started LIMIT ?",
                LONG_SECONDS,
                MAX)) {
            long id = r.number("id");
            long s = r.number("seconds", 0);
            boolean idle = "Sleep".equals(r.text("command"));
            c.add(
                    s >= 3600 ? Severity.CRITICAL : Severity.WARNING,
                    "thread " + id,
                    "a transaction of " + r.text("user") + "@" + r.text("host") + " open for " + Words.seconds(s)
                            + (idle ? ", idle" : ", " + r.text("state")) + "; " + Words.count(r.number("modified", 0))
                            + " rows changed, " + Words.count(r.number("locked", 0)) + " locked; it holds back"
                            + " purge" + (r.text("query") == null ? "" : "; statement: " + r.text("query")),
                    Facts.of(
                            "thread",
                            id,
                            "user",
                            r.text("user"),
                            "seconds",
                            s,
                            "rows_modified",
                            r.number("modified"),
                            "rows_locked",
                            r.number("locked"),
                            "idle",
                            idle,
                            "query",
                            r.text("query")),
                    "KILL " + id,
                    "ends the connection and rolls back its transaction");
        }
    }

    static void lockWaits(CheckRun.Check c, boolean process) {
        if (!process) {
            throw c.skip("reading InnoDB's lock waits needs the PROCESS privilege: GRANT PROCESS ON *.* TO"
                    + " gabysql's user");
        }
        for (CatalogRow r : c.rows(MariaDbActivity.BLOCKERS + " LIMIT ?", MAX)) {
            long id = r.number("blocker");
            long blocked = r.number("blocked", 0);
            long waited = r.number("waited", 0);
            c.add(
                    waited >= 30 || blocked >= 5 ? Severity.CRITICAL : Severity.WARNING,
                    "thread " + id,
                    "thread " + id + " blocks " + Words.plural(blocked, "transaction", "transactions") + " (thread "
                            + r.text("blocked_ids") + ", waiting up to " + Words.seconds(waited)
                            + "); its transaction is open " + Words.seconds(r.number("held", 0))
                            + (r.text("query") == null ? ", idle" : ": " + r.text("query")),
                    Facts.of(
                            "thread",
                            id,
                            "blocked",
                            blocked,
                            "blocked_threads",
                            r.text("blocked_ids"),
                            "max_wait_seconds",
                            waited,
                            "query",
                            r.text("query")),
                    "KILL " + id,
                    "ends the blocking connection and rolls back its transaction");
        }
    }

    static void noPrimaryKey(CheckRun.Check c) {
        for (CatalogRow r : c.rows(
                "SELECT CONCAT('`', REPLACE(t.TABLE_SCHEMA, '`', '``'), '`.`',"
                        + " REPLACE(t.TABLE_NAME, '`', '``'), '`') AS qname, t.ENGINE AS engine, t.TABLE_ROWS AS row_count,"
                        + " EXISTS (SELECT 1 FROM information_schema.TABLE_CONSTRAINTS u WHERE u.TABLE_SCHEMA = t.TABLE_SCHEMA"
                        + " AND u.TABLE_NAME = t.TABLE_NAME AND u.CONSTRAINT_TYPE = 'UNIQUE') AS has_unique"
                        + " FROM information_schema.TABLES t WHERE t.TABLE_TYPE = 'BASE TABLE' AND "
                        + scope("t.TABLE_SCHEMA")
                        + " AND NOT EXISTS (SELECT 1 FROM information_schema.TABLE_CONSTRAINTS k"
                        + " WHERE k.TABLE_SCHEMA = t.TABLE_SCHEMA AND k.TABLE_NAME = t.TABLE_NAME"
                        + " AND k.CONSTRAINT_TYPE = 'PRIMARY KEY') ORDER BY t.TABLE_ROWS DESC, 1 LIMIT ?",
                MAX)) {
            String table = r.text("qname");
            c.add(
                    Severity.WARNING,
                    table,
                    "no primary key (about " + Words.count(r.number("row_count", 0)) + " rows): "
                            + ("InnoDB".equalsIgnoreCase(r.text("engine"))
                                    ? (r.flag("has_unique")
                                                    ? "InnoDB clusters it by its first unique key"
                                                    : "InnoDB clusters it by a hidden row id")
                                            + ", row-based replication finds each changed row by a full scan"
                                    : "rows cannot be told apart but by all their values"),
                    Facts.of(
                            "engine",
                            r.text("engine"),
                            "rows",
                            r.number("row_count"),
                            "has_unique",
                            r.flag("has_unique")),
                    null,
                    "add one: ALTER TABLE " + table + " ADD PRIMARY KEY (its identifying columns), or an"
                            + " AUTO_INCREMENT id column");
        }
    }

    static void nonTransactional(CheckRun.Check c) {
        for (CatalogRow r : c.rows(
                "SELECT CONCAT('`', REPLACE(TABLE_SCHEMA, '`', '``'), '`.`',"
                        + " REPLACE(TABLE_NAME, '`', '``'), '`') AS qname, ENGINE AS engine FROM information_schema.TABLES"
                        + " WHERE TABLE_TYPE = 'BASE TABLE' AND ENGINE IN ('MyISAM', 'Aria', 'MEMORY', 'CSV', 'ARCHIVE')"
                        + " AND " + scope("TABLE_SCHEMA") + " ORDER BY 1 LIMIT ?",
                MAX)) {
            String table = r.text("qname");
            c.add(
                    Severity.INFO,
                    table,
                    "uses " + r.text("engine") + ", which has no transactions: a write to it is done at once (gabysql"
                            + " cannot preview it) and a crash can leave it half-written",
                    Facts.of("engine", r.text("engine")),
                    "ALTER TABLE " + table + " ENGINE=InnoDB",
                    "rewrites the table; full-text and spatial indexes need InnoDB support of them");
        }
    }

    /**
     * Indexes whose columns lead another index of the same table (or equal them): the wider one serves their
     * lookups too. A unique index is kept unless an index of the very same columns is unique too; the primary key
     * always is.
     */
    static void redundantIndexes(CheckRun.Check c) {
        List<CatalogRow> indexes = c.rows("SELECT CONCAT('`', REPLACE(TABLE_SCHEMA, '`', '``'), '`.`',"
                + " REPLACE(TABLE_NAME, '`', '``'), '`') AS qtable, INDEX_NAME AS name, MAX(NON_UNIQUE) AS non_unique,"
                + " MAX(INDEX_TYPE) AS type, GROUP_CONCAT(CONCAT(COLUMN_NAME, IFNULL(CONCAT('(', SUB_PART, ')'), ''))"
                + " ORDER BY SEQ_IN_INDEX SEPARATOR ', ') AS cols FROM information_schema.STATISTICS"
                + " WHERE " + scope("TABLE_SCHEMA") + " GROUP BY TABLE_SCHEMA, TABLE_NAME, INDEX_NAME"
                + " ORDER BY TABLE_SCHEMA, TABLE_NAME, INDEX_NAME LIMIT 5000");
        int found = 0;
        for (CatalogRow a : indexes) {
            CatalogRow by = coveredBy(a, indexes);
            if (by == null || found++ >= MAX) {
                continue;
            }
            boolean exact = a.text("cols").equals(by.text("cols"));
            c.add(
                    Severity.WARNING,
                    a.text("qtable") + " index " + a.text("name"),
                    "index " + a.text("name") + " (" + a.text("cols") + ") "
                            + (exact ? "duplicates " : "is a leading part of ") + by.text("name") + " ("
                            + by.text("cols") + "); it costs space and work on every write",
                    Facts.of(
                            "table",
                            a.text("qtable"),
                            "index",
                            a.text("name"),
                            "columns",
                            a.text("cols"),
                            "kept",
                            by.text("name"),
                            "exact",
                            exact),
                    "ALTER TABLE " + a.text("qtable") + " DROP INDEX `"
                            + a.text("name").replace("`", "``") + "`",
                    "a foreign key that needs an index is served by " + by.text("name") + " as well");
        }
    }

    private static CatalogRow coveredBy(CatalogRow a, List<CatalogRow> all) {
        if ("PRIMARY".equals(a.text("name")) || !"BTREE".equalsIgnoreCase(a.text("type"))) {
            return null;
        }
        boolean unique = !a.flag("non_unique");
        for (CatalogRow b : all) {
            if (b == a || !b.text("qtable").equals(a.text("qtable")) || !"BTREE".equalsIgnoreCase(b.text("type"))) {
                continue;
            }
            String ac = a.text("cols");
            String bc = b.text("cols");
            if (ac.equals(bc)) {
                boolean bUnique = !b.flag("non_unique");
                if ("PRIMARY".equals(b.text("name")) || bUnique && !unique) {
                    return b; // the primary key, or a unique index, of the same columns stays
                }
                if (unique == bUnique && a.text("name").compareTo(b.text("name")) > 0) {
                    return b; // of two alike, the first by name stays
                }
            } else if (!unique && bc.startsWith(ac + ", ")) {
                return b;
            }
        }
        return null;
    }

    static void autoIncrement(CheckRun.Check c) {
        for (CatalogRow r : c.rows("SELECT CONCAT('`', REPLACE(t.TABLE_SCHEMA, '`', '``'), '`.`',"
                + " REPLACE(t.TABLE_NAME, '`', '``'), '`') AS qtable, c.COLUMN_NAME AS col, c.DATA_TYPE AS type,"
                + " c.COLUMN_TYPE AS column_type, c.IS_NULLABLE AS nullable, t.AUTO_INCREMENT AS next_value"
                + " FROM information_schema.TABLES t JOIN information_schema.COLUMNS c"
                + " ON c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME"
                + " AND c.EXTRA LIKE '%auto_increment%' WHERE t.AUTO_INCREMENT IS NOT NULL AND "
                + scope("t.TABLE_SCHEMA") + " LIMIT 5000")) {
            autoIncrement(c, r);
        }
    }

    private static void autoIncrement(CheckRun.Check c, CatalogRow r) {
        boolean unsigned = r.text("column_type").toLowerCase(Locale.ROOT).contains("unsigned");
        BigDecimal max = max(r.text("type").toLowerCase(Locale.ROOT), unsigned);
        Object next = r.value("next_value");
        if (max == null || next == null) {
            return;
        }
        BigDecimal used = new BigDecimal(next.toString()).subtract(BigDecimal.ONE);
        double share = used.doubleValue() / max.doubleValue();
        if (share < 0.75) {
            return;
        }
        String table = r.text("qtable");
        String col = "`" + r.text("col").replace("`", "``") + "`";
        boolean widest = r.text("type").equalsIgnoreCase("bigint");
        c.add(
                share >= 0.9 ? Severity.CRITICAL : Severity.WARNING,
                table + "." + col,
                "AUTO_INCREMENT at " + used.toPlainString() + " of " + max.toPlainString() + " (" + Words.percent(share)
                        + ", " + r.text("column_type") + "); inserts fail once it is reached",
                Facts.of(
                        "last_value",
                        used,
                        "max",
                        max,
                        "used",
                        Words.round(share),
                        "column_type",
                        r.text("column_type")),
                widest
                        ? null
                        : "ALTER TABLE " + table + " MODIFY " + col + " BIGINT" + (unsigned ? " UNSIGNED" : "")
                                + ("YES".equals(r.text("nullable")) ? "" : " NOT NULL") + " AUTO_INCREMENT",
                widest
                        ? "a BIGINT runs out: reuse values or partition; nothing wider exists"
                        : "restate the column's other attributes (comment, default) in it; rewrites the table, and"
                                + " columns that reference it need the same type");
    }

    private static BigDecimal max(String type, boolean unsigned) {
        int bits;
        switch (type) {
            case "tinyint":
                bits = 8;
                break;
            case "smallint":
                bits = 16;
                break;
            case "mediumint":
                bits = 24;
                break;
            case "int":
            case "integer":
                bits = 32;
                break;
            case "bigint":
                bits = 64;
                break;
            default:
                return null;
        }
        return BigDecimal.valueOf(2).pow(unsigned ? bits : bits - 1).subtract(BigDecimal.ONE);
    }

    static void fragmentation(CheckRun.Check c) {
        for (CatalogRow r : c.rows(
                "SELECT CONCAT('`', REPLACE(TABLE_SCHEMA, '`', '``'), '`.`',"
                        + " REPLACE(TABLE_NAME, '`', '``'), '`') AS qname, DATA_LENGTH + INDEX_LENGTH AS used, DATA_FREE AS free"
                        + " FROM information_schema.TABLES WHERE TABLE_TYPE = 'BASE TABLE' AND " + scope("TABLE_SCHEMA")
                        + " AND DATA_FREE >= 100 * 1024 * 1024 AND DATA_FREE > 0.2 * (DATA_LENGTH + INDEX_LENGTH)"
                        + " ORDER BY DATA_FREE DESC LIMIT ?",
                MAX)) {
            String table = r.text("qname");
            long free = r.number("free", 0);
            c.add(
                    Severity.INFO,
                    table,
                    Words.bytes(free) + " free inside the table beside " + Words.bytes(r.number("used", 0))
                            + " used (deleted rows' space)",
                    Facts.of("free_bytes", free, "used_bytes", r.number("used")),
                    "OPTIMIZE TABLE " + table,
                    "rebuilds the table (online for InnoDB, with a short lock at its end)");
        }
    }

    static void unusedIndexes(CheckRun.Check c, boolean performanceSchema) {
        if (!performanceSchema) {
            throw c.skip("index use is counted by performance_schema, which is off on this server: start it with"
                    + " performance_schema=ON");
        }
        String since = " in the " + Words.seconds(status(c, "Uptime")) + " since the server started";
        List<String> seen = new ArrayList<>();
        for (CatalogRow r : c.rows(
                "SELECT CONCAT('`', REPLACE(OBJECT_SCHEMA, '`', '``'), '`.`',"
                        + " REPLACE(OBJECT_NAME, '`', '``'), '`') AS qtable, INDEX_NAME AS name"
                        + " FROM performance_schema.table_io_waits_summary_by_index_usage WHERE INDEX_NAME IS NOT NULL"
                        + " AND INDEX_NAME <> 'PRIMARY' AND COUNT_STAR = 0 AND " + scope("OBJECT_SCHEMA")
                        + " ORDER BY 1, 2 LIMIT ?",
                MAX)) {
            String key = r.text("qtable") + " index " + r.text("name");
            if (seen.contains(key)) {
                continue;
            }
            seen.add(key);
            c.add(
                    Severity.INFO,
                    key,
                    "never used" + since,
                    Facts.of("table", r.text("qtable"), "index", r.text("name")),
                    "ALTER TABLE " + r.text("qtable") + " DROP INDEX `"
                            + r.text("name").replace("`", "``") + "`",
                    "replicas count their own use: check them first; a unique index also enforces uniqueness");
        }
    }

    /** One counter of {@code SHOW GLOBAL STATUS}; 0 when the server has none of that name. */
    static long status(CheckRun.Check c, String name) {
        CatalogRow r = c.row("SHOW GLOBAL STATUS LIKE ?", name);
        return r == null ? 0 : r.number("Value", 0);
    }
}
