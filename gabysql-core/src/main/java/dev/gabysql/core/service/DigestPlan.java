package dev.gabysql.core.service;

import dev.gabysql.core.guard.InspectedStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which columns of a write's affected rows its confirm token binds (docs/design.md#writes-preview-and-confirm).
 * A DELETE: every column of the deleted rows. An UPDATE: the target's primary key (its other columns may take
 * values such as {@code now()} that differ on every run), or every column when it has no key. An INSERT … SELECT:
 * the columns that have no default (a default such as a serial or {@code now()} differs on every run). An INSERT …
 * VALUES and a MERGE need no digest: the text and parameters decide the first's rows, and the exact per-table counts
 * bind the second. Stateless.
 *
 * @param needed  whether the rows are digested at all
 * @param columns the columns to digest, lower case; empty for every column
 */
record DigestPlan(boolean needed, Set<String> columns) {
    private static final Pattern SELECT = Pattern.compile("(?i)\\bSELECT\\b");
    private static final DigestPlan NONE = new DigestPlan(false, Set.of());
    private static final DigestPlan ALL = new DigestPlan(true, Set.of());

    static DigestPlan of(Connection c, InspectedStatement stmt) throws SQLException {
        String cmd = stmt.command();
        String table =
                stmt.writtenTables().isEmpty() ? null : stmt.writtenTables().get(0);
        if (table == null) {
            return NONE;
        }
        if (cmd.equals("DELETE")) {
            return ALL;
        }
        if (cmd.equals("UPDATE")) {
            return new DigestPlan(true, keyColumns(c.getMetaData(), table));
        }
        if ((cmd.equals("INSERT") || cmd.equals("REPLACE"))
                && SELECT.matcher(stmt.sql()).find()) {
            return new DigestPlan(true, columnsWithoutDefault(c.getMetaData(), table));
        }
        return NONE;
    }

    private static Set<String> keyColumns(DatabaseMetaData md, String table) throws SQLException {
        Set<String> out = new HashSet<>();
        for (String[] name : candidates(table)) {
            try (ResultSet rs = md.getPrimaryKeys(null, name[0], name[1])) {
                while (rs.next()) {
                    out.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                }
            }
            if (!out.isEmpty()) {
                break;
            }
        }
        return out;
    }

    private static Set<String> columnsWithoutDefault(DatabaseMetaData md, String table) throws SQLException {
        Set<String> out = new HashSet<>();
        for (String[] name : candidates(table)) {
            try (ResultSet rs = md.getColumns(null, name[0], name[1], null)) {
                while (rs.next()) {
                    boolean generated = "YES".equals(rs.getString("IS_AUTOINCREMENT"))
                            || "YES".equals(rs.getString("IS_GENERATEDCOLUMN"));
                    if (rs.getString("COLUMN_DEF") == null && !generated) {
                        out.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                    }
                }
            }
            if (!out.isEmpty()) {
                break;
            }
        }
        return out;
    }

    /** Schema and table as written, then folded to lower case (unquoted names in PostgreSQL). */
    private static String[][] candidates(String table) {
        int dot = table.lastIndexOf('.');
        String schema = dot < 0 ? null : table.substring(0, dot);
        String name = dot < 0 ? table : table.substring(dot + 1);
        return new String[][] {
            {schema, name},
            {schema == null ? null : schema.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT)}
        };
    }
}
