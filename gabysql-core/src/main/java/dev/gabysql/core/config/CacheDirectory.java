package dev.gabysql.core.config;

import java.nio.file.Path;

/**
 * Where gabysql keeps what it can rebuild but would rather not rebuild at every start (docs/design.md#start-up): the
 * SQLite driver's unpacked native library, the warm-up's sample database. The system property
 * {@code gabysql.cache.dir}, else {@code $XDG_CACHE_HOME/gabysql}, else {@code ~/.cache/gabysql}. Stateless.
 */
public final class CacheDirectory {
    /** Overrides the location (tests; a read-only home). */
    public static final String PROPERTY = "gabysql.cache.dir";

    private CacheDirectory() {}

    /** The cache root, or null when there is no home to put it in. It may not exist yet. */
    public static Path root() {
        String explicit = System.getProperty(PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "gabysql");
        }
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() || "?".equals(home) ? null : Path.of(home, ".cache", "gabysql");
    }
}
