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
 * Keeps the SQLite driver's native library in a per-version directory of the {@link CacheDirectory} so that it is
 * unpacked once, not at every start. Left alone, the xerial driver copies its 1 MB library out of the jar into the
 * temporary directory and compares the copy byte by byte with the original on every process start: CPU spent in every
 * process an MCP client spawns per session (docs/design.md#start-up). The driver loads a library named by its
 * {@code org.sqlite.lib.path} and {@code org.sqlite.lib.name} properties directly; this class fills them in with the
 * cached copy.
 *
 * <p>The copy is written to a temporary file and renamed into place, so a concurrent start sees either no file
 * or a whole one. A cache that cannot be written, or properties the user set, leave the driver's own behaviour.
 * Thread-safe; the work happens once per process.
 */
final class SqliteNativeLibrary {
    private static volatile boolean prepared;

    private SqliteNativeLibrary() {}

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
                .resolve(platformFolder().replace('/', '-'))
                .resolve(libraryName());
    }

    /**
     * The driver's folder name for this platform ({@code Linux/x86_64}, {@code Mac/aarch64}, …), as
     * {@link OSInfo#getNativeLibFolderPathForCurrentOS()} gives it. On Linux the driver finds out whether it runs
     * under Termux by starting {@code uname -o}: a process per start-up (a few milliseconds, and a forked copy of
     * the JVM that memory samplers count). Outside Android and Termux the answer is known without it.
     */
    static String platformFolder() {
        String os = System.getProperty("os.name", "");
        if (!os.contains("Linux") || OSInfo.isAndroidRuntime() || mayBeTermux()) {
            return OSInfo.getNativeLibFolderPathForCurrentOS();
        }
        return (OSInfo.isMusl() ? "Linux-Musl" : "Linux") + "/" + OSInfo.getArchName();
    }

    private static boolean mayBeTermux() {
        String prefix = System.getenv("PREFIX");
        return System.getenv("TERMUX_VERSION") != null || (prefix != null && prefix.contains("com.termux"));
    }

    private static void useCachedCopy(Path root) throws IOException {
        if (root == null
                || System.getProperty("org.sqlite.lib.path") != null
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
            unpack("/org/sqlite/native/" + platformFolder() + "/" + libraryName(), target);
        }
        return Files.isRegularFile(target) ? target : null;
    }

    private static void unpack(String resource, Path target) throws IOException {
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return; // no bundled library for this platform: the driver says so itself
            }
            Files.createDirectories(target.getParent());
            Path partial = Files.createTempFile(
                    target.getParent(), target.getFileName().toString(), ".part");
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
