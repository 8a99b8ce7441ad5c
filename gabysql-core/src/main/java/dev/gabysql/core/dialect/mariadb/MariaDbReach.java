package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.TableChange.Cause;
import dev.gabysql.core.dialect.internal.Reach;
import dev.gabysql.core.guard.CodeBody;
import dev.gabysql.core.guard.SqlFlavor;
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
 * Walks MariaDB's catalog from the tables a write names to everything it reaches (docs/design.md#writes-preview-and-
 * confirm): the children of ON DELETE/UPDATE CASCADE and SET NULL keys and the tables triggers write, each looked up
 * for its storage engine — a write to a table outside InnoDB (MyISAM, Aria, MEMORY, CSV, ARCHIVE, …) is permanent
 * at once, so no rollback undoes it. Trigger bodies, column defaults and generated columns are read with the guard's
 * function table (a default may take {@code NEXTVAL} of a sequence, which no rollback undoes). On a Galera node the
 * refusal of a non-InnoDB table says too that its writes stay on this node: Galera replicates InnoDB only
 * (docs/deploy.md#galera-cluster). Stateless.
 */
final class MariaDbReach {
    private static final int MAX_ROUNDS = 8;

    private static final String TABLE = "SELECT TABLE_SCHEMA, TABLE_NAME, ENGINE, TABLE_TYPE, AUTO_INCREMENT,"
            + " TABLE_ROWS, TABLE_SCHEMA = DATABASE() FROM information_schema.TABLES"
            + " WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?";
    private static final String CHILDREN = "SELECT CONSTRAINT_SCHEMA, TABLE_NAME"
            + " FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE UNIQUE_CONSTRAINT_SCHEMA = ?"
            + " AND REFERENCED_TABLE_NAME = ? AND (DELETE_RULE IN ('CASCADE', 'SET NULL', 'SET DEFAULT')"
            + " OR UPDATE_RULE IN ('CASCADE', 'SET NULL', 'SET DEFAULT'))";
    private static final String DEFAULTS = "SELECT COLUMN_NAME, CONCAT_WS(' ', COLUMN_DEFAULT, GENERATION_EXPRESSION)"
            + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
            + " AND (COLUMN_DEFAULT IS NOT NULL OR GENERATION_EXPRESSION IS NOT NULL)";
    private static final String TRIGGERS = "SELECT TRIGGER_NAME, ACTION_STATEMENT FROM information_schema.TRIGGERS"
            + " WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ?";

    /** One table reached: where it is, what it is, and its counter. */
    record Table(String schema, String name, String shownAs, Long autoIncrement, long estimatedRows) {
        String quoted() {
            return MariaDbModelMapper.quote(schema) + "." + MariaDbModelMapper.quote(name);
        }
    }

    /** The walk's findings, and each table reached. */
    record Reached(Reach reach, List<Table> tables) {}

    private MariaDbReach() {}

    /**
     * The tables {@code targets} reach; a DELETE's own targets take no defaults, so theirs are not read.
     * {@code galera}: the server is a Galera node.
     */
    static Reached walk(Connection c, List<String> targets, boolean deletesOnly, boolean galera) throws SQLException {
        Reach reach = new Reach();
        Map<String, Table> seen = new LinkedHashMap<>();
        List<Table> frontier = new ArrayList<>();
        for (String t : targets) {
            add(c, reach, seen, frontier, t, Cause.STATEMENT, galera);
        }
        for (int round = 0; !frontier.isEmpty(); round++) {
            if (round == MAX_ROUNDS) {
                reach.block("the write", "it reaches tables more than " + MAX_ROUNDS + " cascades or triggers deep");
                break;
            }
            List<Table> next = new ArrayList<>();
            for (Table t : frontier) {
                for (String child : children(c, t)) {
                    add(c, reach, seen, next, child, Cause.CASCADE, galera);
                }
                for (String written : triggers(c, t, reach)) {
                    add(c, reach, seen, next, written, Cause.TRIGGER, galera);
                }
                Cause cause = reach.causeOf(t.shownAs());
                if (cause == Cause.TRIGGER || (cause == Cause.STATEMENT && !deletesOnly)) {
                    defaults(c, t, reach);
                }
            }
            frontier = next;
        }
        return new Reached(reach, new ArrayList<>(seen.values()));
    }

    private static void add(
            Connection c,
            Reach reach,
            Map<String, Table> seen,
            List<Table> next,
            String written,
            Cause cause,
            boolean galera)
            throws SQLException {
        String[] parts = written.split("\\.", 2);
        String schema = parts.length == 2 ? parts[0] : null;
        String name = parts.length == 2 ? parts[1] : parts[0];
        try (PreparedStatement ps = c.prepareStatement(TABLE)) {
            ps.setString(1, schema);
            ps.setString(2, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return; // no such table: the statement itself will say so
                }
                String shown = rs.getBoolean(7) ? rs.getString(2) : rs.getString(1) + "." + rs.getString(2);
                if (seen.containsKey(shown)) {
                    return;
                }
                long ai = rs.getLong(5);
                Long autoIncrement = rs.wasNull() ? null : ai; // before any other read: wasNull() is the last one's
                Table t = new Table(rs.getString(1), rs.getString(2), shown, autoIncrement, rs.getLong(6));
                seen.put(shown, t);
                reach.add(shown, cause);
                next.add(t);
                blockByKind(reach, t, rs.getString(3), rs.getString(4), galera);
            }
        }
    }

    private static void blockByKind(Reach reach, Table t, String engine, String type, boolean galera) {
        String where = "table " + t.shownAs();
        if ("VIEW".equals(type)) {
            reach.block(
                    "view " + t.shownAs(),
                    "writing through a view reaches tables gabysql does not trace; write"
                            + " to the tables themselves");
        } else if ("SEQUENCE".equals(type)) {
            reach.block("sequence " + t.shownAs(), "a MariaDB sequence is not transactional");
        } else if (engine == null || !engine.toLowerCase(Locale.ROOT).equals("innodb")) {
            reach.block(
                    where,
                    "it uses the " + engine + " engine, whose writes are permanent at once: no rollback"
                            + " undoes them. Convert it (ALTER TABLE " + t.quoted()
                            + " ENGINE=InnoDB) to preview writes to"
                            + " it, or confirm without a preview in admin mode"
                            + (galera ? notReplicated(engine) : ""));
        }
    }

    /** Galera replicates InnoDB's row events only (wsrep_mode REPLICATE_MYISAM / REPLICATE_ARIA aside). */
    private static String notReplicated(String engine) {
        return ". This server is a Galera cluster node, and Galera replicates InnoDB tables only: a write to this "
                + engine + " table stays on this node, the other nodes do not see it";
    }

    private static List<String> children(Connection c, Table t) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(CHILDREN)) {
            ps.setString(1, t.schema());
            ps.setString(2, t.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1) + "." + rs.getString(2));
                }
            }
        }
        return out;
    }

    private static void defaults(Connection c, Table t, Reach reach) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(DEFAULTS)) {
            ps.setString(1, t.schema());
            ps.setString(2, t.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    CodeBody body = CodeBody.read(rs.getString(2), SqlFlavor.MARIADB);
                    reach.block("the default of " + t.shownAs() + "." + rs.getString(1), body.noPreview());
                }
            }
        }
    }

    /** Reads the triggers on {@code t}; returns the tables they write. */
    private static List<String> triggers(Connection c, Table t, Reach reach) throws SQLException {
        List<String> written = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(TRIGGERS)) {
            ps.setString(1, t.schema());
            ps.setString(2, t.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    CodeBody body = CodeBody.read(rs.getString(2), SqlFlavor.MARIADB);
                    reach.block("trigger " + rs.getString(1) + " on " + t.shownAs(), body.noPreview());
                    for (String w : body.writtenTables()) {
                        written.add(w.contains(".") ? w : t.schema() + "." + w);
                    }
                }
            }
        }
        return written;
    }
}
