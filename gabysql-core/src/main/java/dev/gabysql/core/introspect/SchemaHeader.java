package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.introspect.SchemaModel.Table;
import java.util.ArrayList;
import java.util.List;

/** The first lines of a description: what database, how many of each kind, how to read it, the enums. */
final class SchemaHeader {
    private SchemaHeader() {}

    static void write(SchemaModel model, DetailLevel level, NameStyle ns, StringBuilder text, ObjectNode json) {
        json.put("database", model.database());
        json.put("dialect", model.dialect());
        json.put("detail", level.label());
        if (ns.home() != null) {
            json.put("schema", ns.home());
        }
        CompactJson.strings(json, "schemas", model.schemas());
        text.append(model.database() == null ? "database" : NameStyle.id(model.database()))
                .append(" (")
                .append(model.dialect())
                .append(')');
        text.append(" schema ").append(NameStyle.id(ns.home()));
        List<String> others = new ArrayList<>(model.schemas());
        others.remove(ns.home());
        if (!others.isEmpty()) {
            text.append(" (names in ").append(NameStyle.list(others)).append(" are qualified)");
        }
        text.append(": ").append(counts(model, json)).append('\n');
        if (level == DetailLevel.NAMES) {
            json.put("tableFormat", "[name, rows estimate, kind when not a table]");
            text.append("(~N = estimated rows)");
            return;
        }
        ObjectNode formats = json.putObject("formats");
        formats.put("column", CompactJson.COLUMN_FORMAT);
        formats.put("foreignKey", CompactJson.FK_FORMAT);
        if (level == DetailLevel.FULL) {
            formats.put("referencedBy", CompactJson.INCOMING_FORMAT);
        }
        formats.put("note", CompactJson.FORMAT_NOTE);
        text.append(level == DetailLevel.FULL ? CompactText.LEGEND : CompactText.SUMMARY_LEGEND);
        if (!model.enums().isEmpty()) {
            ArrayNode enums = json.putArray("enums");
            model.enums().forEach(e -> {
                enums.add(CompactJson.enumType(e, ns));
                text.append('\n').append(CompactText.enumType(e, ns));
            });
        }
    }

    private static String counts(SchemaModel model, ObjectNode json) {
        ObjectNode counts = json.putObject("counts");
        int views = (int) model.tables().stream().filter(Table::isView).count();
        count(counts, "tables", model.tables().size() - views);
        count(counts, "views", views);
        count(counts, "routines", model.routines().size());
        count(counts, "enums", model.enums().size());
        count(counts, "sequences", model.sequences().size());
        count(counts, "extensions", model.extensions().size());
        List<String> parts = new ArrayList<>();
        counts.fields()
                .forEachRemaining(e -> parts.add(e.getValue().asInt() + " "
                        + singular(e.getKey(), e.getValue().asInt())));
        return parts.isEmpty() ? "empty" : String.join(", ", parts);
    }

    private static void count(ObjectNode counts, String key, int n) {
        if (n > 0 || "tables".equals(key)) {
            counts.put(key, n);
        }
    }

    private static String singular(String plural, int n) {
        return n == 1 ? plural.substring(0, plural.length() - 1) : plural;
    }
}
