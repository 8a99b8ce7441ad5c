package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.api.TableChange.Cause;
import dev.gabysql.core.dialect.internal.Reach;
import dev.gabysql.core.guard.CodeBody;
import dev.gabysql.core.guard.SqlFlavor;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Walks PostgreSQL's catalog from the tables a write names to everything it reaches (docs/design.md#writes-preview-
 * and-confirm): partitions, the children of ON DELETE/UPDATE CASCADE, SET NULL and SET DEFAULT keys, and the tables
 * trigger functions and rules write. On the way it reads the code the write fires — trigger functions, trigger
 * conditions, column defaults and generated columns, check constraints, index expressions, rules and row-security
 * policies — with the guard's function table, and records what no rollback would undo. Stateless.
 */
final class PgReach {
    private static final int MAX_ROUNDS = 8;

    private static final String KINDS =
            "SELECT c.oid, c.oid::regclass::text, c.relkind FROM pg_class c WHERE c.oid = ?";
    private static final String CHILDREN = "SELECT DISTINCT conrelid, confdeltype = 'd' OR confupdtype = 'd'"
            + " FROM pg_constraint WHERE contype = 'f' AND confrelid = ANY(?)"
            + " AND (confdeltype IN ('c','n','d') OR confupdtype IN ('c','n','d'))";
    private static final String PARTITIONS = "SELECT inhrelid, inhparent FROM pg_inherits WHERE inhparent = ANY(?)";
    private static final String TRIGGERS =
            "SELECT 'trigger ' || quote_ident(t.tgname) || ' on ' || t.tgrelid::regclass,"
                    + " l.lanname, n.nspname, p.prosrc, pg_get_triggerdef(t.oid), p.oid::regprocedure::text"
                    + " FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_language l ON l.oid = p.prolang"
                    + " JOIN pg_namespace n ON n.oid = p.pronamespace"
                    + " WHERE t.tgrelid = ANY(?) AND NOT t.tgisinternal AND t.tgenabled <> 'D'";
    private static final String ROW_CODE =
            "SELECT 'the default of ' || d.adrelid::regclass || '.' || quote_ident(a.attname),"
                    + " pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid"
                    + " AND a.attnum = d.adnum WHERE d.adrelid = ANY(?) AND NOT a.attisdropped"
                    + " UNION ALL SELECT 'check ' || quote_ident(conname) || ' on ' || conrelid::regclass,"
                    + " pg_get_constraintdef(oid) FROM pg_constraint WHERE contype = 'c' AND conrelid = ANY(?)"
                    + " UNION ALL SELECT 'an index on ' || indrelid::regclass, concat_ws(' ', pg_get_expr(indexprs, indrelid),"
                    + " pg_get_expr(indpred, indrelid)) FROM pg_index WHERE indrelid = ANY(?)"
                    + " AND (indexprs IS NOT NULL OR indpred IS NOT NULL)";
    private static final String POLICIES = "SELECT 'policy ' || quote_ident(polname) || ' on ' || polrelid::regclass,"
            + " concat_ws(' ', pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid))"
            + " FROM pg_policy WHERE polrelid = ANY(?)";
    private static final String RULES = "SELECT 'rule ' || quote_ident(rulename) || ' on ' || ev_class::regclass,"
            + " pg_get_ruledef(oid) FROM pg_rewrite WHERE ev_class = ANY(?) AND rulename <> '_RETURN'";

    private PgReach() {}

    /** The tables {@code targets} reach, by oid, and why the write cannot be rehearsed. */
    static Reached walk(Connection c, List<String> targets, boolean deletesOnly) throws SQLException {
        Reach reach = new Reach();
        Map<Long, String> names = new LinkedHashMap<>();
        List<Long> frontier = new ArrayList<>();
        for (String t : targets) {
            for (Long oid : resolve(c, t)) {
                addTable(c, reach, names, frontier, oid, Cause.STATEMENT);
            }
        }
        Map<Long, Boolean> rowCodeRuns = new LinkedHashMap<>();
        frontier.forEach(oid -> rowCodeRuns.put(oid, !deletesOnly));
        for (int round = 0; !frontier.isEmpty(); round++) {
            if (round == MAX_ROUNDS) {
                reach.block("the write", "it reaches tables more than " + MAX_ROUNDS + " cascades or triggers deep");
                break;
            }
            List<Long> next = new ArrayList<>();
            for (Map.Entry<Long, Long> child : partitionsOf(c, frontier).entrySet()) {
                rowCodeRuns.putIfAbsent(child.getKey(), rowCodeRuns.getOrDefault(child.getValue(), true));
                addTable(c, reach, names, next, child.getKey(), reach.causeOf(names.get(child.getValue())));
            }
            for (Map.Entry<Long, Boolean> child : cascadeChildren(c, frontier).entrySet()) {
                rowCodeRuns.merge(child.getKey(), child.getValue(), Boolean::logicalOr);
                addTable(c, reach, names, next, child.getKey(), Cause.CASCADE);
            }
            List<String> written = new ArrayList<>();
            triggers(c, frontier, reach, written);
            code(c, RULES, frontier, reach, written, 1);
            code(c, POLICIES, frontier, reach, null, 1);
            List<Long> rowCode = frontier.stream()
                    .filter(o -> rowCodeRuns.getOrDefault(o, true))
                    .toList();
            code(c, ROW_CODE, rowCode, reach, null, 3);
            for (String w : written) {
                for (Long oid : resolve(c, w)) {
                    rowCodeRuns.putIfAbsent(oid, true);
                    addTable(c, reach, names, next, oid, Cause.TRIGGER);
                }
            }
            frontier = next;
        }
        return new Reached(reach, names);
    }

