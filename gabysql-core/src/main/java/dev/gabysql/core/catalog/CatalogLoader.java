package dev.gabysql.core.catalog;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Builds the catalog from command-line options: explicit {@code --db} entries first, then the data directory's
 * SQLite files, then the demo database. An explicit entry wins over a data-directory file of the same name.
 */
public final class CatalogLoader {
    private CatalogLoader() {}

    public static Catalog load(CatalogOptions options) {
        return load(options, List.of());
    }

    /** Builds the catalog; {@code configured} are databases from a configuration file, listed first. */
    public static Catalog load(CatalogOptions options, List<DatabaseConfig> configured) {
        List<DatabaseConfig> dbs = new ArrayList<>(configured);
        for (String spec : options.dbSpecs()) {
            DatabaseConfig db = parseSpec(spec);
            if (dbs.stream().anyMatch(d -> d.name().equals(db.name()))) {
                throw new GabyException(
                        ErrorCode.CONFIG_INVALID,
                        "Database name `" + db.name() + "` is given twice.",
                        "Name it explicitly: --db OTHER_NAME=" + JdbcUrls.mask(db.url()));
            }
            dbs.add(db);
        }
        for (DatabaseConfig db : scanDataDir(options.dataDir())) {
            if (dbs.stream().noneMatch(d -> d.name().equals(db.name()))) {
                dbs.add(db);
            }
        }
        if (options.demo() && dbs.stream().noneMatch(d -> d.name().equals(DemoDatabase.NAME))) {
            dbs.add(DatabaseConfig.sqlite(DemoDatabase.NAME, DemoDatabase.ensure(options.dataDir())));
        }
        return new Catalog(dbs);
    }

    /** {@code NAME=URL}, {@code NAME=PATH} or {@code PATH} (a SQLite file named after its base name). */
    static DatabaseConfig parseSpec(String spec) {
        String s = spec == null ? "" : spec.strip();
        if (s.isEmpty()) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID, "--db needs a value.", "Use --db NAME=JDBC_URL or --db PATH.db.");
        }
        int eq = s.indexOf('=');
        boolean named = eq > 0 && !s.startsWith("jdbc:") && Catalog.isValidName(s.substring(0, eq));
        String name = named ? s.substring(0, eq) : null;
        String target = named ? s.substring(eq + 1) : s;
        if (target.startsWith("jdbc:")) {
            if (name == null) {
                throw new GabyException(
                        ErrorCode.CONFIG_INVALID,
                        "A JDBC URL needs a name: " + JdbcUrls.mask(target),
                        "Use --db NAME=" + JdbcUrls.mask(target));
            }
            return DatabaseConfig.of(name, target).build();
        }
        Path file = Path.of(target);
        return DatabaseConfig.sqlite(name != null ? name : nameOf(file), file);
    }

    /** The name a SQLite file gets in the catalog when none is given: its file name without the extension. */
    public static String nameOf(Path file) {
        String base = file.getFileName().toString();
        int dot = base.lastIndexOf('.');
        String name = dot > 0 ? base.substring(0, dot) : base;
        if (!Catalog.isValidName(name)) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Cannot derive a database name from `" + file + "`.",
                    "Name it explicitly: --db NAME=" + file);
        }
        return name;
    }

    static List<DatabaseConfig> scanDataDir(Path dir) {
        List<DatabaseConfig> found = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) {
            return found;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.db")) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                String base = name.substring(0, name.length() - 3);
                if (Files.isRegularFile(f) && Catalog.isValidName(base)) {
                    found.add(DatabaseConfig.sqlite(base, f));
                }
            }
        } catch (IOException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Unable to read the data directory " + dir + ": " + e.getMessage(),
                    "Check the path given with --data-dir.");
        }
        found.sort(
                (a, b) -> a.name().toLowerCase(Locale.ROOT).compareTo(b.name().toLowerCase(Locale.ROOT)));
        return found;
    }
}
