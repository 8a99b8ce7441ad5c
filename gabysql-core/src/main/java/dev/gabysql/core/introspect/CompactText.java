package dev.gabysql.core.introspect;

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
import java.util.ArrayList;
import java.util.List;

/**
 * The compact text a model reads (token cost is a product feature). One line per column, no repeated
 * keys, anything at its default left out; the legend line says how to read it. Stateless.
 */
final class CompactText {
    static final String LEGEND = "legend: column type, ! = NOT NULL, pk = primary key, =x default,"
            + " ->t.c references t.c, <- referenced by, ~N rows = planner estimate";
    static final String SUMMARY_LEGEND = "legend: column type, ! = NOT NULL, pk = primary key,"
            + " ->t.c references t.c, ~N rows = planner estimate";
    static final String INDENT = "  ";

    private CompactText() {}

    static String names(Table t, NameStyle ns) {
        StringBuilder sb = new StringBuilder(ns.of(t));
        if (!"table".equals(t.kind())) {
            sb.append(" (").append(t.kind()).append(')');
        }
        if (t.rowEstimate() != null) {
            sb.append(" ~").append(t.rowEstimate());
        }
        return sb.toString();
    }

    static String table(Table t, DetailLevel level, NameStyle ns) {
        TableFacts f = new TableFacts(t);
        StringBuilder sb = new StringBuilder(header(t, level, ns));
        for (Column c : t.columns()) {
            sb.append('\n').append(INDENT).append(column(c, f, level, ns, t.schema()));
        }
        for (ForeignKey fk : f.compositeRefs) {
            sb.append('\n')
                    .append(INDENT)
                    .append("fk (")
                    .append(NameStyle.list(fk.columns()))
                    .append(") ->")
                    .append(ns.of(fk.refSchema(), fk.refTable()))
                    .append('(')
                    .append(NameStyle.list(fk.refColumns()))
                    .append(')')
                    .append(actions(fk, level));
        }
        if (level == DetailLevel.FULL) {
            fullDetails(sb, t, f, ns);
        }
        return sb.toString();
    }

    private static String header(Table t, DetailLevel level, NameStyle ns) {
        StringBuilder sb = new StringBuilder(ns.of(t));
        if (!"table".equals(t.kind())) {
            sb.append(" (").append(t.kind()).append(')');
        }
        if (t.rowEstimate() != null) {
            sb.append(" ~").append(t.rowEstimate()).append(" rows");
        }
        if (level == DetailLevel.FULL && t.sizeBytes() != null) {
            sb.append(' ').append(NameStyle.bytes(t.sizeBytes()));
        }
        if (level == DetailLevel.FULL && t.comment() != null) {
            sb.append(" -- ").append(NameStyle.oneLine(t.comment()));
        }
        return sb.toString();
    }

    static String column(Column c, TableFacts f, DetailLevel level, NameStyle ns, String schema) {
        StringBuilder sb =
                new StringBuilder(NameStyle.id(c.name())).append(' ').append(c.type() == null ? "any" : c.type());
        boolean pk = f.pk.contains(c.name());
        if (!c.nullable() && !pk) {
            sb.append('!');
        }
        if (pk) {
            sb.append(" pk");
        }
        if (f.uniqueColumns.contains(c.name())) {
            sb.append(" unique");
        }
        ForeignKey fk = f.columnRefs.get(c.name());
        if (fk != null) {
            sb.append(" ->").append(ns.of(fk.refSchema(), fk.refTable()));
            if (!fk.refColumns().isEmpty()) {
                sb.append('.').append(NameStyle.id(fk.refColumns().get(0)));
            }
            sb.append(actions(fk, level));
        }
        if (level == DetailLevel.FULL) {
            columnDetails(sb, c);
        }
        return sb.toString();
    }

    private static void columnDetails(StringBuilder sb, Column c) {
        if (c.identity() != null) {
            sb.append(' ').append(identity(c.identity()));
        } else if (c.defaultValue() != null) {
            sb.append(" =").append(NameStyle.oneLine(c.defaultValue()));
        }
        if (c.generated() != null) {
            sb.append(" generated as ").append(NameStyle.oneLine(c.generated()));
        }
        if (c.collation() != null) {
            sb.append(" collate ").append(NameStyle.id(c.collation()));
        }
        if (c.comment() != null) {
            sb.append(" -- ").append(NameStyle.oneLine(c.comment()));
        }
    }

    private static String identity(String identity) {
        switch (identity) {
            case "always":
                return "identity always";
            case "by default":
                return "identity by default";
            default:
                return identity;
        }
    }

    static String actions(ForeignKey fk, DetailLevel level) {
        if (level == DetailLevel.NAMES) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        if (!"no action".equals(fk.onDelete())) {
            sb.append(" on delete ").append(fk.onDelete());
        }
        if (!"no action".equals(fk.onUpdate())) {
            sb.append(" on update ").append(fk.onUpdate());
        }
        return sb.toString();
    }

