package dev.gabysql.core.dialect.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PostgreSQL's catalog codes and spellings, decoded in one place. Stateless. */
final class PgNames {
    /** format_type's long spellings and the short ones people declare (and models read more cheaply). */
    private static final Pattern[] LONG_TYPES = {
        Pattern.compile("^character varying"),
        Pattern.compile("^character(?=\\(|$|\\[)"),
        Pattern.compile("^timestamp(\\(\\d+\\))? without time zone"),
        Pattern.compile("^timestamp(\\(\\d+\\))? with time zone"),
        Pattern.compile("^time(\\(\\d+\\))? without time zone"),
        Pattern.compile("^time(\\(\\d+\\))? with time zone"),
        Pattern.compile("^bit varying"),
    };
    private static final String[] SHORT_TYPES = {"varchar", "char", "timestamp$1", "timestamptz$1", "time$1",
        "timetz$1", "varbit"};
    /** A quoted literal with a cast, as pg_get_expr prints defaults: 'pending'::order_status. */
    private static final Pattern CAST_LITERAL = Pattern.compile("^('(?:[^']|'')*')::[\\w .\"\\[\\]()]+$");

    // pg_trigger.tgtype bits (src/include/catalog/pg_trigger.h)
    private static final int ROW = 1;
    private static final int BEFORE = 1 << 1;
    private static final int INSERT = 1 << 2;
    private static final int DELETE = 1 << 3;
    private static final int UPDATE = 1 << 4;
    private static final int TRUNCATE = 1 << 5;
    private static final int INSTEAD = 1 << 6;

    private PgNames() {
    }

    static String shortType(String formatted) {
        if (formatted == null) {
            return null;
        }
        char first = formatted.isEmpty() ? ' ' : formatted.charAt(0);
        if (first != 'c' && first != 't' && first != 'b') {
            return formatted; // most types: nothing to shorten
        }
        String t = formatted;
        for (int i = 0; i < LONG_TYPES.length; i++) {
            t = LONG_TYPES[i].matcher(t).replaceFirst(SHORT_TYPES[i]);
        }
        return t;
    }

    /** A default without the cast PostgreSQL adds to literals ('pending'::order_status → 'pending'). */
    static String cleanDefault(String expr) {
        if (expr == null) {
            return null;
        }
        Matcher m = CAST_LITERAL.matcher(expr);
        return m.matches() ? m.group(1) : expr;
    }

    static String relationKind(String relkind) {
        switch (relkind) {
            case "v": return "view";
            case "m": return "materialized view";
            case "p": return "partitioned table";
            case "f": return "foreign table";
            default: return "table";
        }
    }

    /** pg_attribute.attidentity: 'a' always, 'd' by default, '' none. */
    static String identity(String code) {
        if ("a".equals(code)) {
            return "always";
        }
        return "d".equals(code) ? "by default" : null;
    }

    /** pg_constraint.confupdtype / confdeltype. */
    static String action(String code) {
        switch (code == null ? "a" : code) {
            case "r": return "restrict";
            case "c": return "cascade";
            case "n": return "set null";
            case "d": return "set default";
            default: return "no action";
        }
    }

    static String prokind(String code) {
        switch (code) {
            case "p": return "procedure";
            case "a": return "aggregate";
            case "w": return "window";
            default: return "function";
        }
    }

    static String timing(int tgtype) {
        if ((tgtype & INSTEAD) != 0) {
            return "INSTEAD OF";
        }
        return (tgtype & BEFORE) != 0 ? "BEFORE" : "AFTER";
    }

    static String level(int tgtype) {
        return (tgtype & ROW) != 0 ? "ROW" : "STATEMENT";
    }

    static List<String> events(int tgtype, List<String> updateColumns) {
        List<String> events = new ArrayList<>();
        if ((tgtype & INSERT) != 0) {
            events.add("INSERT");
        }
        if ((tgtype & UPDATE) != 0) {
            events.add(updateColumns.isEmpty() ? "UPDATE" : "UPDATE OF " + String.join(", ", updateColumns));
        }
        if ((tgtype & DELETE) != 0) {
            events.add("DELETE");
        }
        if ((tgtype & TRUNCATE) != 0) {
            events.add("TRUNCATE");
        }
        return events;
    }

    /** The WHEN condition inside pg_get_triggerdef's text, or null. */
    static String triggerCondition(String definition) {
        int when = definition.indexOf(" WHEN (");
        int exec = definition.lastIndexOf(") EXECUTE ");
        return when < 0 || exec < when ? null : definition.substring(when + 7, exec);
    }

    /** "CHECK ((price >= 0))" → "(price >= 0)". */
    static String checkExpression(String definition) {
        String d = definition.startsWith("CHECK ") ? definition.substring(6) : definition;
        if (d.startsWith("((") && d.endsWith("))")) {
            return d.substring(1, d.length() - 1);
        }
        return d;
    }
}
