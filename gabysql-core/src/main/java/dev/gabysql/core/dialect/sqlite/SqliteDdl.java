package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.dialect.sqlite.DdlLexer.Token;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What only the stored DDL tells about a SQLite object: CHECK constraints, column collations, generated-column
 * expressions and AUTOINCREMENT of a table; the key expressions and WHERE clause of an index; the timing, event,
 * condition and body of a trigger. SQLite keeps the text exactly as written, so this reads it back; anything it
 * does not recognise is left out rather than guessed. Stateless.
 */
final class SqliteDdl {
    private static final int[] NONE = {-1, -1};

    /** What a column definition says beyond the pragmas. */
    record ColumnDdl(String collation, String generated, boolean autoincrement) {}

    /** Columns by lower-case name, and the table's CHECK constraints. */
    record TableDdl(Map<String, ColumnDdl> columns, List<Constraint> checks) {
        static final TableDdl EMPTY = new TableDdl(Map.of(), List.of());

        ColumnDdl column(String name) {
            return columns.get(name.toLowerCase(Locale.ROOT));
        }
    }

    record IndexDdl(List<String> keys, String where) {}

    record TriggerDdl(String timing, List<String> events, String condition, String body) {}

    private SqliteDdl() {}

    static TableDdl table(String sql) {
        if (sql == null) {
            return TableDdl.EMPTY;
        }
        List<Token> t = DdlLexer.tokens(sql);
        int open = DdlLexer.find(t, 0, t.size() - 1, "(", 0);
        int as = DdlLexer.find(t, 0, t.size() - 1, "AS", 0);
        if (open < 0 || as >= 0 && as < open || t.size() < 2 || !isCreateTable(t)) {
            return TableDdl.EMPTY;
        }
        Map<String, ColumnDdl> columns = new HashMap<>();
        List<Constraint> checks = new ArrayList<>();
        for (int[] item : DdlLexer.items(t, open)) {
            if (isTableConstraint(t.get(item[0]))) {
                addCheck(sql, t, item, null, checks);
            } else {
                String name = t.get(item[0]).name();
                columns.put(name.toLowerCase(Locale.ROOT), column(sql, t, item));
                addCheck(sql, t, item, name, checks);
            }
        }
        return new TableDdl(columns, checks);
    }

    private static boolean isCreateTable(List<Token> t) {
        boolean temp = t.get(1).is("TEMP") || t.get(1).is("TEMPORARY");
        return t.get(1).is("TABLE") || temp && t.size() > 2 && t.get(2).is("TABLE");
    }

    private static boolean isTableConstraint(Token first) {
        switch (first.upper()) {
            case "CONSTRAINT":
            case "PRIMARY":
            case "UNIQUE":
            case "CHECK":
            case "FOREIGN":
                return true;
            default:
                return false;
        }
    }

    private static ColumnDdl column(String sql, List<Token> t, int[] item) {
        int depth = t.get(item[0]).depth();
        String collation = null;
        String generated = null;
        boolean autoincrement = false;
        for (int i = item[0] + 1; i <= item[1]; i++) {
            Token k = t.get(i);
            if (k.depth() != depth) {
                continue;
            }
            if (k.is("COLLATE") && i < item[1] && !t.get(i + 1).is("BINARY")) {
                collation = t.get(i + 1).name();
            } else if (k.is("AS") && i < item[1] && t.get(i + 1).text().equals("(")) {
                generated = DdlLexer.text(sql, t, i + 2, DdlLexer.closing(t, i + 1) - 1);
            } else if (k.is("AUTOINCREMENT")) {
                autoincrement = true;
            }
        }
        return new ColumnDdl(collation, generated, autoincrement);
    }

