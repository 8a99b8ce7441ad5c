package dev.gabysql.core.dialect.internal;

import dev.gabysql.core.api.TableChange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tables a write reaches and how — its targets, the children its foreign-key cascades change, the tables its
 * triggers write — and the reasons found on the way that it cannot be rehearsed (docs/design.md#writes-preview-and-
 * confirm). Each dialect fills one from its catalog before the statement runs. Not thread-safe.
 */
public final class Reach {
    private final Map<String, TableChange.Cause> tables = new LinkedHashMap<>();
    private final List<String> noPreview = new ArrayList<>();

    /** Adds a table; the first cause that reaches it stays. Returns whether it is new. */
    public boolean add(String table, TableChange.Cause cause) {
        return tables.putIfAbsent(table, cause) == null;
    }

    /** Records why {@code where} (a trigger, a table, a default) makes the write unrehearsable. */
    public void block(String where, List<String> reasons) {
        for (String r : reasons) {
            String line = where + ": " + r;
            if (!noPreview.contains(line)) {
                noPreview.add(line);
            }
        }
    }

    public void block(String where, String reason) {
        block(where, List.of(reason));
    }

    public Map<String, TableChange.Cause> tables() {
        return tables;
    }

    public TableChange.Cause causeOf(String table) {
        return tables.get(table);
    }

    public List<String> noPreview() {
        return List.copyOf(noPreview);
    }
}
