package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.Finding.Severity;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.CheckRun;
import dev.gabysql.core.dialect.internal.Facts;
import dev.gabysql.core.dialect.internal.Words;

/**
 * The health checks of a PostgreSQL database's tables, indexes and sequences (docs/dba.md#postgresql): dead tuples
 * and vacuum, statistics, estimated bloat, unused, duplicate and invalid indexes, sequences near their end. Each is
 * one catalog query over the user schemas with its own LIMIT; names come quoted by the engine ({@code quote_ident}),
 * ready for the fix. Stateless.
 */
final class PgTableChecks {
    static final String USER_SCHEMA =
            "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'";
    private static final int MAX = PgServerChecks.MAX_PER_CHECK;
    /** A share of dead row versions above this (and at least 1,000 of them) is worth a vacuum. */
    private static final double DEAD_SHARE = 0.2;

    private PgTableChecks() {}

    static void deadTuples(CheckRun.Check c) {
        for (CatalogRow r : c.rows(
                "SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS qname,"
                        + " s.n_live_tup AS live, s.n_dead_tup AS dead,"
                        + " " + PgServerChecks.utc("greatest(s.last_vacuum, s.last_autovacuum)") + " AS vacuumed,"
                        + " coalesce((SELECT o.option_value FROM pg_options_to_table(t.reloptions) o"
                        + " WHERE o.option_name = 'autovacuum_enabled'), 'on') AS autovacuum,"
                        + " current_setting('autovacuum') AS server_autovacuum"
                        + " FROM pg_stat_user_tables s JOIN pg_class t ON t.oid = s.relid"
                        + " WHERE s.n_dead_tup >= 1000 AND s.n_dead_tup > ? * greatest(s.n_live_tup, 1)"
                        + " ORDER BY s.n_dead_tup DESC LIMIT ?",
                DEAD_SHARE,
                MAX)) {
            String table = r.text("qname");
            long dead = r.number("dead", 0);
            long live = r.number("live", 0);
            boolean off = isOff(r.text("autovacuum")) || isOff(r.text("server_autovacuum"));
            String vacuumed = r.text("vacuumed");
            c.add(
                    dead >= 100_000 || off ? Severity.WARNING : Severity.INFO,
                    table,
                    Words.count(dead) + " dead row versions beside " + Words.count(live) + " live ("
                            + Words.percent(dead / (double) Math.max(1, dead + live)) + " of the table); last vacuum: "
                            + (vacuumed == null ? "never" : vacuumed)
                            + (off ? "; autovacuum is off for it" : ""),
                    Facts.of("dead", dead, "live", live, "last_vacuum", vacuumed, "autovacuum", !off),
                    "VACUUM (ANALYZE) " + table,
                    off
                            ? "then let autovacuum keep up: ALTER TABLE " + table + " RESET (autovacuum_enabled)"
                            : "autovacuum should have done it: check autovacuum_vacuum_scale_factor for big tables");
        }
    }

    static void analyze(CheckRun.Check c) {
        for (CatalogRow r : c.rows(
                "SELECT quote_ident(schemaname) || '.' || quote_ident(relname) AS qname,"
                        + " n_live_tup AS live, n_mod_since_analyze AS changed,"
                        + " " + PgServerChecks.utc("greatest(last_analyze, last_autoanalyze)")
                        + " AS analyzed FROM pg_stat_user_tables"
                        + " WHERE n_live_tup + n_mod_since_analyze >= 1000 AND (greatest(last_analyze, last_autoanalyze)"
                        + " IS NULL OR n_mod_since_analyze > 0.5 * greatest(n_live_tup, 1))"
                        + " ORDER BY n_mod_since_analyze DESC LIMIT ?",
                MAX)) {
            String table = r.text("qname");
            String analyzed = r.text("analyzed");
            long changed = r.number("changed", 0);
            c.add(
                    Severity.INFO,
                    table,
                    analyzed == null
                            ? "never analyzed: the planner guesses its row counts"
                            : Words.count(changed) + " rows changed since its statistics were taken (" + analyzed
                                    + ") beside " + Words.count(r.number("live", 0)) + " live",
                    Facts.of("live", r.number("live"), "changed_since_analyze", changed, "last_analyze", analyzed),
                    "ANALYZE " + table,
                    null);
        }
    }

