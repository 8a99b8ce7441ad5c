package dev.gabysql.core.catalog;

import java.nio.file.Path;
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
}
