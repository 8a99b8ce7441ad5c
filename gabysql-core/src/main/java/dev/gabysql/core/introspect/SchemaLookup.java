package dev.gabysql.core.introspect;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.introspect.SchemaModel.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Finds the tables a caller named in a schema read with their filter, and turns a miss into a clear error:
 * UNKNOWN_TABLE with the closest names (from the whole schema, read only on that error path), a BAD_REQUEST for
 * a name that exists in several schemas or a schema that does not exist. Stateless.
 */
public final class SchemaLookup {
    private static final int MAX_SUGGESTIONS = 5;

    private SchemaLookup() {}

    /** The one table {@code reference} ("name" or "schema.name") names in {@code model}. */
    public static Table find(SchemaModel model, String reference, Supplier<SchemaModel> everything) {
        if (reference == null || reference.isBlank()) {
            throw new GabyException(ErrorCode.BAD_REQUEST, "No table named.", "Pass the table's name.");
        }
        List<Table> found = matching(model, reference);
        SchemaModel all = null;
        if (found.isEmpty()) { // a reader whose filter compares names exactly, on an engine that folds them (H2)
            all = everything.get();
            found = matching(all, reference);
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            throw unknown(model.database(), reference, all);
        }
        List<String> names = new ArrayList<>();
        found.forEach(t -> names.add(t.qualifiedName()));
        throw new GabyException(
                ErrorCode.BAD_REQUEST,
                "`" + reference + "` is ambiguous: " + String.join(", ", names) + ".",
                "Qualify the name with its schema, e.g. `" + names.get(0) + "`.");
    }

    /** Checks that every table and the schema the filter names exist in {@code model}. */
    public static void requireAll(SchemaModel model, SchemaFilter filter, Supplier<SchemaModel> everything) {
        if (filter.schema() != null && !model.schemas().contains(filter.schema())) {
            SchemaModel all = everything.get();
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Database `" + model.database() + "` has no schema `" + filter.schema() + "`.",
                    "Its schemas: " + String.join(", ", all.schemas()) + ".");
        }
        for (String name : filter.tables()) {
            if (matches(model, name, true).isEmpty()) {
                throw unknown(model.database(), name, everything.get());
            }
        }
    }

    /**
     * The one table {@code reference} names in {@code model}, or null when it names none or several (the caller
     * then asks a fresh read, which also explains an ambiguity).
     */
    public static Table findExactlyOne(SchemaModel model, String reference) {
        if (reference == null || reference.isBlank()) {
            return null;
        }
        List<Table> found = matching(model, reference);
        return found.size() == 1 ? found.get(0) : null;
    }

    /** Exact matches, or else matches ignoring case. */
    private static List<Table> matching(SchemaModel model, String reference) {
        List<Table> exact = matches(model, reference, false);
        return exact.isEmpty() ? matches(model, reference, true) : exact;
    }

    private static List<Table> matches(SchemaModel model, String reference, boolean ignoreCase) {
        List<Table> out = new ArrayList<>();
        for (Table t : model.tables()) {
            boolean hit = ignoreCase
                    ? t.name().equalsIgnoreCase(reference) || t.qualifiedName().equalsIgnoreCase(reference)
                    : t.isNamed(reference);
            if (hit) {
                out.add(t);
            }
        }
        return out;
    }

    private static GabyException unknown(String db, String reference, SchemaModel all) {
        List<String> close = suggestions(all, reference);
        String hint = close.isEmpty() ? null : "Did you mean " + String.join(", ", close) + "?";
        return new GabyException(
                ErrorCode.UNKNOWN_TABLE, "Database `" + db + "` has no table or view `" + reference + "`.", hint);
    }

    static List<String> suggestions(SchemaModel all, String reference) {
        String wanted = reference.toLowerCase(Locale.ROOT);
        String bare = wanted.substring(wanted.lastIndexOf('.') + 1);
        List<String> out = new ArrayList<>();
        for (Table t : all.tables()) {
            String name = t.name().toLowerCase(Locale.ROOT);
            boolean close = name.contains(bare) || bare.contains(name) || distance(name, bare) <= 2;
            if (close && out.size() < MAX_SUGGESTIONS) {
                out.add("`" + t.qualifiedName() + "`");
            }
        }
        return out;
    }

    /** Levenshtein distance, for "did you mean". */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[b.length()];
    }
}
