package dev.gabysql.mcp.tool;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The arguments of one tool call, read with gabysql's own errors: a missing or mistyped argument is a
 * {@code BAD_REQUEST} that names the argument and what to pass instead, and unknown arguments are refused (a model's
 * typo such as {@code query} for {@code sql} must not be silently ignored). Not thread-safe; one per call.
 */
public final class Args {
    private final Map<String, Object> values;

    private Args(Map<String, Object> values) {
        this.values = values == null ? Map.of() : values;
    }

    static Args of(Map<String, Object> arguments, Set<String> known) {
        Args args = new Args(arguments);
        args.rejectUnknown(known);
        return args;
    }

    /** The arguments but {@code left}: a curated tool's own parameters, without its write arguments. */
    Map<String, Object> without(Set<String> left) {
        Map<String, Object> rest = new java.util.HashMap<>(values);
        rest.keySet().removeAll(left);
        return rest;
    }

    String requireString(String name) {
        String v = optionalString(name);
        if (v == null || v.isBlank()) {
            throw bad("Missing argument `" + name + "`.", "Pass " + name + " as a string.");
        }
        return v;
    }

    /** The SQL argument: empty or missing is EMPTY_SQL, the guard's own code for it. */
    String sql() {
        String v = optionalString("sql");
        if (v == null || v.isBlank()) {
            throw new GabyException(ErrorCode.EMPTY_SQL, "The SQL is empty.", "Pass one SQL statement in sql.");
        }
        return v;
    }

    String optionalString(String name) {
        Object v = values.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String)) {
            throw bad("Argument `" + name + "` must be a string.", "Pass " + name + " as a JSON string.");
        }
        return (String) v;
    }

    Integer optionalInt(String name, int min) {
        Object v = values.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Number) || ((Number) v).doubleValue() != Math.rint(((Number) v).doubleValue())) {
            throw bad("Argument `" + name + "` must be an integer.", "Pass " + name + " as a JSON number, e.g. 100.");
        }
        double n = ((Number) v).doubleValue();
        if (n < min) {
            throw bad("Argument `" + name + "` must be at least " + min + ".", "Pass e.g. " + name + ": 100.");
        }
        return (int) Math.min(n, Integer.MAX_VALUE); // above the server's cap anyway
    }

    boolean optionalBoolean(String name) {
        Object v = values.get(name);
        if (v == null) {
            return false;
        }
        if (!(v instanceof Boolean)) {
            throw bad("Argument `" + name + "` must be true or false.", "Pass " + name + " as a JSON boolean.");
        }
        return (Boolean) v;
    }

    String optionalChoice(String name, String fallback, List<String> choices) {
        String v = optionalString(name);
        if (v == null) {
            return fallback;
        }
        if (!choices.contains(v)) {
            throw bad(
                    "Argument `" + name + "` must be one of " + String.join(", ", choices) + ".",
                    "Pass " + name + ": \"" + fallback + "\" or another listed value.");
        }
        return v;
    }

    /** A list of strings; a single string is taken as a list of one. */
    List<String> optionalStrings(String name) {
        Object v = values.get(name);
        if (v == null) {
            return List.of();
        }
        if (v instanceof String) {
            return List.of((String) v);
        }
        if (!(v instanceof List)) {
            throw bad("Argument `" + name + "` must be a list of strings.", "Pass e.g. " + name + ": [\"orders\"].");
        }
        List<String> out = new ArrayList<>();
        for (Object o : (List<?>) v) {
            if (!(o instanceof String)) {
                throw bad("Argument `" + name + "` must hold strings only.", "Pass e.g. " + name + ": [\"orders\"].");
            }
            out.add((String) o);
        }
        return out;
    }

    /** Positional parameter values: strings, numbers, booleans or null — nothing nested. */
    List<Object> optionalParams(String name) {
        Object v = values.get(name);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List)) {
            throw bad("Argument `" + name + "` must be a list of values.", "Pass e.g. " + name + ": [42, \"paid\"].");
        }
        for (Object o : (List<?>) v) {
            if (o instanceof Map || o instanceof List) {
                throw bad(
                        "Argument `" + name + "` may hold strings, numbers, booleans and null only.",
                        "Pass one scalar value per ? placeholder, in order.");
            }
        }
        return Collections.unmodifiableList(new ArrayList<>((List<?>) v));
    }

    private void rejectUnknown(Set<String> known) {
        if (known.containsAll(values.keySet())) {
            return;
        }
        Set<String> unknown = new TreeSet<>(values.keySet());
        unknown.removeAll(known);
        throw bad(
                "Unknown argument" + (unknown.size() > 1 ? "s " : " ") + "`" + String.join("`, `", unknown) + "`.",
                known.isEmpty()
                        ? "This tool takes no arguments."
                        : "The arguments are: " + String.join(", ", new TreeSet<>(known)) + ".");
    }

    private static GabyException bad(String message, String hint) {
        return new GabyException(ErrorCode.BAD_REQUEST, message, hint);
    }
}
