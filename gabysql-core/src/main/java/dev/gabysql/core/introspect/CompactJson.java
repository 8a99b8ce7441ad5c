package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.EnumType;
import dev.gabysql.core.introspect.SchemaModel.Extension;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Routine;
import dev.gabysql.core.introspect.SchemaModel.Sequence;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import dev.gabysql.core.json.JsonTrees;
import java.util.List;

/**
 * The compact JSON twin of {@link CompactText}. Columns and keys, the bulk of a schema, are positional arrays
 * ({@link #COLUMN_FORMAT}, {@link #FK_FORMAT}, {@link #INCOMING_FORMAT}) with trailing empty fields cut, so no key
 * repeats per column; elsewhere keys at their default (nullable, no action, kind table, schema = the home
 * schema) are left out. Stateless.
 */
final class CompactJson {
    static final String COLUMN_FORMAT = "[name, type, notNull, default, identity, generated, collation, comment]";
    static final String FK_FORMAT = "[columns, refTable, refColumns, onDelete, onUpdate]";
    static final String INCOMING_FORMAT = "[fromTable, columns, refColumns, onDelete, onUpdate]";
    static final String FORMAT_NOTE = "trailing empty fields are omitted; actions other than no action are shown";

    private CompactJson() {}

    static ObjectNode object() {
        return JsonTrees.object();
    }

    static ObjectNode table(Table t, DetailLevel level, NameStyle ns, boolean single) {
        ObjectNode o = object();
        o.put("name", t.name());
        if (!t.schema().equals(ns.home())) {
            o.put("schema", t.schema());
        }
        if (!"table".equals(t.kind())) {
            o.put("kind", t.kind());
        }
        JsonTrees.putIfNotNull(o, "rows", t.rowEstimate());
        if (level == DetailLevel.FULL) {
            JsonTrees.putIfNotNull(o, "bytes", t.sizeBytes());
            JsonTrees.putIfNotNull(o, "comment", t.comment());
        }
        ArrayNode cols = o.putArray("columns");
        t.columns().forEach(c -> cols.add(column(c, level)));
        strings(o, "primaryKey", t.primaryKey());
        ArrayNode unique = JsonTrees.array();
        t.constraints().stream().filter(c -> "unique".equals(c.type())).forEach(c -> unique.add(strings(c.columns())));
        if (!unique.isEmpty()) {
            o.set("unique", unique);
        }
        if (!t.foreignKeys().isEmpty()) {
            ArrayNode fks = o.putArray("foreignKeys");
            t.foreignKeys().forEach(fk -> fks.add(foreignKey(fk, ns, false)));
        }
        if (level == DetailLevel.FULL) {
            fullDetails(o, t, ns, single);
        }
        return o;
    }

    private static ArrayNode column(Column c, DetailLevel level) {
        boolean full = level == DetailLevel.FULL;
        return positional(
                c.name(),
                c.type(),
                c.nullable() ? null : Boolean.TRUE,
                full && c.identity() == null ? c.defaultValue() : null,
                full ? c.identity() : null,
                full ? c.generated() : null,
                full ? c.collation() : null,
                full ? c.comment() : null);
    }

    /** Outgoing ({@link #FK_FORMAT}) or incoming ({@link #INCOMING_FORMAT}) key. */
    static ArrayNode foreignKey(ForeignKey fk, NameStyle ns, boolean incoming) {
        ArrayNode a = incoming
                ? positional(qualified(ns, fk.schema(), fk.table()), strings(fk.columns()))
                : positional(strings(fk.columns()), qualified(ns, fk.refSchema(), fk.refTable()));
        a.add(strings(fk.refColumns()));
        String onDelete = "no action".equals(fk.onDelete()) ? null : fk.onDelete();
        String onUpdate = "no action".equals(fk.onUpdate()) ? null : fk.onUpdate();
        if (onDelete != null || onUpdate != null) {
            a.add(onDelete);
        }
        if (onUpdate != null) {
            a.add(onUpdate);
        }
        return a;
    }

    /** An array of the values up to the last non-null one. */
    static ArrayNode positional(Object... values) {
        int last = values.length - 1;
        while (last > 0 && values[last] == null) {
            last--;
        }
        ArrayNode a = JsonTrees.array();
        for (int i = 0; i <= last; i++) {
            a.add(JsonTrees.node(values[i]));
        }
        return a;
    }

    static ArrayNode strings(List<String> values) {
        ArrayNode a = JsonTrees.array();
        values.forEach(a::add);
        return a;
    }

    static String qualifiedName(NameStyle ns, Table t) {
        return qualified(ns, t.schema(), t.name());
    }

