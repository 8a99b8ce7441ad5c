package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code gabysql://schema/{db}/diagram}: the tables and their foreign keys as a Mermaid {@code erDiagram}.
 * Mermaid's grammar is narrow, so every name is made safe for it: entity names are always double-quoted with
 * the characters a quoted name may not hold ({@code " % \} and controls) replaced; attribute types and names are
 * reduced to word characters (a changed name keeps the original in the attribute's comment); relationship
 * labels are quoted; an attribute named like a key marker (pk, fk, uk) gets a trailing underscore. Cardinality: a child row references at most one parent (exactly one when the key columns
 * are NOT NULL); a key that is also the child's primary key or unique is one-to-one; a key inside the child's
 * primary key is drawn as identifying (solid line), others dashed. Stateless.
 */
public final class MermaidRenderer {

    /** Mermaid reads these as key markers wherever they stand, so an attribute cannot be named so. */
    private static final Set<String> KEY_WORDS = Set.of("PK", "FK", "UK");

    private MermaidRenderer() {}

    public static Rendered render(SchemaModel model) {
        NameStyle ns = NameStyle.of(model);
        Map<String, String> entities = entityNames(model, ns);
        StringBuilder sb = new StringBuilder("erDiagram");
        int relationships = 0;
        for (Table t : model.tables()) {
            if (!t.isView()) {
                entity(sb, t, entities.get(key(t.schema(), t.name())));
            }
        }
        for (Table t : model.tables()) {
            for (ForeignKey fk : t.foreignKeys()) {
                String parent = entities.getOrDefault(
                        key(fk.refSchema(), fk.refTable()), quoted(ns.of(fk.refSchema(), fk.refTable())));
                sb.append("\n  ")
                        .append(entities.get(key(t.schema(), t.name())))
                        .append(' ')
                        .append(cardinality(t, fk))
                        .append(' ')
                        .append(parent)
                        .append(" : ")
                        .append(quoted(String.join(", ", fk.columns())));
                relationships++;
            }
        }
        ObjectNode json = CompactJson.object();
        json.put("entities", entities.size());
        json.put("relationships", relationships);
        return new Rendered(sb.append('\n').toString(), json);
    }

    private static Map<String, String> entityNames(SchemaModel model, NameStyle ns) {
        Map<String, String> out = new HashMap<>();
        Set<String> used = new HashSet<>();
        for (Table t : model.tables()) {
            if (t.isView()) {
                continue;
            }
            String base = quotable(t.schema().equals(ns.home()) ? t.name() : t.schema() + "." + t.name());
            String name = base;
            for (int n = 2; !used.add(name); n++) {
                name = base + "_" + n;
            }
            out.put(key(t.schema(), t.name()), '"' + name + '"');
        }
        return out;
    }

    private static void entity(StringBuilder sb, Table t, String name) {
        Set<String> fkColumns = new HashSet<>();
        t.foreignKeys().forEach(fk -> fkColumns.addAll(fk.columns()));
        Set<String> unique = new HashSet<>();
        for (Constraint c : t.constraints()) {
            if ("unique".equals(c.type()) && c.columns().size() == 1) {
                unique.add(c.columns().get(0));
            }
        }
        sb.append("\n  ").append(name).append(" {");
        for (Column c : t.columns()) {
            String attr = word(c.name(), "_");
            sb.append("\n    ")
                    .append(word(c.type() == null ? "any" : c.type(), "t_"))
                    .append(' ')
                    .append(attr);
            List<String> keys = new ArrayList<>();
            if (t.primaryKey().contains(c.name())) {
                keys.add("PK");
            }
            if (fkColumns.contains(c.name())) {
                keys.add("FK");
            }
            if (unique.contains(c.name())) {
                keys.add("UK");
            }
            if (!keys.isEmpty()) {
                sb.append(' ').append(String.join(", ", keys));
            }
            if (!attr.equals(c.name())) {
                sb.append(' ').append(quoted(c.name()));
            }
        }
        sb.append("\n  }");
    }

    private static String cardinality(Table child, ForeignKey fk) {
        boolean oneToOne = child.primaryKey().equals(fk.columns())
                || child.constraints().stream()
                        .anyMatch(c -> "unique".equals(c.type()) && c.columns().equals(fk.columns()));
        boolean required = fk.columns().stream().allMatch(name -> {
            Column c = child.column(name);
            return c != null && !c.nullable();
        });
        boolean identifying = child.primaryKey().containsAll(fk.columns());
        return (oneToOne ? "|o" : "}o") + (identifying ? "--" : "..") + (required ? "||" : "o|");
    }

    /** A name Mermaid accepts between double quotes. */
    static String quotable(String name) {
        StringBuilder sb = new StringBuilder();
        for (char c : name.toCharArray()) {
            sb.append(c == '"' || c == '%' || c == '\\' || Character.isISOControl(c) ? '_' : c);
        }
        return sb.length() == 0 ? "_" : sb.toString();
    }

    private static String quoted(String text) {
        return '"' + quotable(text) + '"';
    }

    /** An attribute word: ASCII letters, digits, _ and letters from U+00C0 on; never starting with a digit. */
    static String word(String text, String digitPrefix) {
        StringBuilder sb = new StringBuilder();
        for (char c : text.toCharArray()) {
            boolean ok = c < 128 ? Character.isLetterOrDigit(c) || c == '_' : c >= '\u00C0' && Character.isLetter(c);
            if (ok) {
                sb.append(c);
            } else if (sb.length() > 0 && sb.charAt(sb.length() - 1) != '_') {
                sb.append('_');
            }
        }
        while (sb.length() > 1 && sb.charAt(sb.length() - 1) == '_') {
            sb.setLength(sb.length() - 1);
        }
        if (sb.length() == 0) {
            return digitPrefix.endsWith("_") ? digitPrefix + "x" : digitPrefix;
        }
        String w = Character.isDigit(sb.charAt(0)) ? digitPrefix + sb : sb.toString();
        return KEY_WORDS.contains(w.toUpperCase(java.util.Locale.ROOT)) ? w + "_" : w;
    }

    private static String key(String schema, String name) {
        return schema + '\u0000' + name;
    }
}
