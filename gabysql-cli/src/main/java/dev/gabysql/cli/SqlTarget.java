package dev.gabysql.cli;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.catalog.CatalogLoader;
import dev.gabysql.core.catalog.CatalogOptions;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Which database {@code gabysql sql} runs on. Its DB argument is a name from the catalog or, as with
 * {@code sqlite3}, a SQLite file ({@code PATH.db}, or any path with a directory in it), added to the catalog as
 * {@code --db PATH} adds one; {@code --create} makes that file, empty, when it does not exist (readwrite or admin
 * only). Without the argument, the database given on the command line ({@code --db}, {@code --demo}) is the one,
 * even when the data directory holds others; else the catalog's only database. Stateless.
 */
final class SqlTarget {
    private static final List<String> SQLITE_SUFFIXES = List.of(".db", ".sqlite", ".sqlite3", ".db3");
    private static final String CREATE = "gabysql sql PATH.db --create --mode readwrite (or admin)";

    private SqlTarget() {}

    /**
     * Before the service opens: a SQLite file argument joins the catalog (made first with {@code --create}).
     * Returns the name of the database the argument names, or null without one.
     */
    static String prepare(String arg, boolean create, CommonOptions common) {
        if (create && !common.settings().mode().allowsWrites()) {
            throw usage("--create makes a new SQLite file, a write: it needs --mode readwrite or admin.", CREATE);
        }
        if (arg == null || common.catalog().names().contains(arg) || !isFilePath(arg)) {
            if (create) {
                throw usage("--create needs the SQLite file to make as the DB argument.", CREATE);
            }
            return arg;
        }
        Path file = Path.of(arg);
        String name = CatalogLoader.nameOf(file);
        if (!Files.exists(file)) {
            if (!create) {
                throw new GabyException(
                        ErrorCode.BAD_REQUEST,
                        "No SQLite file at " + file + ".",
                        "Check the path, or add --create (with --mode readwrite or admin) to make a new, empty"
                                + " database there.");
            }
            createEmpty(file);
        } else if (!Files.isRegularFile(file)) {
            throw usage("`" + file + "` is not a file.", "Name a SQLite file: gabysql sql PATH.db");
        }
        common.dbs.add(name + "=" + arg);
        return name;
    }

    /**
     * The database to run on: the one named; else the one the command line gives, or the catalog's only one;
     * the shell ({@code lenient}) starts on the first of several.
     */
    static String choose(String named, GabyService service, CatalogOptions options, boolean lenient) {
        if (named != null) {
            return named;
        }
        List<String> given = options.namedDatabases();
        if (given.size() == 1) {
            return given.get(0);
        }
        List<String> all = service.listDatabases(CallContext.of("cli")).stream()
                .map(DatabaseInfo::name)
                .toList();
        List<String> candidates = given.isEmpty() ? all : given;
        if (candidates.size() == 1 || (lenient && !candidates.isEmpty())) {
            return candidates.get(0);
        }
        throw new GabyException(
                ErrorCode.BAD_REQUEST,
                candidates.isEmpty()
                        ? "No database: pass PATH.db, --db NAME=URL, --db PATH.db, --data-dir DIR, --demo, or set"
                                + " GABYSQL_DB_URL."
                        : "Several databases; name one: " + String.join(", ", candidates),
                "gabysql sql DB -c 'SELECT …'");
    }

    /** A path rather than a name: it has a directory in it or a SQLite file's extension. */
    private static boolean isFilePath(String arg) {
        String lower = arg.toLowerCase(Locale.ROOT);
        return arg.indexOf('/') >= 0
                || arg.indexOf(java.io.File.separatorChar) >= 0
                || SQLITE_SUFFIXES.stream().anyMatch(lower::endsWith);
    }

    /** A file of zero bytes is an empty SQLite database: SQLite writes its header with the first change. */
    private static void createEmpty(Path file) {
        try {
            Files.createFile(file);
        } catch (FileAlreadyExistsException e) {
            // made meanwhile by someone else: open it as it is
        } catch (IOException e) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Unable to create the SQLite file " + file + ": " + e.getMessage(),
                    "Check that its directory exists and is writable.");
        }
    }

    private static GabyException usage(String message, String hint) {
        return new GabyException(ErrorCode.BAD_REQUEST, message, hint);
    }
}
