package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Routine;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code gabysql_search}: objects whose names match a pattern ({@link NamePattern}), each with where it lives,
 * over a schema already read (no SQL: the pattern never reaches the database). At most {@value #MAX_HITS}
 * matches; past that the answer says how to narrow. Stateless.
 */
public final class SchemaSearch {
    static final int MAX_HITS = 200;
    /** The kinds a caller may ask for; "function" covers procedures too. */
    static final List<String> KINDS =
            List.of("table", "view", "column", "function", "index", "trigger", "enum", "sequence");

    private SchemaSearch() {}

    /** One match: its kind, its name, where it lives, and a short description. */
    record Hit(String kind, String name, String schema, String table, String detail) {
        String text(NameStyle ns) {
            String where = table == null
                    ? ns.of(schema, name)
                    : "column".equals(kind)
                            ? ns.of(schema, table) + "." + NameStyle.id(name)
                            : NameStyle.id(name) + " on " + ns.of(schema, table);
            String tail = detail == null || detail.isEmpty()
                    ? ""
                    : table == null && detail.startsWith("(") ? detail : " " + detail;
            return kind + " " + where + tail;
        }
    }

    public static Rendered search(SchemaModel model, String pattern, String kind) {
        NamePattern p = NamePattern.of(pattern);
        String wanted = kind(kind);
        List<Hit> hits = new ArrayList<>();
        for (Table t : model.tables()) {
            tableHits(t, p, wanted, hits);
        }
        for (Routine r : model.routines()) {
            if (wants(wanted, "function") && p.matches(r.name())) {
                hits.add(new Hit(
                        r.kind(),
                        r.name(),
                        r.schema(),
                        null,
                        "(" + r.arguments() + ")" + (r.returns() == null ? "" : " -> " + r.returns())));
            }
        }
        model.enums().stream()
                .filter(e -> wants(wanted, "enum") && p.matches(e.name()))
                .forEach(e -> hits.add(new Hit("enum", e.name(), e.schema(), null, String.join("|", e.labels()))));
        model.sequences().stream()
                .filter(s -> wants(wanted, "sequence") && p.matches(s.name()))
                .forEach(s -> hits.add(new Hit(
                        "sequence", s.name(), s.schema(), null, s.ownedBy() == null ? "" : "owned by " + s.ownedBy())));
        return render(model, pattern, wanted, hits);
    }

    private static void tableHits(Table t, NamePattern p, String wanted, List<Hit> hits) {
        String tableKind = t.isView() ? "view" : "table";
        if (wants(wanted, tableKind) && p.matches(t.name())) {
            hits.add(new Hit(
                    tableKind,
                    t.name(),
                    t.schema(),
                    null,
                    t.rowEstimate() == null ? "" : "~" + t.rowEstimate() + " rows"));
        }
        for (Column c : t.columns()) {
            if (wants(wanted, "column") && p.matches(c.name())) {
                hits.add(new Hit("column", c.name(), t.schema(), t.name(), c.type() + (c.nullable() ? "" : "!")));
            }
        }
        for (Index i : t.indexes()) {
            if (wants(wanted, "index") && p.matches(i.name())) {
                hits.add(new Hit("index", i.name(), t.schema(), t.name(), "(" + String.join(", ", i.columns()) + ")"));
            }
        }
        for (Trigger tr : t.triggers()) {
            if (wants(wanted, "trigger") && p.matches(tr.name())) {
                hits.add(new Hit(
                        "trigger",
                        tr.name(),
                        t.schema(),
                        t.name(),
                        tr.timing() + " " + String.join(" OR ", tr.events())));
            }
        }
    }

    private static String kind(String kind) {
        if (kind == null || kind.isBlank() || "any".equalsIgnoreCase(kind.strip())) {
            return null;
        }
        String k = kind.strip().toLowerCase(Locale.ROOT);
        k = k.endsWith("es") && KINDS.contains(k.substring(0, k.length() - 2))
                ? k.substring(0, k.length() - 2)
                : k.endsWith("s") && KINDS.contains(k.substring(0, k.length() - 1))
                        ? k.substring(0, k.length() - 1)
                        : k;
        if ("procedure".equals(k) || "routine".equals(k)) {
            k = "function";
        }
        if (!KINDS.contains(k)) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Unknown kind `" + kind + "`.",
                    "Use one of: " + String.join(", ", KINDS) + " (or leave it out to search everything).");
        }
        return k;
    }

    private static boolean wants(String wanted, String kind) {
        return wanted == null || wanted.equals(kind);
    }

    private static Rendered render(SchemaModel model, String pattern, String kind, List<Hit> hits) {
        NameStyle ns = NameStyle.of(model);
        boolean truncated = hits.size() > MAX_HITS;
        List<Hit> shown = truncated ? hits.subList(0, MAX_HITS) : hits;
        StringBuilder text = new StringBuilder();
        text.append(hits.size())
                .append(hits.size() == 1 ? " match" : " matches")
                .append(" for `")
                .append(pattern)
                .append('`')
                .append(kind == null ? "" : " (" + kind + ")")
                .append(" in ")
                .append(model.database() == null ? "the database" : NameStyle.id(model.database()));
        ObjectNode json = CompactJson.object();
        json.put("database", model.database());
        json.put("pattern", pattern);
        if (kind != null) {
            json.put("kind", kind);
        }
        ArrayNode matches = json.putArray("matches");
        for (Hit h : shown) {
            text.append('\n').append(h.text(ns));
            matches.add(CompactJson.positional(
                    h.kind(),
                    h.name(),
                    h.schema(),
                    h.table(),
                    h.detail() == null || h.detail().isEmpty() ? null : h.detail()));
        }
        json.put("matchFormat", "[kind, name, schema, table, detail]");
        json.put("truncated", truncated);
        if (truncated) {
            String hint = "Only the first " + MAX_HITS + " matches are shown. Narrow the pattern (e.g. `order*`"
                    + " instead of `order`) or pass kind (" + String.join(", ", KINDS) + ").";
            text.append("\n(").append(hint).append(')');
            json.put("note", hint);
        } else if (hits.isEmpty()) {
            text.append("\n(No names match. A pattern without * matches names containing it; try a shorter"
                    + " part of the name, or list the tables with SHOW TABLES.)");
        }
        return new Rendered(text.toString(), json);
    }
}
