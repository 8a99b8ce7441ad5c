package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.CheckRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.ColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.IndexColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.KeyColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.RoutineRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.TableRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.TriggerRow;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Routine;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import dev.gabysql.core.introspect.SchemaModelBuilder;
import dev.gabysql.core.introspect.TableBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Maps the raw {@link MariaDbCatalog} onto gabysql's {@link SchemaModel}: tables and views with comments, row
 * estimates and sizes; columns with defaults, AUTO_INCREMENT, generated expressions, collations and comments;
 * primary keys, unique and check constraints; foreign keys both ways with their actions; indexes with definitions;
 * triggers with bodies; routines with arguments and source. Stateless.
 */
final class MariaDbModelMapper {
    private MariaDbModelMapper() {}

    static SchemaModel toModel(MariaDbCatalog catalog, MariaDbServer server) {
        SchemaModelBuilder model = new SchemaModelBuilder("mariadb");
        for (TableRow t : catalog.tables()) {
            Long size = t.dataBytes() == null && t.indexBytes() == null
                    ? null
                    : (t.dataBytes() == null ? 0 : t.dataBytes()) + (t.indexBytes() == null ? 0 : t.indexBytes());
            model.table(t.schema(), t.name(), kindOf(t.type()))
                    .definition(t.viewDefinition())
                    .comment(blankToNull(t.comment()))
                    .rowEstimate(t.rowEstimate())
                    .sizeBytes(size);
        }
        for (ColumnRow c : catalog.columns()) {
            TableBuilder t = model.existing(c.schema(), c.table());
            if (t != null) {
                t.column(column(c, server));
            }
        }
        mapKeys(catalog.keyColumns(), model);
        for (CheckRow k : catalog.checks()) {
            TableBuilder t = model.existing(k.schema(), k.table());
            if (t != null) {
                t.constraint(new Constraint(k.name(), "check", List.of(), k.clause()));
            }
        }
        mapIndexes(catalog.indexColumns(), model);
        for (TriggerRow r : catalog.triggers()) {
            TableBuilder t = model.existing(r.schema(), r.table());
            if (t != null) {
                t.trigger(
                        new Trigger(r.name(), r.timing(), List.of(r.event()), "ROW", null, null, r.body(), null, true));
            }
        }
        for (RoutineRow r : catalog.routines()) {
            model.routine(new Routine(
                    r.schema(),
                    r.name(),
                    r.type().toLowerCase(Locale.ROOT),
                    r.arguments(),
                    r.returns(),
                    r.language(),
                    r.source(),
                    blankToNull(r.comment())));
        }
        return model.build();
    }

    private static Column column(ColumnRow c, MariaDbServer server) {
        String extra = c.extra() == null ? "" : c.extra().toLowerCase(Locale.ROOT);
        String identity = extra.contains("auto_increment") ? "auto_increment" : null;
        String generated = blankToNull(c.generationExpression());
        return new Column(
                c.name(),
                c.type(),
                c.nullable(),
                generated != null ? null : defaultOf(c, server),
                identity,
                generated,
                null,
                blankToNull(c.comment()));
    }

    /** MariaDB: an SQL expression where "NULL" means no default; MySQL: the bare value. */
    static String defaultOf(ColumnRow c, MariaDbServer server) {
        String d = c.defaultValue();
        if (d == null || server.quotesColumnDefaults() && "NULL".equalsIgnoreCase(d)) {
            return null;
        }
        return d;
    }

    /** Primary keys, unique constraints and foreign keys (both ways), whose columns arrive one row each. */
    private static void mapKeys(List<KeyColumnRow> rows, SchemaModelBuilder model) {
        Map<String, List<KeyColumnRow>> byConstraint = new LinkedHashMap<>();
        for (KeyColumnRow k : rows) {
            byConstraint
                    .computeIfAbsent(key(k.schema(), k.table()) + "\u0000" + k.constraint(), x -> new ArrayList<>())
                    .add(k);
        }
        for (List<KeyColumnRow> parts : byConstraint.values()) {
            KeyColumnRow first = parts.get(0);
            List<String> columns = parts.stream().map(KeyColumnRow::column).toList();
            if (first.isForeignKey()) {
                model.foreignKey(new ForeignKey(
                        first.constraint(),
                        first.schema(),
                        first.table(),
                        columns,
                        first.refSchema(),
                        first.refTable(),
                        parts.stream().map(KeyColumnRow::refColumn).toList(),
                        first.onUpdate(),
                        first.onDelete()));
                continue;
            }
            TableBuilder t = model.existing(first.schema(), first.table());
            if (t == null) {
                continue;
            }
            if ("PRIMARY KEY".equals(first.type())) {
                t.primaryKey(columns);
            } else if ("UNIQUE".equals(first.type())) {
                t.constraint(new Constraint(first.constraint(), "unique", columns, null));
            }
        }
    }

    private static void mapIndexes(List<IndexColumnRow> rows, SchemaModelBuilder model) {
        Map<String, List<IndexColumnRow>> byIndex = new LinkedHashMap<>();
        for (IndexColumnRow i : rows) {
            byIndex.computeIfAbsent(key(i.schema(), i.table()) + "\u0000" + i.index(), x -> new ArrayList<>())
                    .add(i);
        }
        for (List<IndexColumnRow> parts : byIndex.values()) {
            IndexColumnRow first = parts.get(0);
            TableBuilder t = model.existing(first.schema(), first.table());
            if (t != null) {
                List<String> columns = parts.stream()
                        .map(p -> p.column() != null ? p.column() : "(" + p.expression() + ")")
                        .toList();
                t.index(new Index(
                        first.index(),
                        first.unique(),
                        columns,
                        definition(parts),
                        null,
                        "PRIMARY".equals(first.index()) ? "primary key" : null,
                        first.indexType() == null ? null : first.indexType().toLowerCase(Locale.ROOT)));
            }
        }
    }

    /** A readable definition, e.g. {@code UNIQUE INDEX `u_email` ON `users` (`email`(20)) USING BTREE}. */
    static String definition(List<IndexColumnRow> parts) {
        IndexColumnRow first = parts.get(0);
        StringBuilder cols = new StringBuilder();
        for (IndexColumnRow p : parts) {
            if (cols.length() > 0) {
                cols.append(", ");
            }
            cols.append(p.column() != null ? quote(p.column()) : "(" + p.expression() + ")");
            if (p.prefixLength() != null) {
                cols.append('(').append(p.prefixLength()).append(')');
            }
        }
        String head = "PRIMARY".equals(first.index())
                ? "PRIMARY KEY"
                : ("FULLTEXT".equals(first.indexType())
                                ? "FULLTEXT "
                                : "SPATIAL".equals(first.indexType()) ? "SPATIAL " : first.unique() ? "UNIQUE " : "")
                        + "INDEX " + quote(first.index());
        String using = "BTREE".equals(first.indexType()) || "HASH".equals(first.indexType())
                ? " USING " + first.indexType()
                : "";
        return head + " ON " + quote(first.table()) + " (" + cols + ")" + using;
    }

    static String quote(String name) {
        return '`' + name.replace("`", "``") + '`';
    }

    static String kindOf(String tableType) {
        switch (tableType) {
            case "VIEW":
                return "view";
            case "SYSTEM VIEW":
                return "system view";
            case "SEQUENCE":
                return "sequence";
            default:
                return "table"; // BASE TABLE, SYSTEM VERSIONED, TEMPORARY
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static String key(String schema, String table) {
        return schema + "\u0000" + table;
    }
}
