package dev.gabysql.core.dialect.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables a read's FROM and JOIN clauses name, by the alias (and the name) a plan calls them: plans of MariaDB and
 * SQLite name a scanned table by its alias only (docs/dba.md#index-advice). A reading of the text for advice, not a
 * parser: string literals are blanked first; a name it cannot read is simply not resolved. Stateless.
 */
public final class TableAliases {
    private static final String NAME = "(`(?:[^`]|``)+`|\"(?:[^\"]|\"\")+\"|[A-Za-z_$][\\w$]*)";
    private static final Pattern FROM = Pattern.compile(
            "\\b(?:FROM|JOIN)\\s+" + NAME + "(?:\\s*\\.\\s*" + NAME + ")?(?:\\s+(?:AS\\s+)?" + NAME + ")?",
            Pattern.CASE_INSENSITIVE);
    private static final Set<String> NOT_ALIASES = Set.of(
            "WHERE",
            "JOIN",
            "INNER",
            "LEFT",
            "RIGHT",
            "FULL",
            "CROSS",
            "NATURAL",
            "STRAIGHT_JOIN",
            "ON",
            "USING",
            "GROUP",
            "ORDER",
            "LIMIT",
            "HAVING",
            "UNION",
            "EXCEPT",
            "INTERSECT",
            "WINDOW",
            "FOR",
            "LOCK",
            "USE",
            "FORCE",
            "IGNORE",
            "PARTITION",
            "INDEXED",
            "NOT",
            "OFFSET");

    private TableAliases() {}

    /** A table as the statement names it: its schema (or null) and its name, unquoted. */
    public record Table(String schema, String name) {}

    /** Alias or name, lower case → the table. */
    public static Map<String, Table> of(String sql) {
        Map<String, Table> out = new LinkedHashMap<>();
        Matcher m = FROM.matcher(sql.replaceAll("'(?:[^'\\\\]|\\\\.|'')*'", "''"));
        while (m.find()) {
            boolean qualified = m.group(2) != null;
            Table t = new Table(qualified ? unquote(m.group(1)) : null, unquote(qualified ? m.group(2) : m.group(1)));
            out.putIfAbsent(t.name().toLowerCase(Locale.ROOT), t);
            String alias = m.group(3);
            if (alias != null && !NOT_ALIASES.contains(alias.toUpperCase(Locale.ROOT))) {
                out.put(unquote(alias).toLowerCase(Locale.ROOT), t);
            }
        }
        return out;
    }

    /** A name without its backticks or double quotes. */
    public static String unquote(String name) {
        for (String q : List.of("`", "\"")) {
            if (name.length() > 1 && name.startsWith(q) && name.endsWith(q)) {
                return name.substring(1, name.length() - 1).replace(q + q, q);
            }
        }
        return name;
    }
}
