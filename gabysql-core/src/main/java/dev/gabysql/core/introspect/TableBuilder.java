package dev.gabysql.core.introspect;

import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import java.util.ArrayList;
import java.util.List;

/** One table being read; see {@link SchemaModelBuilder}. Not thread-safe. */
public final class TableBuilder {
    private final String schema;
    private final String name;
    private final String kind;
    private final List<Column> columns = new ArrayList<>();
    private List<String> primaryKey = List.of();
    private final List<ForeignKey> foreignKeys = new ArrayList<>();
    private final List<ForeignKey> referencedBy = new ArrayList<>();
    private final List<Index> indexes = new ArrayList<>();
    private final List<Constraint> constraints = new ArrayList<>();
    private final List<Trigger> triggers = new ArrayList<>();
    private String definition;
    private String comment;
    private Long rowEstimate;
    private Long sizeBytes;

    TableBuilder(String schema, String name, String kind) {
        this.schema = schema;
        this.name = name;
        this.kind = kind;
    }

    public String schema() {
        return schema;
    }

    public String name() {
        return name;
    }

    public List<String> primaryKey() {
        return primaryKey;
    }

    public TableBuilder column(Column c) {
        columns.add(c);
        return this;
    }

    /** Replaces a column already added (a later query knew more about it). */
    public void replaceColumn(int index, Column c) {
        columns.set(index, c);
    }

    public List<Column> columns() {
        return columns;
    }

    public List<Index> indexes() {
        return indexes;
    }

    public TableBuilder primaryKey(List<String> columnNames) {
        primaryKey = List.copyOf(columnNames);
        return this;
    }

    public TableBuilder index(Index i) {
        indexes.add(i);
        return this;
    }

    public TableBuilder constraint(Constraint c) {
        constraints.add(c);
        return this;
    }

    public TableBuilder trigger(Trigger t) {
        triggers.add(t);
        return this;
    }

    public TableBuilder definition(String sql) {
        definition = sql;
        return this;
    }

    public TableBuilder comment(String text) {
        comment = text;
        return this;
    }

    public TableBuilder rowEstimate(Long rows) {
        rowEstimate = rows;
        return this;
    }

    public TableBuilder sizeBytes(Long bytes) {
        sizeBytes = bytes;
        return this;
    }

    void outgoing(ForeignKey fk) {
        foreignKeys.add(fk);
    }

    void incoming(ForeignKey fk) {
        referencedBy.add(fk);
    }

    Table build() {
        return new Table(
                schema,
                name,
                kind,
                columns,
                primaryKey,
                foreignKeys,
                indexes,
                definition,
                comment,
                rowEstimate,
                sizeBytes,
                constraints,
                referencedBy,
                triggers);
    }
}
