package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Databases that cannot be used — a missing SQLite file, a JDBC URL the driver rejects, a server that is down —
 * each answer with a clean error that shows no password, and the next call on a good database is still served.
 */
final class BrokenDatabasesTest {
    @TempDir
    static Path dir;

    static GabyService service;
    static McpTestClient client;
    static ToolAssert tools;

    @BeforeAll
    static void start() throws Exception {
        service = Shop.service(
                Mode.READONLY,
                Shop.sqlite(dir),
                DatabaseConfig.sqlite("gone", dir.resolve("missing.db")),
                Shop.named("badurl", "jdbc:postgresql://127.0.0.1:99999/x?user=u&password=" + ToolAssert.SECRET),
                Shop.named("down", "jdbc:postgresql://127.0.0.1:1/x?user=u&password=" + ToolAssert.SECRET),
                Shop.named("other", "jdbc:nosuchdb://host/x"));
        client = McpTestClient.start(service);
        tools = new ToolAssert(client);
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        service.close();
    }

    @Test
    void missingSqliteFileIsListedWithAWarningAndRefusedCleanly() {
        JsonNode dbs = tools.ok("gabysql_list_databases", Map.of());
        assertThat(dbs.toString()).contains("missing.db");
        failsThenNextCallWorks("gone", ErrorCode.DATABASE_UNAVAILABLE);
    }

    @Test
    void badJdbcUrlIsAConfigurationErrorWithoutThePassword() {
        JsonNode err = failsThenNextCallWorks("badurl", ErrorCode.CONFIG_INVALID);
        assertThat(err.get("message").asText()).contains("badurl");
    }

    @Test
    void databaseThatIsDownIsUnavailable() {
        failsThenNextCallWorks("down", ErrorCode.DATABASE_UNAVAILABLE);
    }

    @Test
    void unsupportedKindOfDatabaseIsRefused() {
        failsThenNextCallWorks("other", ErrorCode.UNSUPPORTED_DATABASE);
    }

    @Test
    void everyToolFailsCleanlyOnABrokenDatabase() {
        tools.error("gabysql_describe_database", Map.of("db", "gone"), ErrorCode.DATABASE_UNAVAILABLE);
        for (String report : new String[] {"health", "top_queries", "activity", "integrity"}) {
            tools.error("gabysql_health", Map.of("db", "gone", "report", report), ErrorCode.DATABASE_UNAVAILABLE);
        }
        tools.error("gabysql_describe_table", Map.of("db", "gone", "table", "t"), ErrorCode.DATABASE_UNAVAILABLE);
        tools.error("gabysql_search", Map.of("db", "gone", "pattern", "t"), ErrorCode.DATABASE_UNAVAILABLE);
        tools.error("gabysql_explain", Map.of("db", "gone", "sql", "SELECT 1"), ErrorCode.DATABASE_UNAVAILABLE);
        assertThat(tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT 1"))
                        .at("/rows/0/0")
                        .asInt())
                .isEqualTo(1);
    }

    private static JsonNode failsThenNextCallWorks(String db, ErrorCode code) {
        JsonNode err = tools.error("gabysql_query", Map.of("db", db, "sql", "SELECT 1"), code);
        JsonNode ok = tools.ok("gabysql_query", Map.of("db", "shop", "sql", "SELECT count(*) FROM orders"));
        assertThat(ok.at("/rows/0/0").asInt()).isEqualTo(4);
        return err;
    }
}