    private static void fullDetails(StringBuilder sb, Table t, TableFacts f, NameStyle ns) {
        for (Constraint u : f.compositeUniques) {
            sb.append('\n')
                    .append(INDENT)
                    .append("unique (")
                    .append(NameStyle.list(u.columns()))
                    .append(')');
        }
        for (Constraint c : f.checks) {
            sb.append('\n').append(INDENT).append(c.type()).append(' ').append(parenthesized(c.expression()));
        }
        for (Index i : f.indexes) {
            sb.append('\n').append(INDENT).append(index(i));
        }
        for (Trigger tr : t.triggers()) {
            sb.append('\n').append(INDENT).append(trigger(tr, true));
        }
        if (!t.referencedBy().isEmpty()) {
            sb.append('\n').append(INDENT).append("<- ").append(incoming(t.referencedBy(), ns));
        }
        if (t.definition() != null) {
            sb.append('\n').append(INDENT).append("as ").append(NameStyle.oneLine(t.definition()));
        }
    }

    static String parenthesized(String expression) {
        String e = NameStyle.oneLine(expression);
        return e.startsWith("(") && e.endsWith(")") ? e : "(" + e + ")";
    }

    static String index(Index i) {
        StringBuilder sb = new StringBuilder(i.unique() ? "unique index " : "index ").append(NameStyle.id(i.name()));
        if (i.method() != null) {
            sb.append(" using ").append(i.method());
        }
        sb.append(" (").append(String.join(", ", i.columns())).append(')');
        if (i.predicate() != null) {
            sb.append(" where ").append(NameStyle.oneLine(i.predicate()));
        }
        return sb.toString();
    }

    /** A trigger on one line; a body (SQLite) is inlined only with {@code inlineBody}. */
    static String trigger(Trigger t, boolean inlineBody) {
        StringBuilder sb = new StringBuilder("trigger ")
                .append(NameStyle.id(t.name()))
                .append(' ')
                .append(t.timing())
                .append(' ')
                .append(String.join(" OR ", t.events()));
        if ("STATEMENT".equals(t.level())) {
            sb.append(" FOR EACH STATEMENT");
        }
        if (t.condition() != null) {
            sb.append(" WHEN ").append(NameStyle.oneLine(t.condition()));
        }
        if (t.function() != null) {
            sb.append(" EXECUTE ").append(t.function()).append("()");
        } else if (inlineBody && t.body() != null) {
            sb.append(" BEGIN ").append(NameStyle.oneLine(t.body())).append(" END");
        }
        if (!t.enabled()) {
            sb.append(" (disabled)");
        }
        return sb.toString();
    }

    static String incoming(List<ForeignKey> keys, NameStyle ns) {
        List<String> parts = new ArrayList<>();
        for (ForeignKey fk : keys) {
            String from = ns.of(fk.schema(), fk.table());
            String cols = fk.columns().size() == 1
                    ? "." + NameStyle.id(fk.columns().get(0))
                    : "(" + NameStyle.list(fk.columns()) + ")";
            parts.add(from + cols + actions(fk, DetailLevel.FULL));
        }
        return String.join(", ", parts);
    }

    static String enumType(EnumType e, NameStyle ns) {
        return "enum " + ns.of(e.schema(), e.name()) + ": " + String.join(" | ", e.labels());
    }

    static String routine(Routine r, DetailLevel level, NameStyle ns) {
        StringBuilder sb = new StringBuilder(r.kind())
                .append(' ')
                .append(ns.of(r.schema(), r.name()))
                .append('(')
                .append(r.arguments() == null ? "" : r.arguments())
                .append(')');
        if (r.returns() != null) {
            sb.append(" -> ").append(r.returns());
        }
        if (level == DetailLevel.FULL) {
            sb.append(' ').append(r.language());
            if (r.comment() != null) {
                sb.append(" -- ").append(NameStyle.oneLine(r.comment()));
            }
            if (r.source() != null && !r.source().isBlank()) {
                sb.append('\n').append(indented(r.source()));
            }
        }
        return sb.toString();
    }

    static String sequence(Sequence s, NameStyle ns) {
        StringBuilder sb = new StringBuilder("sequence ").append(ns.of(s.schema(), s.name()));
        if (s.type() != null && !"bigint".equals(s.type())) {
            sb.append(' ').append(s.type());
        }
        if (s.start() != null && s.start() != 1) {
            sb.append(" start ").append(s.start());
        }
        if (s.increment() != null && s.increment() != 1) {
            sb.append(" increment ").append(s.increment());
        }
        if (s.ownedBy() != null) {
            sb.append(" owned by ").append(s.ownedBy());
        }
        return sb.toString();
    }

    static String extension(Extension e) {
        return "extension " + e.name() + " " + e.version() + " in " + NameStyle.id(e.schema());
    }

    /** Source text indented under its header line, without the blank lines around it. */
    static String indented(String source) {
        String stripped = source.replaceAll("^\\s*\\n", "").stripTrailing();
        StringBuilder sb = new StringBuilder();
        for (String line : stripped.split("\n", -1)) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(INDENT).append(INDENT).append(line.stripTrailing());
        }
        return sb.toString();
    }
}
