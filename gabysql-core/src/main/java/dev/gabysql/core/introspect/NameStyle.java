package dev.gabysql.core.introspect;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * How names appear in compact text: bare when they are plain lower-case identifiers, double-quoted otherwise
 * (so a model can paste them into SQL), and schema-qualified only when they are not in the home schema (the one
 * holding most tables).
 * Control characters in a name are escaped so a hostile name cannot break the line structure. Immutable.
 */
final class NameStyle {
    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_$]*");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private final String home;

    /** @param home the schema whose names need no qualifier */
    NameStyle(String home) {
        this.home = home;
    }

    /** The home schema is the one holding the most tables (ties: the first by name). */
    static NameStyle of(SchemaModel model) {
        Map<String, Integer> counts = new TreeMap<>();
        model.tables().forEach(t -> counts.merge(t.schema(), 1, Integer::sum));
        if (counts.isEmpty()) {
            return new NameStyle(model.schemas().size() == 1 ? model.schemas().get(0) : null);
        }
        String home = null;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (home == null || e.getValue() > counts.get(home)) {
                home = e.getKey();
            }
        }
        return new NameStyle(home);
    }

    String home() {
        return home;
    }

    static String id(String name) {
        if (name == null) {
            return "?";
        }
        if (PLAIN.matcher(name).matches()) {
            return name;
        }
        StringBuilder sb = new StringBuilder("\"");
        for (char c : name.toCharArray()) {
            if (c == '"') {
                sb.append("\"\"");
            } else if (Character.isISOControl(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    String of(String schema, String name) {
        return schema == null || schema.equals(home) ? id(name) : id(schema) + "." + id(name);
    }

    String of(SchemaModel.Table t) {
        return of(t.schema(), t.name());
    }

    static String list(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (String n : names) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(id(n));
        }
        return sb.toString();
    }

    /** A one-line form of free text (comments, view definitions): whitespace runs become one space. */
    static String oneLine(String text) {
        return text == null ? null : WHITESPACE.matcher(text.strip()).replaceAll(" ");
    }

    /** Bytes as people read them: 512B, 24kB, 1.4MB. */
    static String bytes(long n) {
        String[] units = {"B", "kB", "MB", "GB", "TB"};
        double v = n;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v < 10 && u > 0 ? String.format(java.util.Locale.ROOT, "%.1f", v) : String.valueOf(Math.round(v)))
                + units[u];
    }
}
