package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.internal.Texts;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.EnumType;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import dev.gabysql.core.json.JsonTrees;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * {@code gabysql_describe_table}: everything about one table in one answer: columns with defaults and comments
 * (enum columns with their labels), named constraints, indexes including those behind constraints, incoming
 * foreign keys, triggers with their bodies, the view definition, statistics and optionally a few sample rows.
 * Stateless.
 */
public final class TablePresenter {
    /** Sample rows shown at most; a handful is enough to see what values look like. */
    public static final int SAMPLE_ROWS = 3;

    private TablePresenter() {}

    /** The sample read, built with the dialect's identifier quoting (names are data, never spliced raw). */
    public static String sampleSql(Table t, UnaryOperator<String> quote) {
        return "SELECT * FROM " + quote.apply(t.schema()) + "." + quote.apply(t.name()) + " LIMIT " + SAMPLE_ROWS;
    }

    /**
     * @param model  the read that contains {@code t} (its enums annotate columns)
     * @param sample sample rows, or null when not asked for or not available
     * @param sampleNote why there is no sample, or null
     */
    public static Rendered describe(SchemaModel model, Table t, SampleRows sample, String sampleNote) {
        NameStyle ns = new NameStyle(t.schema());
        Map<String, EnumType> enums = enumsByName(model, ns);
        StringBuilder text = new StringBuilder(header(t));
        ObjectNode json = CompactJson.table(t, DetailLevel.FULL, ns, true);
        json.put("schema", t.schema());
        columns(text, t, enums, ns, json);
        constraints(text, t, ns);
        indexes(text, t);
        incoming(text, t, ns);
        triggers(text, t);
        if (t.definition() != null) {
            text.append("\ndefinition:\n").append(CompactText.indented(t.definition()));
        }
        SampleText.append(text, json, sample, sampleNote);
        return new Rendered(text.toString(), json);
    }

    private static String header(Table t) {
        StringBuilder sb = new StringBuilder(NameStyle.id(t.schema()))
                .append('.')
                .append(NameStyle.id(t.name()))
                .append(" (")
                .append(t.kind());
        if (t.rowEstimate() != null) {
            sb.append(", ~").append(t.rowEstimate()).append(" rows");
        }
        if (t.sizeBytes() != null) {
            sb.append(", ").append(NameStyle.bytes(t.sizeBytes()));
        }
        sb.append(')');
        if (t.comment() != null) {
            sb.append(" -- ").append(NameStyle.oneLine(t.comment()));
        }
        return sb.append('\n').append(CompactText.LEGEND).toString();
    }

    private static Map<String, EnumType> enumsByName(SchemaModel model, NameStyle ns) {
        Map<String, EnumType> out = new HashMap<>();
        for (EnumType e : model.enums()) {
            out.put(ns.of(e.schema(), e.name()), e);
            out.put(e.schema() + "." + e.name(), e);
        }
        return out;
    }

    private static void columns(
            StringBuilder text, Table t, Map<String, EnumType> enums, NameStyle ns, ObjectNode json) {
        TableFacts facts = new TableFacts(t);
        text.append("\ncolumns:");
        ObjectNode used = CompactJson.object();
        for (Column c : t.columns()) {
            text.append('\n')
                    .append(CompactText.INDENT)
                    .append(CompactText.column(c, facts, DetailLevel.FULL, ns, t.schema()));
            EnumType e = c.type() == null ? null : enums.get(c.type());
            if (e != null) {
                text.append(" {").append(String.join("|", e.labels())).append('}');
                used.set(c.type(), CompactJson.strings(e.labels()));
            }
        }
        if (!used.isEmpty()) {
            json.set("enums", used);
        }
    }

    private static void constraints(StringBuilder text, Table t, NameStyle ns) {
        if (t.primaryKey().isEmpty()
                && t.foreignKeys().isEmpty()
                && t.constraints().isEmpty()) {
            return;
        }
        text.append("\nconstraints:");
        if (!t.primaryKey().isEmpty()) {
            line(text, "primary key (" + NameStyle.list(t.primaryKey()) + ")");
        }
        for (ForeignKey fk : t.foreignKeys()) {
            line(
                    text,
                    named(fk.name()) + "foreign key (" + NameStyle.list(fk.columns()) + ") -> "
                            + ns.of(fk.refSchema(), fk.refTable()) + "(" + NameStyle.list(fk.refColumns()) + ")"
                            + CompactText.actions(fk, DetailLevel.FULL));
        }
        for (Constraint c : t.constraints()) {
            String what = "unique".equals(c.type())
                    ? "(" + NameStyle.list(c.columns()) + ")"
                    : CompactText.parenthesized(c.expression());
            line(text, named(c.name()) + c.type() + " " + what);
        }
    }

    private static void indexes(StringBuilder text, Table t) {
        if (t.indexes().isEmpty()) {
            return;
        }
        text.append("\nindexes:");
        for (Index i : t.indexes()) {
            line(text, CompactText.index(i) + (i.backsConstraint() ? " (backs the " + i.origin() + ")" : ""));
        }
    }

    private static void incoming(StringBuilder text, Table t, NameStyle ns) {
        if (t.referencedBy().isEmpty()) {
            return;
        }
        text.append("\nreferenced by:");
        for (ForeignKey fk : t.referencedBy()) {
            line(
                    text,
                    named(fk.name()) + ns.of(fk.schema(), fk.table()) + "(" + NameStyle.list(fk.columns()) + ") -> ("
                            + NameStyle.list(fk.refColumns()) + ")" + CompactText.actions(fk, DetailLevel.FULL));
        }
    }

    private static void triggers(StringBuilder text, Table t) {
        if (t.triggers().isEmpty()) {
            return;
        }
        text.append("\ntriggers:");
        for (Trigger tr : t.triggers()) {
            line(text, CompactText.trigger(tr, false));
            if (tr.body() != null) {
                text.append('\n').append(CompactText.indented(tr.body()));
            }
        }
    }

    private static String named(String name) {
        return name == null ? "" : NameStyle.id(name) + " ";
    }

    private static void line(StringBuilder text, String line) {
        text.append('\n').append(CompactText.INDENT).append(line);
    }

    /** Sample rows: column names and values, as read through the normal read path. */
    public record SampleRows(java.util.List<String> columns, java.util.List<java.util.List<Object>> rows) {}

    /** Renders sample rows as short lines of values and as JSON. */
    static final class SampleText {
        private static final int MAX_VALUE = 60;

        private SampleText() {}

        static void append(StringBuilder text, ObjectNode json, SampleRows sample, String note) {
            if (sample == null) {
                if (note != null) {
                    text.append("\nsample: ").append(note);
                    json.put("sampleNote", note);
                }
                return;
            }
            text.append("\nsample (")
                    .append(sample.rows().size())
                    .append(" rows):\n")
                    .append(CompactText.INDENT)
                    .append(String.join(" | ", sample.columns()));
            ObjectNode s = json.putObject("sample");
            s.set("columns", CompactJson.strings(sample.columns()));
            ArrayNode rows = s.putArray("rows");
            for (java.util.List<Object> row : sample.rows()) {
                rows.add(JsonTrees.node(row));
                StringBuilder line = new StringBuilder();
                for (Object v : row) {
                    line.append(line.length() == 0 ? "" : " | ").append(value(v));
                }
                text.append('\n').append(CompactText.INDENT).append(line);
            }
        }

        private static String value(Object v) {
            String s = v == null ? "NULL" : NameStyle.oneLine(String.valueOf(v));
            return Texts.cut(s, MAX_VALUE, "…");
        }
    }
}
