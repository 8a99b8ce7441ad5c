package dev.gabysql.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogLoaderTest {
    @TempDir
    Path dir;

    @Test
    void namesDatabasesFromSpecsAndTheDataDirectory() {
        TestDatabases.sqliteFile(dir, "sales", "CREATE TABLE t (a int)");
        TestDatabases.sqliteFile(dir, "hr", "CREATE TABLE t (a int)");
        Catalog c = CatalogLoader.load(new CatalogOptions(
                List.of(
                        "pg=jdbc:postgresql://localhost/x",
                        dir.resolve("sales.db").toString(),
                        "other=" + dir.resolve("hr.db")),
                dir,
                false));
        assertThat(c.names()).containsExactly("pg", "sales", "other", "hr");
        assertThat(c.resolve("sales").url())
                .isEqualTo("jdbc:sqlite:" + dir.resolve("sales.db").toAbsolutePath());
    }

    @Test
    void theNamedDatabasesAreThoseOfTheCommandLineNotOfTheDataDirectory() {
        TestDatabases.sqliteFile(dir, "hr", "CREATE TABLE t (a int)");
        CatalogOptions options = new CatalogOptions(
                List.of(
                        "pg=jdbc:postgresql://localhost/x",
                        dir.resolve("sales.db").toString()),
                dir,
                true);
        assertThat(options.namedDatabases()).containsExactly("pg", "sales", "demo");
        assertThat(new CatalogOptions(List.of(), dir, false).namedDatabases()).isEmpty();
    }

    @Test
    void theDemoIsCreatedOnFirstUseAndKept() throws Exception {
        Catalog c = CatalogLoader.load(new CatalogOptions(List.of(), dir.resolve("data"), true));
        Path demo = dir.resolve("data/demo.db");
        assertThat(c.names()).containsExactly("demo");
        assertThat(Files.size(demo)).isGreaterThan(10_000);
        long modified = Files.getLastModifiedTime(demo).toMillis();
        CatalogLoader.load(new CatalogOptions(List.of(), dir.resolve("data"), true));
        assertThat(Files.getLastModifiedTime(demo).toMillis()).isEqualTo(modified);
    }

    @Test
    void aMissingDataDirectoryIsAnEmptyCatalog() {
        assertThat(CatalogLoader.load(new CatalogOptions(List.of(), dir.resolve("nope"), false))
                        .isEmpty())
                .isTrue();
    }

    @Test
    void refusesPathsUrlsAndUnknownNamesAsDatabaseArguments() {
        Catalog c = new Catalog(List.of(DatabaseConfig.sqlite("sales", dir.resolve("s.db"))));
        for (String bad : List.of("../x", "/etc/passwd", "jdbc:sqlite:/etc/passwd", "a/b", "..", ".hidden", "x y")) {
            assertThatThrownBy(() -> c.resolve(bad))
                    .as(bad)
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_DATABASE_NAME));
        }
        assertThatThrownBy(() -> c.resolve("hr")).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_DATABASE);
            assertThat(e.getMessage()).contains("Known databases: sales");
        });
    }

    @Test
    void aJdbcUrlNeedsANameAndNamesAreUnique() {
        assertThatThrownBy(() -> CatalogLoader.load(new CatalogOptions(List.of("jdbc:postgresql://h/d"), dir, false)))
                .hasMessageContaining("needs a name");
        assertThatThrownBy(() -> CatalogLoader.load(new CatalogOptions(List.of("a=x.db", "a=y.db"), dir, false)))
                .hasMessageContaining("given twice");
    }

    @Test
    void masksPasswordsInUrls() {
        assertThat(JdbcUrls.mask("jdbc:postgresql://h/d?user=u&password=s3cret&ssl=true"))
                .isEqualTo("jdbc:postgresql://h/d?user=u&password=***&ssl=true");
        assertThat(JdbcUrls.mask("jdbc:mariadb://u:s3cret@h/d")).isEqualTo("jdbc:mariadb://u:***@h/d");
        assertThat(JdbcUrls.mask("jdbc:sqlserver://h;user=u;password=s3cret;db=x"))
                .doesNotContain("s3cret");
        DatabaseConfig db = DatabaseConfig.of("x", "jdbc:postgresql://h/d?password=s3cret")
                .user("u")
                .password("pw")
                .build();
        assertThat(db.toString()).doesNotContain("s3cret").doesNotContain("pw");
    }
}
