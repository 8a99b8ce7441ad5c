package dev.gabysql.core.dialect.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PostgreSQL's catalog codes and spellings, decoded in one place. Stateless. */
final class PgNames {
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

    private PgNames() {}

    /**
     * The short spelling people declare for format_type's long one ({@code character varying(10)[]} →
     * {@code varchar(10)[]}), which models also read more cheaply. Plain string work: a catalog has a column per
     * row, thousands of them, and this runs before a session's first answer (the regular expressions it
     * replaced cost the first describe of 500 tables several milliseconds, interpreted).
     */
    static String shortType(String formatted) {
        if (formatted == null) {
            return null;
        }
        String t = formatted;
        if (t.startsWith("character varying")) {
            return "varchar" + t.substring(17);
        }
        if (t.startsWith("character") && (t.length() == 9 || t.charAt(9) == '(' || t.charAt(9) == '[')) {
            return "char" + t.substring(9);
        }
        if (t.startsWith("bit varying")) {
            return "varbit" + t.substring(11);
        }
        if (t.startsWith("timestamp")) {
            return zoned(t, 9, "timestamp", "timestamptz");
        }
        return t.startsWith("time") ? zoned(t, 4, "time", "timetz") : t;
    }

    /** {@code t} from {@code at}: an optional precision, then " without time zone" or " with time zone". */
    private static String zoned(String t, int at, String plain, String withZone) {
        int end = precisionEnd(t, at);
        String precision = t.substring(at, end);
        if (t.startsWith(" without time zone", end)) {
            return plain + precision + t.substring(end + 18);
        }
        if (t.startsWith(" with time zone", end)) {
            return withZone + precision + t.substring(end + 15);
        }
        return t;
    }

    /** Where a {@code (digits)} at {@code at} ends, or {@code at} when there is none. */
    private static int precisionEnd(String t, int at) {
        if (at >= t.length() || t.charAt(at) != '(') {
            return at;
        }
        int i = at + 1;
        while (i < t.length() && Character.isDigit(t.charAt(i)) && t.charAt(i) < 128) {
            i++;
        }
        return i > at + 1 && i < t.length() && t.charAt(i) == ')' ? i + 1 : at;
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
            case "v":
                return "view";
            case "m":
                return "materialized view";
            case "p":
                return "partitioned table";
            case "f":
                return "foreign table";
            default:
                return "table";
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
            case "r":
                return "restrict";
            case "c":
                return "cascade";
            case "n":
                return "set null";
            case "d":
                return "set default";
            default:
                return "no action";
        }
    }

    static String prokind(String code) {
        switch (code) {
            case "p":
                return "procedure";
            case "a":
                return "aggregate";
            case "w":
                return "window";
            default:
                return "function";
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
