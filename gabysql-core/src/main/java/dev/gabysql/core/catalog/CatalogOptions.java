package dev.gabysql.core.catalog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the catalog comes from, as given on any subcommand's command line.
 *
 * @param dbSpecs  each {@code --db}: {@code NAME=JDBC_URL}, {@code NAME=PATH.db} or {@code PATH.db}
 * @param dataDir  a directory whose {@code *.db} files are SQLite databases named after the file
 * @param demo     add the sample database (created on first use in the data directory)
 */
public record CatalogOptions(List<String> dbSpecs, Path dataDir, boolean demo) {
    public static final Path DEFAULT_DATA_DIR = Path.of("data");

    public CatalogOptions {
        dbSpecs = dbSpecs == null ? List.of() : List.copyOf(dbSpecs);
        dataDir = dataDir == null ? DEFAULT_DATA_DIR : dataDir;
    }

    /**
     * The names of the databases these options give one by one, in order: each {@code --db}, then the demo with
     * {@code --demo} (not those a data directory happens to hold). A front end may take one of them as its default.
     */
    public List<String> namedDatabases() {
        List<String> names = new ArrayList<>();
        for (String spec : dbSpecs) {
            names.add(CatalogLoader.parseSpec(spec).name());
        }
        if (demo && !names.contains(DemoDatabase.NAME)) {
            names.add(DemoDatabase.NAME);
        }
        return names;
    }
}