    /**
     * Estimated bloat: the table's pages against the pages its rows need (their average width from {@code pg_stats},
     * plus each row's header and line pointer, at the table's fill factor). An estimate, as the usual queries are;
     * tables without statistics (never analyzed, or columns the role may not read) are not estimated.
     */
    static void bloat(CheckRun.Check c) {
        for (CatalogRow r : c.rows(
                "WITH t AS (SELECT quote_ident(n.nspname) || '.' || quote_ident(t.relname)"
                        + " AS qname, t.relpages::bigint AS pages, t.reltuples,"
                        + " current_setting('block_size')::bigint AS block,"
                        + " coalesce((SELECT o.option_value::int FROM pg_options_to_table(t.reloptions) o"
                        + " WHERE o.option_name = 'fillfactor'), 100) AS fill,"
                        + " (SELECT sum(s.avg_width) FROM pg_stats s WHERE s.schemaname = n.nspname"
                        + " AND s.tablename = t.relname) AS width"
                        + " FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace"
                        + " WHERE t.relkind IN ('r', 'm') AND t.relpages >= 128 AND t.reltuples >= 0 AND " + USER_SCHEMA
                        + "),"
                        + " e AS (SELECT qname, pages, block, width, ceil(reltuples * (width + 28)"
                        + " / ((block - 24) * fill / 100.0)) AS needed FROM t WHERE width IS NOT NULL)"
                        + " SELECT qname, pages * block AS bytes, (pages - needed)::bigint * block AS wasted"
                        + " FROM e WHERE pages - needed >= 128 AND needed < 0.5 * pages"
                        + " ORDER BY (pages - needed) DESC LIMIT ?",
                MAX)) {
            String table = r.text("qname");
            long bytes = r.number("bytes", 0);
            long wasted = r.number("wasted", 0);
            c.add(
                    wasted >= 64L << 20 ? Severity.WARNING : Severity.INFO,
                    table,
                    "an estimated " + Words.bytes(wasted) + " of its " + Words.bytes(bytes) + " ("
                            + Words.percent(wasted / (double) Math.max(1, bytes)) + ") is free space its rows do not"
                            + " need (an estimate from its statistics)",
                    Facts.of("bytes", bytes, "estimated_wasted_bytes", wasted),
                    "VACUUM FULL " + table,
                    "rewrites the table under an ACCESS EXCLUSIVE lock (reads and writes wait meanwhile);"
                            + " pg_repack does it online; a plain VACUUM only makes the space reusable");
        }
    }

    static void unusedIndexes(CheckRun.Check c) {
        CatalogRow since = c.row("SELECT " + PgServerChecks.utc("stats_reset") + " AS reset FROM pg_stat_database"
                + " WHERE datname = current_database()");
        String reset = since == null ? null : since.text("reset");
        for (CatalogRow r : c.rows(
                "SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.indexrelname) AS qname,"
                        + " quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS qtable,"
                        + " pg_relation_size(s.indexrelid) AS bytes FROM pg_stat_user_indexes s"
                        + " JOIN pg_index i ON i.indexrelid = s.indexrelid WHERE s.idx_scan = 0 AND NOT i.indisunique"
                        + " AND NOT i.indisprimary AND i.indisvalid"
                        + " AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = s.indexrelid)"
                        + " ORDER BY pg_relation_size(s.indexrelid) DESC, 1 LIMIT ?",
                MAX)) {
            String index = r.text("qname");
            long bytes = r.number("bytes", 0);
            c.add(
                    bytes >= 100L << 20 ? Severity.WARNING : Severity.INFO,
                    index,
                    "index on " + r.text("qtable") + " never used by a scan"
                            + (reset == null ? " since statistics began" : " since " + reset) + "; it costs "
                            + Words.bytes(bytes) + " and work on every write",
                    Facts.of("table", r.text("qtable"), "bytes", bytes, "scans", 0, "stats_since", reset),
                    "DROP INDEX " + index,
                    "replicas count their own scans: check them first; DROP INDEX CONCURRENTLY avoids blocking"
                            + " writes (and runs without a preview)");
        }
    }

