package dev.gabysql.core.dialect.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The columns of one scanned table that a plan's conditions use, and the indexes worth trying for them
 * (docs/dba.md#index-advice): equality columns first (they lead a B-tree index), then join columns, then one range
 * column; each column alone as well. The conditions are the engine's own text of the plan, so only the column
 * references are read here, never the statement. Not thread-safe.
 */
public final class IndexCandidates {
    /** Candidates tried per table at most: each costs the planner one more plan. */
    public static final int MAX_PER_TABLE = 6;
    /** Columns an index proposed here has at most. */
    private static final int MAX_COLUMNS = 4;

    private static final Pattern CAST = Pattern.compile("^(\\)|::\\s*(\"[^\"]*\"|[\\w ]+?)(?=[\\s)=<>,]|$)|\\s)+");
    private static final Pattern OPERATOR =
            Pattern.compile("^(=|<=|>=|<(?!>)|>|IS\\s+(NOT\\s+)?NULL|BETWEEN|IN\\b|= ANY)", Pattern.CASE_INSENSITIVE);
    private static final Pattern BEFORE = Pattern.compile("(=|<=|>=|<|>)\\s*\\(*\\s*$");

    /** How a condition uses a column. */
    public enum Use {
        EQUALITY,
        JOIN,
        RANGE,
        ORDER
    }

    private final Map<String, Use> columns = new LinkedHashMap<>();

    /**
     * Reads the references to this table's columns in {@code condition} ({@code columnRef}'s group 1 is the column as
     * the engine quotes it) and how each is compared; {@code use} is what a comparison means here: {@link
     * Use#EQUALITY} for a filter, {@link Use#JOIN} for a join condition.
     */
    public void read(String condition, Pattern columnRef, Use use) {
        if (condition == null) {
            return;
        }
        Matcher m = columnRef.matcher(condition);
        while (m.find()) {
            Use how = comparison(condition, m.start(), m.end(), use);
            if (how != null) {
                note(m.group(1), how);
            }
        }
    }

    /** A column the plan sorts this table's rows by. */
    public void ordered(String column) {
        note(column, Use.ORDER);
    }

    public boolean isEmpty() {
        return columns.isEmpty();
    }

    /** The column lists to try, the widest useful one first. */
    public List<List<String>> candidates() {
        List<String> leading = new ArrayList<>();
        String range = null;
        for (Map.Entry<String, Use> e : columns.entrySet()) {
            if (e.getValue() == Use.EQUALITY || e.getValue() == Use.JOIN) {
                leading.add(e.getKey());
            } else if (e.getValue() == Use.RANGE && range == null) {
                range = e.getKey();
            }
        }
        Set<List<String>> out = new LinkedHashSet<>();
        List<String> wide = new ArrayList<>(leading.subList(0, Math.min(leading.size(), MAX_COLUMNS - 1)));
        if (range != null) {
            wide.add(range);
        }
        if (wide.size() > 1) {
            out.add(List.copyOf(wide));
        }
        for (String c : columns.keySet()) {
            out.add(List.of(c));
        }
        List<List<String>> list = new ArrayList<>(out);
        return list.subList(0, Math.min(list.size(), MAX_PER_TABLE));
    }

    private void note(String column, Use use) {
        Use had = columns.get(column);
        if (had == null || use.ordinal() < had.ordinal()) {
            columns.put(column, use);
        }
    }

    /** How the reference at {@code start..end} is compared: by what follows it, or else by what comes before. */
    private static Use comparison(String text, int start, int end, Use use) {
        String after = text.substring(end);
        Matcher cast = CAST.matcher(after);
        if (cast.find()) {
            after = after.substring(cast.end());
        }
        Matcher op = OPERATOR.matcher(after);
        if (op.find()) {
            return kind(op.group(1), use);
        }
        Matcher before = BEFORE.matcher(text.substring(0, start));
        if (before.find()) {
            return kind(before.group(1), use);
        }
        return null;
    }

    private static Use kind(String operator, Use use) {
        String op = operator.toUpperCase(Locale.ROOT);
        if (op.equals("=") || op.startsWith("IS") || op.startsWith("IN") || op.startsWith("= ANY")) {
            return use;
        }
        return Use.RANGE;
    }
}
