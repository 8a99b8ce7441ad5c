package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.dialect.sqlite.SqliteDdl.TriggerDdl;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import dev.gabysql.core.introspect.TableBuilder;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Triggers and statistics. Row estimates come from {@code sqlite_stat1} (written by ANALYZE; absent before).
 * Sizes come from the {@code dbstat} table, which walks every page, so only for files up to
 * {@value #DBSTAT_MAX_BYTES} bytes (its cost grows with the file's size).
 */
final class SqliteObjectReader {
    static final long DBSTAT_MAX_BYTES = 32L * 1024 * 1024;
    private static final String TRIGGERS = "SELECT m.tbl_name, m.name, m.sql FROM sqlite_schema m"
            + " WHERE m.type = 'trigger' AND m.tbl_name COLLATE NOCASE IN (SELECT name FROM sel)"
            + " ORDER BY m.tbl_name, m.name";
    private static final String PROBE = "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'),"
            + " (SELECT page_count FROM pragma_page_count()) * (SELECT page_size FROM pragma_page_size())";
    /** The first number of a stat is the row count of the table (CAST reads the leading integer). */
    private static final String ROWS = "SELECT s.tbl, max(CAST(s.stat AS INTEGER)) FROM sqlite_stat1 s"
            + " WHERE s.tbl COLLATE NOCASE IN (SELECT name FROM sel) GROUP BY s.tbl";
    /** Bytes per b-tree (table or index), one walk of the file; summed per table in Java. */
    private static final String ALL_SIZES = "SELECT d.name, d.pgsize FROM dbstat d WHERE d.aggregate = 1";
    /**
     * Bytes per b-tree of the named tables and their indexes. Constrained by name, dbstat walks only those
     * b-trees (far cheaper for one table of a large file), but finding each costs a pass over the schema,
     * so for many tables (it grows with the square of their count) the single walk above is the cheaper one.
     */
    private static final String NAMED_SIZES = ", btree AS (SELECT name FROM sel UNION ALL"
            + " SELECT il.name FROM sel JOIN pragma_index_list(sel.name) il)"
            + " SELECT d.name, d.pgsize FROM btree b JOIN dbstat d ON d.name = b.name AND d.aggregate = 1";

    private SqliteObjectReader() {}

    static void triggers(SqliteRead r) throws SQLException {
        r.query(TRIGGERS, rs -> {
            TableBuilder t = r.table(rs.getString(1));
            String sql = rs.getString(3);
            TriggerDdl d = SqliteDdl.trigger(sql);
            t.trigger(new Trigger(
                    rs.getString(2), d.timing(), d.events(), "ROW", d.condition(), null, d.body(), sql, true));
        });
    }

    static void statistics(SqliteRead r) throws SQLException {
        boolean[] stat1 = new boolean[1];
        long[] bytes = new long[1];
        r.query(PROBE, rs -> {
            stat1[0] = rs.getBoolean(1);
            bytes[0] = rs.getLong(2);
        });
        if (stat1[0]) {
            r.query(ROWS, rs -> r.table(rs.getString(1)).rowEstimate(rs.getLong(2)));
        }
        if (bytes[0] <= DBSTAT_MAX_BYTES) {
            Map<String, Long> btrees = new HashMap<>();
            try {
                r.query(
                        r.filter.tables().isEmpty() ? ALL_SIZES : NAMED_SIZES,
                        rs -> btrees.put(rs.getString(1), rs.getLong(2)));
            } catch (SQLException noDbstat) {
                return; // built without SQLITE_ENABLE_DBSTAT_VTAB: sizes stay unknown
            }
            r.model.tables().forEach(t -> size(t, btrees));
        }
    }

    /** A table's own b-tree plus its indexes' (a view has none). */
    private static void size(TableBuilder t, Map<String, Long> btrees) {
        Long own = btrees.get(t.name());
        if (own == null) {
            return;
        }
        long total = own;
        for (Index i : t.indexes()) {
            total += btrees.getOrDefault(i.name(), 0L);
        }
        t.sizeBytes(total);
    }
}
