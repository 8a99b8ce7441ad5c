package dev.gabysql.core.dialect.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.OSInfo;

class SqliteNativeLibraryTest {
    @TempDir
    Path cache;

    @Test
    void unpacksTheDriversLibraryOnceIntoAVersionedDirectory() throws Exception {
        Path library = SqliteNativeLibrary.install(cache);

        assertThat(library).isEqualTo(SqliteNativeLibrary.cachedLibrary(cache)).isRegularFile();
        assertThat(library.toString()).contains("sqlite-" + SQLiteJDBCLoader.getVersion());
        try (InputStream bundled = SQLiteJDBCLoader.class.getResourceAsStream(
                "/org/sqlite/native/" + OSInfo.getNativeLibFolderPathForCurrentOS() + "/" + library.getFileName())) {
            assertThat(Files.readAllBytes(library)).isEqualTo(bundled.readAllBytes());
        }
        try (var leftovers = Files.list(library.getParent())) {
            assertThat(leftovers).containsExactly(library); // no partial copy left behind
        }

        FileTime before = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(library, before);
        assertThat(SqliteNativeLibrary.install(cache)).isEqualTo(library);
        assertThat(Files.getLastModifiedTime(library)).isEqualTo(before); // reused, not written again
    }

    @Test
    void namesThePlatformAsTheDriverDoesWithoutStartingAProcess() {
        assertThat(SqliteNativeLibrary.platformFolder()).isEqualTo(OSInfo.getNativeLibFolderPathForCurrentOS());
    }
}
