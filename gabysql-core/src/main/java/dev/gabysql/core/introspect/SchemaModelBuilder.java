package dev.gabysql.core.introspect;

import dev.gabysql.core.introspect.SchemaModel.EnumType;
import dev.gabysql.core.introspect.SchemaModel.Extension;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Routine;
import dev.gabysql.core.introspect.SchemaModel.Sequence;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects what a dialect's reader finds, query by query, and assembles the immutable {@link SchemaModel}. It
 * links each foreign key to both ends: outgoing on the referencing table, incoming ({@code referencedBy}) on the
 * referenced one, whichever of the two the read covered. Not thread-safe; one per read.
 */
public final class SchemaModelBuilder {
    private final String dialect;
    private final Set<String> schemas = new LinkedHashSet<>();
    private final Map<String, TableBuilder> tables = new LinkedHashMap<>();
    private final List<ForeignKey> foreignKeys = new ArrayList<>();
    private final List<Routine> routines = new ArrayList<>();
    private final List<EnumType> enums = new ArrayList<>();
    private final List<Sequence> sequences = new ArrayList<>();
    private final List<Extension> extensions = new ArrayList<>();

    public SchemaModelBuilder(String dialect) {
        this.dialect = dialect;
    }

    public void schema(String name) {
        schemas.add(name);
    }

    /** Starts a table (or returns the one already started under that name). */
    public TableBuilder table(String schema, String name, String kind) {
        return tables.computeIfAbsent(key(schema, name), k -> new TableBuilder(schema, name, kind));
    }

    /** The table already started under that name, or null when the read does not cover it. */
    public TableBuilder existing(String schema, String name) {
        return tables.get(key(schema, name));
    }

    public Iterable<TableBuilder> tables() {
        return tables.values();
    }

    /** A foreign key with both ends named; it may start or end outside the tables read. */
    public void foreignKey(ForeignKey fk) {
        foreignKeys.add(fk);
    }

    public void routine(Routine r) {
        routines.add(r);
    }

    public void enumType(EnumType e) {
        enums.add(e);
    }

    public void sequence(Sequence s) {
        sequences.add(s);
    }

    public void extension(Extension e) {
        extensions.add(e);
    }

    public SchemaModel build() {
        for (ForeignKey fk : foreignKeys) {
            TableBuilder from = tables.get(key(fk.schema(), fk.table()));
            TableBuilder to = tables.get(key(fk.refSchema(), fk.refTable()));
            if (from != null) {
                from.outgoing(fk);
            }
            if (to != null) {
                to.incoming(fk);
            }
        }
        for (TableBuilder t : tables.values()) {
            schemas.add(t.schema());
        }
        List<SchemaModel.Table> built = new ArrayList<>(tables.size());
        tables.values().forEach(t -> built.add(t.build()));
        return new SchemaModel(null, dialect, new ArrayList<>(schemas), built, routines, enums, sequences, extensions);
    }

    private static String key(String schema, String name) {
        return schema + '\u0000' + name;
    }
}
