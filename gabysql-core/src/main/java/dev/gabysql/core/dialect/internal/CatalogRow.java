package dev.gabysql.core.dialect.internal;

import dev.gabysql.core.api.QueryResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One row of a catalog query read by column name, as the DBA reports read theirs (docs/dba.md). Values are what
 * {@link QueryResult} holds: numbers, booleans and strings. Immutable.
 */
public final class CatalogRow {
    private final Map<String, Integer> index;
    private final List<Object> values;

    private CatalogRow(Map<String, Integer> index, List<Object> values) {
        this.index = index;
        this.values = values;
    }

    /** Every row of {@code result}. */
    public static List<CatalogRow> of(QueryResult result) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < result.columns().size(); i++) {
            index.put(result.columns().get(i).name().toLowerCase(Locale.ROOT), i);
        }
        List<CatalogRow> rows = new ArrayList<>();
        for (List<Object> r : result.rows()) {
            rows.add(new CatalogRow(index, r));
        }
        return rows;
    }

    /** The first row of {@code result}, or null when it has none. */
    public static CatalogRow first(QueryResult result) {
        List<CatalogRow> rows = of(result);
        return rows.isEmpty() ? null : rows.get(0);
    }

    public Object value(String column) {
        Integer i = index.get(column.toLowerCase(Locale.ROOT));
        if (i == null) {
            throw new IllegalArgumentException("No column " + column + " in the catalog query's result");
        }
        return values.get(i);
    }

    public String text(String column) {
        Object v = value(column);
        return v == null ? null : v.toString();
    }

    /** An integer column; null stays null. */
    public Long number(String column) {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        return v instanceof Number
                ? ((Number) v).longValue()
                : Long.valueOf(Long.parseLong(v.toString().strip()));
    }

    /** An integer column, {@code orElse} for null. */
    public long number(String column, long orElse) {
        Long v = number(column);
        return v == null ? orElse : v;
    }

    public Double decimal(String column) {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        return v instanceof Number ? ((Number) v).doubleValue() : Double.valueOf(Double.parseDouble(v.toString()));
    }

    /** A boolean column (1/0 on engines without booleans); null is false. */
    public boolean flag(String column) {
        Object v = value(column);
        if (v instanceof Boolean) {
            return (Boolean) v;
        }
        if (v instanceof Number) {
            return ((Number) v).intValue() != 0;
        }
        return v != null
                && (v.toString().equalsIgnoreCase("true") || v.toString().equals("1"));
    }
}
