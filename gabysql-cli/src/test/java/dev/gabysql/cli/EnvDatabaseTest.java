package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.catalog.DatabaseConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvDatabaseTest {

    @Test
    void noUrlNoDatabase() {
        assertThat(EnvDatabase.from(Map.of())).isEmpty();
        assertThat(EnvDatabase.from(Map.of("GABYSQL_DB_URL", "  "))).isEmpty();
    }

    @Test
    void jdbcUrlWithUserAndPasswordNamedDbByDefault() {
        List<DatabaseConfig> dbs = EnvDatabase.from(Map.of(
                "GABYSQL_DB_URL",
                "jdbc:postgresql://h/sales",
                "GABYSQL_DB_USER",
                "reader",
                "GABYSQL_DB_PASSWORD",
                "s3cret"));
        assertThat(dbs).hasSize(1);
        DatabaseConfig db = dbs.get(0);
        assertThat(db.name()).isEqualTo("db");
        assertThat(db.user()).isEqualTo("reader");
        assertThat(db.password()).isEqualTo("s3cret");
        assertThat(db.toString()).doesNotContain("s3cret");
    }

    @Test
    void aPathIsASqliteFileUnderTheGivenName() {
        DatabaseConfig db = EnvDatabase.from(Map.of("GABYSQL_DB_URL", "shop.db", "GABYSQL_DB_NAME", "shop"))
                .get(0);
        assertThat(db.name()).isEqualTo("shop");
        assertThat(db.url()).startsWith("jdbc:sqlite:").endsWith("shop.db");
    }
}
