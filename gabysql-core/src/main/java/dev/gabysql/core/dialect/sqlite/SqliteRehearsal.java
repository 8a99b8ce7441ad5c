package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.api.TableChange;
import dev.gabysql.core.api.TableChange.Cause;
import dev.gabysql.core.dialect.Rehearsal;
import dev.gabysql.core.dialect.internal.NetRowCounts;
import dev.gabysql.core.dialect.internal.Reach;
import dev.gabysql.core.guard.CodeBody;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.SqlFlavor;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A preview on SQLite (docs/design.md#writes-preview-and-confirm). Everything a write does in SQLite is inside the
 * database file's transaction — {@code sqlite_sequence} included — so the rollback undoes it all and nothing needs
 * restoring. The blast radius walks the foreign keys gabysql enforces (ON DELETE/UPDATE CASCADE, SET NULL, SET
 * DEFAULT) and the tables triggers write, and counts each one's rows before and after: net inserts and deletes; rows
 * that cascades and triggers updated are not counted, and the blast radius says so.
 */
final class SqliteRehearsal implements Rehearsal {
    private static final int MAX_ROUNDS = 8;

    private static final String TABLE =
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE";
    private static final String ALL_TABLES =
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";
    private static final String PARENTS = "SELECT \"table\" FROM pragma_foreign_key_list(?)"
            + " WHERE on_delete IN ('CASCADE', 'SET NULL', 'SET DEFAULT')"
            + " OR on_update IN ('CASCADE', 'SET NULL', 'SET DEFAULT')";
    private static final String TRIGGERS =
            "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE";

    private final InspectedStatement stmt;
    private final Reach reach;
    private final NetRowCounts rows;

    private SqliteRehearsal(InspectedStatement stmt, Reach reach) {
        this.stmt = stmt;
        this.reach = reach;
        Map<String, String> counters = new LinkedHashMap<>();
        for (String t : reach.tables().keySet()) {
            counters.put(t, "SELECT count(*) FROM \"" + t.replace("\"", "\"\"") + "\"");
        }
        this.rows = new NetRowCounts(counters);
    }

    static SqliteRehearsal start(Connection c, InspectedStatement stmt) throws SQLException {
        Reach reach = new Reach();
        List<String> frontier = new ArrayList<>();
        for (String t : stmt.writtenTables()) {
            add(c, reach, frontier, t.startsWith("main.") ? t.substring(5) : t, Cause.STATEMENT);
        }
        Map<String, List<String>> children = frontier.isEmpty() ? Map.of() : childrenByParent(c);
        for (int round = 0; round < MAX_ROUNDS && !frontier.isEmpty(); round++) {
            List<String> next = new ArrayList<>();
            for (String t : frontier) {
                for (String child : children.getOrDefault(t.toLowerCase(java.util.Locale.ROOT), List.of())) {
                    add(c, reach, next, child, Cause.CASCADE);
                }
                for (String written : triggerWrites(c, t)) {
                    add(c, reach, next, written, Cause.TRIGGER);
                }
            }
            frontier = next;
        }
        SqliteRehearsal r = new SqliteRehearsal(stmt, reach);
        r.rows.before(c);
        return r;
    }

    private static void add(Connection c, Reach reach, List<String> next, String written, Cause cause)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(TABLE)) {
            ps.setString(1, written);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next() && reach.add(rs.getString(1), cause)) {
                    next.add(rs.getString(1));
                }
            }
        }
    }

    /** Each table (lower case) → the tables whose foreign keys to it cascade or set values. */
    private static Map<String, List<String>> childrenByParent(Connection c) throws SQLException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<String> tables = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ALL_TABLES);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        try (PreparedStatement ps = c.prepareStatement(PARENTS)) {
            for (String child : tables) {
                ps.setString(1, child);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.computeIfAbsent(rs.getString(1).toLowerCase(java.util.Locale.ROOT), k -> new ArrayList<>())
                                .add(child);
                    }
                }
            }
        }
        return out;
    }

    private static List<String> triggerWrites(Connection c, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(TRIGGERS)) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.addAll(CodeBody.read(rs.getString(1), SqlFlavor.SQLITE).writtenTables());
                }
            }
        }
        return out;
    }

    @Override
    public List<String> noPreview() {
        return List.of();
    }

    @Override
    public void afterStatement(Connection c) throws SQLException {
        rows.after(c);
    }

    @Override
    public BlastRadius blastRadius(long statementRows) {
        List<TableChange> own = Rehearsal.ownRows(stmt, statementRows);
        return new BlastRadius(
                rows.changes(reach, own.isEmpty() ? null : own.get(0)),
                reach.tables().size() > 1
                        ? "SQLite keeps no per-table counts of a transaction: rows that cascades or triggers updated"
                                + " are not counted, only rows they inserted or deleted (net)"
                        : null);
    }

    @Override
    public List<String> restoreAfterRollback(Connection c) {
        return List.of();
    }
}
