package dev.gabysql.cli;

import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.CatalogLoader;
import dev.gabysql.core.catalog.CatalogOptions;
import dev.gabysql.core.config.Mode;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.service.GabyService;
import dev.gabysql.core.service.LocalGabyService;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The catalog and limit options every subcommand shares, so that {@code --db}, {@code --data-dir},
 * {@code --demo}, {@code --mode}… mean the same everywhere. A database may also come from the environment
 * ({@link EnvDatabase}: {@code GABYSQL_DB_URL} and friends).
 */
public final class CommonOptions {
    @Option(names = "--db", paramLabel = "NAME=URL|PATH.db",
            description = "A database: NAME=JDBC_URL, NAME=PATH.db or PATH.db (named after the file). Repeatable.")
    List<String> dbs = new ArrayList<>();

    @Option(names = "--data-dir", paramLabel = "DIR", defaultValue = "data",
            description = "Every *.db file in DIR is a SQLite database named after the file (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--demo", description = "Add the sample database `demo` (created in the data directory on first use).")
    boolean demo;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "readonly",
            description = "Access mode: readonly (default), readwrite or admin.")
    String mode;

    @Option(names = "--max-rows", paramLabel = "N", defaultValue = "500",
            description = "Rows returned by a read at most (default: ${DEFAULT-VALUE}).")
    int maxRows;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "Statement timeout in seconds (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--schema-ttl", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long a schema description stays cached (default: ${DEFAULT-VALUE}).")
    int schemaTtlSeconds;

    /** The settings these options describe. */
    public Settings settings() {
        Mode m = Mode.parse(mode);
        if (m == null) {
            throw new GabyException(ErrorCode.CONFIG_INVALID, "Unknown mode `" + mode + "`.",
                    "Use --mode readonly, readwrite or admin.");
        }
        if (maxRows < 1 || timeoutSeconds < 1 || schemaTtlSeconds < 0) {
            throw new GabyException(ErrorCode.CONFIG_INVALID, "--max-rows and --timeout must be positive.",
                    "For example: --max-rows 500 --timeout 30.");
        }
        Limits limits = new Limits(Duration.ofSeconds(timeoutSeconds), maxRows, Limits.DEFAULT.maxValueChars(),
                Limits.DEFAULT.maxResultChars());
        return new Settings(m, limits, Duration.ofSeconds(schemaTtlSeconds), null);
    }

    public CatalogOptions catalogOptions() {
        return new CatalogOptions(dbs, dataDir, demo);
    }

    /** The catalog: the environment's database (GABYSQL_DB_URL) first, then --db, the data directory, --demo. */
    public Catalog catalog() {
        return CatalogLoader.load(catalogOptions(), EnvDatabase.from(System.getenv()));
    }

    /** The local service over this catalog. */
    public GabyService openService() {
        return new LocalGabyService(catalog(), settings());
    }
}