    /**
     * Indexes that another makes redundant: the same columns, operator classes, expressions and predicate (a
     * duplicate), or whose key columns lead a wider B-tree index (covered). Of two duplicates the one that backs a
     * constraint, is the primary key, is unique, or is older stays.
     */
    static void duplicateIndexes(CheckRun.Check c) {
        for (CatalogRow r : c.rows(
                "WITH x AS (SELECT i.indexrelid AS id, i.indrelid AS rel, i.indkey::text AS keys,"
                        + " i.indclass::text AS classes, i.indnkeyatts AS nkeys, i.indnatts AS natts, c.relam AS am,"
                        + " coalesce(pg_get_expr(i.indexprs, i.indrelid), '') AS exprs,"
                        + " coalesce(pg_get_expr(i.indpred, i.indrelid), '') AS pred, i.indisunique AS uniq,"
                        + " (EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid))::int * 4"
                        + " + i.indisprimary::int * 2 + i.indisunique::int AS rank"
                        + " FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                        + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE i.indisvalid AND " + USER_SCHEMA + ")"
                        + " SELECT DISTINCT ON (a.id) " + qualified("a.id") + " AS qname, " + qualified("b.id")
                        + " AS kept, "
                        + qualified("a.rel") + " AS qtable, pg_relation_size(a.id) AS bytes,"
                        + " (a.keys = b.keys AND a.classes = b.classes) AS exact"
                        + " FROM x a JOIN x b ON b.rel = a.rel AND b.id <> a.id AND b.am = a.am"
                        + " AND a.exprs = b.exprs AND a.pred = b.pred AND a.rank < 4"
                        + " WHERE (a.keys = b.keys AND a.classes = b.classes"
                        + "        AND (a.rank < b.rank OR a.rank = b.rank AND a.id > b.id))"
                        + " OR (NOT a.uniq AND a.natts = a.nkeys AND a.exprs = '' AND b.nkeys > a.nkeys"
                        + "     AND b.am = (SELECT oid FROM pg_am WHERE amname = 'btree')"
                        + "     AND (b.keys || ' ') LIKE a.keys || ' %' AND (b.classes || ' ') LIKE a.classes || ' %')"
                        + " ORDER BY a.id, (a.keys = b.keys) DESC LIMIT ?",
                MAX)) {
            String index = r.text("qname");
            boolean exact = r.flag("exact");
            long bytes = r.number("bytes", 0);
            c.add(
                    Severity.WARNING,
                    index,
                    (exact ? "duplicates " : "is covered by ") + r.text("kept") + " on " + r.text("qtable")
                            + (exact ? " (the same columns)" : " (its columns lead that index)") + "; it costs "
                            + Words.bytes(bytes) + " and work on every write",
                    Facts.of("table", r.text("qtable"), "kept", r.text("kept"), "exact", exact, "bytes", bytes),
                    "DROP INDEX " + index,
                    "DROP INDEX CONCURRENTLY avoids blocking writes (and runs without a preview)");
        }
    }

    static void invalidIndexes(CheckRun.Check c) {
        for (CatalogRow r : c.rows(
                "SELECT " + qualified("i.indexrelid") + " AS qname, " + qualified("i.indrelid") + " AS qtable"
                        + " FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                        + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT i.indisvalid AND " + USER_SCHEMA
                        + " ORDER BY 1 LIMIT ?",
                MAX)) {
            String index = r.text("qname");
            c.add(
                    Severity.WARNING,
                    index,
                    "invalid index on " + r.text("qtable") + " (a failed or interrupted build): writes maintain it,"
                            + " no query uses it",
                    Facts.of("table", r.text("qtable")),
                    "REINDEX INDEX " + index,
                    "or DROP INDEX and build it again; REINDEX CONCURRENTLY avoids blocking writes");
        }
    }

