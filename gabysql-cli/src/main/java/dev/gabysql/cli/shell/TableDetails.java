package dev.gabysql.cli.shell;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines {@code \d NAME} prints under the columns: primary key, foreign keys, indexes, as psql does. Read
 * tolerantly from the service's table description (camelCase or snake_case keys), so a richer description
 * only adds lines.
 */
final class TableDetails {
    private TableDetails() {}

    static List<String> lines(JsonNode table) {
        List<String> out = new ArrayList<>();
        if (table == null) {
            return out;
        }
        JsonNode pk = field(table, "primaryKey", "primary_key");
        if (pk.isArray() && pk.size() > 0) {
            out.add("Primary key: (" + join(pk) + ")");
        }
        JsonNode fks = field(table, "foreignKeys", "foreign_keys");
        if (fks.isArray() && fks.size() > 0) {
            out.add("Foreign keys:");
            fks.forEach(fk -> out.add("    " + foreignKey(fk)));
        }
        JsonNode indexes = table.path("indexes");
        if (indexes.isArray() && indexes.size() > 0) {
            out.add("Indexes:");
            indexes.forEach(ix -> out.add("    " + index(ix)));
        }
        return out;
    }

    private static String foreignKey(JsonNode fk) {
        if (fk.isArray()) { // the compact form: [columns, refTable, refColumns, onDelete, onUpdate]
            return "(" + join(fk.path(0)) + ") REFERENCES "
                    + CellText.sanitize(fk.path(1).asText("?")) + "(" + join(fk.path(2)) + ")";
        }
        String name = fk.path("name").asText("");
        String ref = field(fk, "refTable", "ref_table").asText("?");
        return (name.isEmpty() ? "" : name + " ") + "(" + join(fk.path("columns")) + ") REFERENCES " + ref + "("
                + join(field(fk, "refColumns", "ref_columns")) + ")";
    }

    private static String index(JsonNode ix) {
        String definition = ix.path("definition").asText("");
        if (!definition.isEmpty()) {
            return CellText.sanitize(definition);
        }
        return ix.path("name").asText("?") + (ix.path("unique").asBoolean(false) ? " UNIQUE" : "") + " ("
                + join(ix.path("columns")) + ")";
    }

    private static JsonNode field(JsonNode node, String camel, String snake) {
        JsonNode v = node.path(camel);
        return v.isMissingNode() ? node.path(snake) : v;
    }

    private static String join(JsonNode array) {
        List<String> parts = new ArrayList<>();
        array.forEach(n -> parts.add(n.isTextual() ? n.asText() : n.path("name").asText(n.toString())));
        return CellText.sanitize(String.join(", ", parts));
    }
}