    /** The tables reached: the walk's findings, and each table's name by oid. */
    record Reached(Reach reach, Map<Long, String> names) {}

    private static void addTable(
            Connection c, Reach reach, Map<Long, String> names, List<Long> next, long oid, Cause cause)
            throws SQLException {
        if (names.containsKey(oid)) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(KINDS)) {
            ps.setLong(1, oid);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                String name = rs.getString(2);
                names.put(oid, name);
                reach.add(name, cause);
                next.add(oid);
                blockByKind(reach, name, rs.getString(3));
            }
        }
    }

    private static void blockByKind(Reach reach, String name, String relkind) {
        switch (relkind) {
            case "f":
                reach.block(
                        "table " + name,
                        "it is a foreign table: its writes reach another server, which no" + " rollback here undoes");
                break;
            case "v":
            case "m":
                reach.block(
                        "view " + name,
                        "writing through a view reaches tables gabysql does not trace; write"
                                + " to the tables themselves");
                break;
            default:
                break;
        }
    }

    /**
     * A name as the SQL wrote it: quoted parts keep their case, unquoted fold to lower; both are tried, in one
     * query.
     */
    private static List<Long> resolve(Connection c, String written) throws SQLException {
        List<Long> found = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT DISTINCT to_regclass(n)::oid FROM unnest(?::text[]) n WHERE to_regclass(n) IS NOT NULL")) {
            ps.setArray(1, c.createArrayOf("text", new Object[] {quote(written, false), quote(written, true)}));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.add(rs.getLong(1));
                }
            }
        }
        return found;
    }

    private static String quote(String written, boolean fold) {
        StringBuilder s = new StringBuilder();
        for (String part : written.split("\\.")) {
            String p = fold ? part.toLowerCase(Locale.ROOT) : part;
            s.append(s.length() == 0 ? "" : ".")
                    .append('"')
                    .append(p.replace("\"", "\"\""))
                    .append('"');
        }
        return s.toString();
    }

    /** Partitions (and inheritance children) by oid, each with its parent's oid. */
    private static Map<Long, Long> partitionsOf(Connection c, List<Long> oids) throws SQLException {
        Map<Long, Long> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(PARTITIONS)) {
            ps.setArray(1, oidArray(c, oids));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.putIfAbsent(rs.getLong(1), rs.getLong(2));
                }
            }
        }
        return out;
    }

    /** Children by oid, with whether their row code runs (SET DEFAULT evaluates defaults; CASCADE/SET NULL not). */
    private static Map<Long, Boolean> cascadeChildren(Connection c, List<Long> oids) throws SQLException {
        Map<Long, Boolean> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(CHILDREN)) {
            ps.setArray(1, oidArray(c, oids));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.merge(rs.getLong(1), rs.getBoolean(2), Boolean::logicalOr);
                }
            }
        }
        return out;
    }

    private static void triggers(Connection c, List<Long> oids, Reach reach, List<String> written) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(TRIGGERS)) {
            ps.setArray(1, oidArray(c, oids));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String where = rs.getString(1);
                    String language = rs.getString(2);
                    read(reach, where, rs.getString(5), null); // its WHEN condition
                    if (language.equals("plpgsql") || language.equals("sql")) {
                        read(reach, where, rs.getString(4), written);
                    } else if (!rs.getString(3).equals("pg_catalog")) {
                        reach.block(
                                where,
                                "its function " + rs.getString(6) + " is written in " + language
                                        + ", whose code the guard cannot read");
                    }
                }
            }
        }
    }

    /** Reads each row's code (column 2) for {@code where} (column 1); each query takes the oid array n times. */
    private static void code(Connection c, String sql, List<Long> oids, Reach reach, List<String> written, int n)
            throws SQLException {
        if (oids.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            Array array = oidArray(c, oids);
            for (int i = 1; i <= n; i++) {
                ps.setArray(i, array);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    read(reach, rs.getString(1), rs.getString(2), written);
                }
            }
        }
    }

    private static void read(Reach reach, String where, String code, List<String> written) {
        CodeBody body = CodeBody.read(code, SqlFlavor.POSTGRESQL);
        reach.block(where, body.noPreview());
        if (written != null) {
            written.addAll(body.writtenTables());
        }
    }

    private static Array oidArray(Connection c, List<Long> oids) throws SQLException {
        return c.createArrayOf("oid", oids.toArray());
    }
}