    private static String qualified(NameStyle ns, String schema, String name) {
        return schema == null || schema.equals(ns.home()) ? name : schema + "." + name;
    }

    private static void fullDetails(ObjectNode o, Table t, NameStyle ns, boolean single) {
        ArrayNode constraints = JsonTrees.array();
        t.constraints().stream()
                .filter(c -> single || !"unique".equals(c.type()))
                .forEach(c -> constraints.add(constraint(c, single)));
        if (!constraints.isEmpty()) {
            o.set("constraints", constraints);
        }
        ArrayNode idx = JsonTrees.array();
        t.indexes().stream().filter(i -> single || !i.backsConstraint()).forEach(i -> idx.add(index(i)));
        if (!idx.isEmpty()) {
            o.set("indexes", idx);
        }
        if (!t.triggers().isEmpty()) {
            ArrayNode a = o.putArray("triggers");
            t.triggers().forEach(tr -> a.add(trigger(tr, single)));
        }
        if (!t.referencedBy().isEmpty()) {
            ArrayNode a = o.putArray("referencedBy");
            t.referencedBy().forEach(fk -> a.add(foreignKey(fk, ns, true)));
        }
        JsonTrees.putIfNotNull(o, "definition", t.definition());
    }

    private static ObjectNode constraint(Constraint c, boolean withName) {
        ObjectNode o = object();
        o.put("type", c.type());
        if (withName) {
            JsonTrees.putIfNotNull(o, "name", c.name());
        }
        strings(o, "columns", c.columns());
        JsonTrees.putIfNotNull(o, "expression", c.expression());
        return o;
    }

    static ObjectNode index(Index i) {
        ObjectNode o = object();
        o.put("name", i.name());
        if (i.unique()) {
            o.put("unique", true);
        }
        strings(o, "columns", i.columns());
        JsonTrees.putIfNotNull(o, "where", i.predicate());
        JsonTrees.putIfNotNull(o, "using", i.method());
        JsonTrees.putIfNotNull(o, "backs", i.origin());
        return o;
    }

    /** A trigger; the body only with {@code withBody} (describe_table), the database view names the function. */
    static ObjectNode trigger(Trigger t, boolean withBody) {
        ObjectNode o = object();
        o.put("name", t.name());
        o.put("timing", t.timing());
        strings(o, "events", t.events());
        if (!"ROW".equals(t.level())) {
            o.put("level", t.level());
        }
        JsonTrees.putIfNotNull(o, "when", t.condition());
        JsonTrees.putIfNotNull(o, "function", t.function());
        if (withBody || t.function() == null) {
            JsonTrees.putIfNotNull(o, "body", t.body());
        }
        if (!t.enabled()) {
            o.put("enabled", false);
        }
        return o;
    }

    static ObjectNode routine(Routine r, DetailLevel level, NameStyle ns) {
        ObjectNode o = object();
        o.put("name", r.name());
        if (!r.schema().equals(ns.home())) {
            o.put("schema", r.schema());
        }
        if (!"function".equals(r.kind())) {
            o.put("kind", r.kind());
        }
        o.put("arguments", r.arguments());
        JsonTrees.putIfNotNull(o, "returns", r.returns());
        if (level == DetailLevel.FULL) {
            JsonTrees.putIfNotNull(o, "language", r.language());
            JsonTrees.putIfNotNull(o, "comment", r.comment());
            JsonTrees.putIfNotNull(o, "source", r.source());
        }
        return o;
    }

    static ObjectNode enumType(EnumType e, NameStyle ns) {
        ObjectNode o = object();
        o.put("name", qualified(ns, e.schema(), e.name()));
        strings(o, "labels", e.labels());
        return o;
    }

    static ObjectNode sequence(Sequence s, NameStyle ns) {
        ObjectNode o = object();
        o.put("name", qualified(ns, s.schema(), s.name()));
        JsonTrees.putIfNotNull(o, "type", s.type());
        if (s.start() != null && s.start() != 1) {
            o.put("start", s.start());
        }
        if (s.increment() != null && s.increment() != 1) {
            o.put("increment", s.increment());
        }
        JsonTrees.putIfNotNull(o, "ownedBy", s.ownedBy());
        return o;
    }

    static ObjectNode extension(Extension e) {
        ObjectNode o = object();
        o.put("name", e.name());
        o.put("version", e.version());
        o.put("schema", e.schema());
        return o;
    }

    static void strings(ObjectNode o, String key, List<String> values) {
        if (!values.isEmpty()) {
            ArrayNode a = o.putArray(key);
            values.forEach(a::add);
        }
    }
}
