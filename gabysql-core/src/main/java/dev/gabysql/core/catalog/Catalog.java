package dev.gabysql.core.catalog;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.internal.Texts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The named databases gabysql serves. Callers address a database by name only; a name that looks like a path or
 * a URL is refused before any lookup, so no tool argument can ever point gabysql at a file or server of its own
 * choosing. Immutable and thread-safe.
 */
public final class Catalog {
    /** Letters, digits, underscore, dash and dot, not starting with a dot: no separators, no "..". */
    private static final Pattern VALID_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-]{0,127}");

    private final Map<String, DatabaseConfig> databases;

    public Catalog(List<DatabaseConfig> databases) {
        Map<String, DatabaseConfig> byName = new LinkedHashMap<>();
        for (DatabaseConfig db : databases) {
            requireValidName(db.name());
            if (byName.putIfAbsent(db.name(), db) != null) {
                throw new GabyException(
                        ErrorCode.CONFIG_INVALID,
                        "Database name `" + db.name() + "` is used twice.",
                        "Give each database its own name (--db NAME=URL).");
            }
        }
        this.databases = Collections.unmodifiableMap(byName);
    }

    public List<DatabaseConfig> all() {
        return new ArrayList<>(databases.values());
    }

    public List<String> names() {
        return new ArrayList<>(databases.keySet());
    }

    public boolean isEmpty() {
        return databases.isEmpty();
    }

    /** The database called {@code name}; refuses paths, URLs and unknown names with an error listing the known ones. */
    public DatabaseConfig resolve(String name) {
        if (name == null || name.isBlank()) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "No database named. Known databases: " + known() + ".",
                    "Pass db with one of: " + known() + ".");
        }
        DatabaseConfig db = databases.get(name); // every configured name was checked in the constructor
        if (db == null && !isValidName(name)) {
            throw new GabyException(
                    ErrorCode.INVALID_DATABASE_NAME,
                    "`" + shorten(name)
                            + "` is not a database name (paths and URLs are not accepted). Known databases: " + known()
                            + ".");
        }
        if (db == null) {
            throw new GabyException(
                    ErrorCode.UNKNOWN_DATABASE, "Unknown database `" + name + "`. Known databases: " + known() + ".");
        }
        return db;
    }

    public static boolean isValidName(String name) {
        return name != null && VALID_NAME.matcher(name).matches() && !name.contains("..");
    }

    static void requireValidName(String name) {
        if (!isValidName(name)) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "`" + shorten(name) + "` cannot be a database name.",
                    "Use letters, digits, '_', '-' or '.' (not leading), e.g. --db sales=jdbc:postgresql://host/sales.");
        }
    }

    private String known() {
        return databases.isEmpty() ? "(none configured)" : String.join(", ", databases.keySet());
    }

    private static String shorten(String s) {
        String v = String.valueOf(s);
        return Texts.cut(v, 80, "…");
    }
}
