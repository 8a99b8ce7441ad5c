package dev.gabysql.core.introspect;

import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.SchemaModel.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A table's keys sorted by where compact output shows them: single-column facts go on the column's line
 * (pk, unique, a reference), multi-column ones get a line of their own. Indexes that only back a constraint are
 * implied by it and left out. Immutable once built.
 */
final class TableFacts {
    final Set<String> pk;
    final Set<String> uniqueColumns = new HashSet<>();
    final Map<String, ForeignKey> columnRefs = new HashMap<>();
    final List<ForeignKey> compositeRefs = new ArrayList<>();
    final List<Constraint> compositeUniques = new ArrayList<>();
    final List<Constraint> checks = new ArrayList<>();
    final List<Index> indexes = new ArrayList<>();

    TableFacts(Table t) {
        pk = new HashSet<>(t.primaryKey());
        for (Constraint c : t.constraints()) {
            if ("unique".equals(c.type()) && c.columns().size() == 1) {
                uniqueColumns.add(c.columns().get(0));
            } else if ("unique".equals(c.type())) {
                compositeUniques.add(c);
            } else {
                checks.add(c);
            }
        }
        for (ForeignKey fk : t.foreignKeys()) {
            if (fk.columns().size() == 1 && !columnRefs.containsKey(fk.columns().get(0))) {
                columnRefs.put(fk.columns().get(0), fk);
            } else {
                compositeRefs.add(fk);
            }
        }
        for (Index i : t.indexes()) {
            if (!i.backsConstraint()) {
                indexes.add(i);
            }
        }
    }

    /** Whether the primary key is this one column alone. */
    boolean isSolePk(String column) {
        return pk.size() == 1 && pk.contains(column);
    }
}