    /** Adds the CHECKs of a column definition or table constraint. */
    private static void addCheck(String sql, List<Token> t, int[] item, String column, List<Constraint> out) {
        int depth = t.get(item[0]).depth();
        String name = null;
        for (int i = item[0]; i < item[1]; i++) {
            Token k = t.get(i);
            if (k.depth() == depth && k.is("CONSTRAINT")) {
                name = t.get(i + 1).name();
            } else if (k.depth() == depth
                    && k.is("CHECK")
                    && t.get(i + 1).text().equals("(")) {
                int close = DdlLexer.closing(t, i + 1);
                out.add(new Constraint(
                        name,
                        "check",
                        column == null ? List.of() : List.of(column),
                        DdlLexer.text(sql, t, i + 2, close - 1)));
                name = null;
            }
        }
    }

    /** The query of a CREATE VIEW: what follows its first top-level AS. */
    static String viewQuery(String sql) {
        if (sql == null) {
            return null;
        }
        List<Token> t = DdlLexer.tokens(sql);
        int as = DdlLexer.find(t, 0, t.size() - 1, "AS", 0);
        return as < 0 || as == t.size() - 1
                ? sql
                : sql.substring(t.get(as + 1).start()).strip();
    }

    static IndexDdl index(String sql) {
        if (sql == null) {
            return null;
        }
        List<Token> t = DdlLexer.tokens(sql);
        int on = DdlLexer.find(t, 0, t.size() - 1, "ON", 0);
        int open = on < 0 ? -1 : DdlLexer.find(t, on, t.size() - 1, "(", 0);
        if (open < 0) {
            return null;
        }
        List<String> keys = new ArrayList<>();
        for (int[] item : DdlLexer.items(t, open)) {
            keys.add(DdlLexer.text(sql, t, item[0], item[1]));
        }
        int where = DdlLexer.find(t, DdlLexer.closing(t, open), t.size() - 1, "WHERE", 0);
        return new IndexDdl(keys, where < 0 ? null : DdlLexer.text(sql, t, where + 1, t.size() - 1));
    }

    static TriggerDdl trigger(String sql) {
        List<Token> t = DdlLexer.tokens(sql);
        int last = t.size() - 1;
        int on = DdlLexer.find(t, 0, last, "ON", 0);
        int begin = DdlLexer.find(t, 0, last, "BEGIN", 0);
        int[] name = triggerName(t);
        if (on < 0 || begin < 0 || name == NONE) {
            return new TriggerDdl(null, List.of(), null, null);
        }
        int p = name[1] + 1;
        String timing = "BEFORE"; // SQLite's default when none is written
        if (t.get(p).is("BEFORE") || t.get(p).is("AFTER")) {
            timing = t.get(p++).upper();
        } else if (t.get(p).is("INSTEAD")) {
            timing = "INSTEAD OF";
            p += 2;
        }
        String event = DdlLexer.text(sql, t, p, on - 1).replaceAll("\\s+", " ");
        int when = DdlLexer.find(t, on, begin, "WHEN", 0);
        String condition = when < 0 ? null : DdlLexer.text(sql, t, when + 1, begin - 1);
        int end = t.get(last).is("END") ? last - 1 : last;
        return new TriggerDdl(
                timing,
                List.of(
                        event.toUpperCase(Locale.ROOT).startsWith("UPDATE OF")
                                ? "UPDATE OF" + event.substring(9)
                                : event.toUpperCase(Locale.ROOT)),
                condition,
                DdlLexer.text(sql, t, begin + 1, end).strip());
    }

    /** Token range of the trigger's (possibly schema-qualified) name. */
    private static int[] triggerName(List<Token> t) {
        int i = DdlLexer.find(t, 0, Math.min(3, t.size() - 1), "TRIGGER", 0);
        if (i < 0) {
            return NONE;
        }
        i++;
        if (i + 2 < t.size()
                && t.get(i).is("IF")
                && t.get(i + 1).is("NOT")
                && t.get(i + 2).is("EXISTS")) {
            i += 3;
        }
        if (i + 2 < t.size() && t.get(i + 1).text().equals(".")) {
            return new int[] {i, i + 2};
        }
        return i < t.size() ? new int[] {i, i} : NONE;
    }
}