    /**
     * Sequences that have used 75% of their range, or of their column's type when a smaller integer column takes
     * their values (an {@code integer} serial runs out at 2,147,483,647 whatever its sequence says).
     */
    static void sequences(CheckRun.Check c) {
        CatalogRow hidden = c.row("SELECT count(*) AS n FROM pg_sequences s"
                + " WHERE s.schemaname NOT IN ('pg_catalog', 'information_schema')"
                + " AND NOT has_sequence_privilege(quote_ident(s.schemaname) || '.' || quote_ident(s.sequencename),"
                + " 'SELECT, USAGE')");
        if (hidden != null && hidden.number("n", 0) > 0) {
            c.note(Words.plural(hidden.number("n", 0), "sequence", "sequences")
                    + " not readable by this role (no SELECT or USAGE), not checked");
        }
        for (CatalogRow r : c.rows(
                "WITH q AS (SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.sequencename)"
                        + " AS qname, s.data_type::text AS type, s.last_value, s.min_value, s.max_value,"
                        + " " + qualified("a.attrelid") + " AS qtable, quote_ident(a.attname) AS col,"
                        + " format_type(a.atttypid, NULL) AS col_type,"
                        + " CASE a.atttypid WHEN 'int2'::regtype THEN 32767 WHEN 'int4'::regtype THEN 2147483647 END"
                        + " AS col_max FROM pg_sequences s JOIN pg_namespace n ON n.nspname = s.schemaname"
                        + " JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.sequencename"
                        + " LEFT JOIN pg_depend d ON d.objid = c.oid AND d.classid = 'pg_class'::regclass"
                        + " AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')"
                        + " LEFT JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid"
                        + " WHERE s.last_value IS NOT NULL AND s.increment_by > 0 AND NOT s.cycle"
                        + " AND s.schemaname NOT IN ('pg_catalog', 'information_schema')),"
                        + " u AS (SELECT q.*, (last_value::numeric - min_value) / nullif(least(max_value,"
                        + " coalesce(col_max, max_value))::numeric - min_value, 0) AS used FROM q)"
                        + " SELECT * FROM u WHERE used >= 0.75 ORDER BY used DESC LIMIT ?",
                MAX)) {
            sequence(c, r);
        }
    }

    private static void sequence(CheckRun.Check c, CatalogRow r) {
        String seq = r.text("qname");
        long last = r.number("last_value", 0);
        long max = r.number("max_value", 0);
        Long colMax = r.number("col_max");
        boolean columnBinds = colMax != null && colMax <= max;
        long limit = columnBinds ? colMax : max;
        double used = r.decimal("used") == null ? 1 : r.decimal("used");
        String fix;
        String note;
        if (columnBinds) {
            fix = "ALTER TABLE " + r.text("qtable") + " ALTER COLUMN " + r.text("col") + " TYPE bigint";
            note = "rewrites the table under an ACCESS EXCLUSIVE lock; "
                    + (colMax < max
                            ? "the sequence itself has room up to " + Words.count(max)
                            : "then ALTER SEQUENCE " + seq + " AS bigint");
        } else if (typeMax(r.text("type")) > max) {
            fix = "ALTER SEQUENCE " + seq + " NO MAXVALUE";
            note = "lets it go on to the end of its type (" + r.text("type") + ")";
        } else {
            fix = "ALTER SEQUENCE " + seq + " AS bigint";
            note = "and widen the columns that take its values to bigint first";
        }
        long left = limit - last;
        c.add(
                used >= 0.9 ? Severity.CRITICAL : Severity.WARNING,
                seq,
                "at " + Words.count(last) + " of " + Words.count(limit) + " (" + Words.percent(used) + " used, "
                        + Words.count(left) + " values left"
                        + (columnBinds
                                ? ", the limit of " + r.text("qtable") + "." + r.text("col") + " (" + r.text("col_type")
                                        + ")"
                                : "")
                        + "); inserts fail once it is reached",
                Facts.of(
                        "last_value",
                        last,
                        "limit",
                        limit,
                        "used",
                        Words.round(used),
                        "left",
                        left,
                        "sequence_max",
                        max,
                        "column",
                        columnBinds ? r.text("qtable") + "." + r.text("col") : null),
                fix,
                note);
    }

    private static long typeMax(String type) {
        switch (type == null ? "" : type) {
            case "smallint":
                return Short.MAX_VALUE;
            case "integer":
                return Integer.MAX_VALUE;
            default:
                return Long.MAX_VALUE;
        }
    }

    /** The schema-qualified, engine-quoted name of the relation {@code oid}: the text a fix can name it by. */
    private static String qualified(String oid) {
        return "(SELECT quote_ident(qn.nspname) || '.' || quote_ident(qc.relname) FROM pg_class qc"
                + " JOIN pg_namespace qn ON qn.oid = qc.relnamespace WHERE qc.oid = " + oid + ")";
    }

    private static boolean isOff(String value) {
        return value != null && (value.equalsIgnoreCase("off") || value.equalsIgnoreCase("false"));
    }
}
