package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.config.CacheDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.OSInfo;

/**
 * Keeps the SQLite driver's native library in a per-version directory of the {@link CacheDirectory} so that it is unpacked once, not at
 * every start. Left alone, the xerial driver copies its 1 MB library out of the jar into the temporary directory
 * and compares the copy byte by byte with the original on every process start: about 70 ms of CPU in a process
 * an MCP client spawns per session (issue 7). The driver loads a library named by its {@code org.sqlite.lib.path}
 * and {@code org.sqlite.lib.name} properties directly; this class fills them in with the cached copy.
 *
 * <p>The copy is written to a temporary file and renamed into place, so a concurrent start sees either no file
 * or a whole one. A cache that cannot be written, or properties the user set, leave the driver's own behaviour.
 * Thread-safe; the work happens once per process.
 */
final class SqliteNativeLibrary {
    private static volatile boolean prepared;

    private SqliteNativeLibrary() {
    }

    /** Points the driver at the cached library, unpacking it first when absent. Never throws. */
    static void prepare() {
        if (prepared) {
            return;
        }
        synchronized (SqliteNativeLibrary.class) {
            if (!prepared) {
                try {
                    useCachedCopy(CacheDirectory.root());
                } catch (IOException | RuntimeException e) {
                    // the driver unpacks it the usual way
                }
                prepared = true;
            }
        }
    }

    /** Where the library of this driver version and platform is kept under {@code root}. */
    static Path cachedLibrary(Path root) {
        return root.resolve("sqlite-" + SQLiteJDBCLoader.getVersion())
                .resolve(OSInfo.getNativeLibFolderPathForCurrentOS().replace('/', '-'))
                .resolve(libraryName());
    }

    private static void useCachedCopy(Path root) throws IOException {
        if (root == null || System.getProperty("org.sqlite.lib.path") != null
                || System.getProperty("org.sqlite.lib.name") != null) {
            return;
        }
        Path library = install(root);
        if (library != null) {
            System.setProperty("org.sqlite.lib.path", library.getParent().toString());
            System.setProperty("org.sqlite.lib.name", library.getFileName().toString());
        }
    }

    /** The cached library under {@code root}, unpacked from the driver's jar when absent; null if none is bundled. */
    static Path install(Path root) throws IOException {
        Path target = cachedLibrary(root);
        if (!Files.isRegularFile(target)) {
            unpack("/org/sqlite/native/" + OSInfo.getNativeLibFolderPathForCurrentOS() + "/" + libraryName(), target);
        }
        return Files.isRegularFile(target) ? target : null;
    }

    private static void unpack(String resource, Path target) throws IOException {
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return; // no bundled library for this platform: the driver says so itself
            }
            Files.createDirectories(target.getParent());
            Path partial = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".part");
            try {
                Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(partial);
            }
        }
    }

    private static String libraryName() {
        String name = System.mapLibraryName("sqlitejdbc");
        return name.endsWith(".dylib") ? name.replace(".dylib", ".jnilib") : name;
    }
}
