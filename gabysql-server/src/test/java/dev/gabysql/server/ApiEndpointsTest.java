package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every endpoint of the JSON API on a real loopback port, over a real SQLite file and a real PostgreSQL. */
class ApiEndpointsTest {
    @TempDir
    static Path dir;

    static TestServer server;
    static URI base;

    @BeforeAll
    static void start() {
        server = TestServer.start(
                TestServer.list(TestServer.shop(dir), TestServer.postgres()), Mode.READONLY, ServerOptions.defaults());
        base = server.uri();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void healthAnswersOk() {
        Reply r = Http.get(base, "/health");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("status").asText()).isEqualTo("ok");
        assertThat(r.header("Content-Type")).startsWith("application/json");
    }

    @Test
    void databasesListsBothWithDialectModeAndNoPassword() {
        Reply r = Http.get(base, "/databases");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("databases")).hasSize(2);
        assertThat(r.json().get("databases").get(0).get("name").asText()).isEqualTo("shop");
        assertThat(r.json().get("databases").get(0).get("dialect").asText()).isEqualTo("sqlite");
        assertThat(r.json().get("databases").get(1).get("dialect").asText()).isEqualTo("postgresql");
        assertThat(r.json().get("databases").get(1).get("mode").asText()).isEqualTo("readonly");
        assertThat(r.json().get("highest_mode").asText()).isEqualTo("readonly");
    }

    @Test
    void sqlReadOnSqliteReturnsColumnsRowsAndCounts() {
        Reply r = Http.post(base, "/sql", Http.sql("shop", "SELECT id, name FROM customers ORDER BY id"));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("columns").get(1).get("name").asText()).isEqualTo("name");
        assertThat(r.json().get("rows").get(0).get(1).asText()).isEqualTo("Ada");
        assertThat(r.json().get("row_count").asInt()).isEqualTo(3);
        assertThat(r.json().get("truncated").asBoolean()).isFalse();
        assertThat(r.json().has("elapsed_ms")).isTrue();
    }

    @Test
    void sqlReadOnPostgresWithParamsAndMaxRows() {
        Reply r = Http.post(
                base,
                "/sql",
                "{\"db\":\"pg\",\"sql\":\"SELECT id, name, price FROM items"
                        + " WHERE id > ? ORDER BY id\",\"params\":[10],\"max_rows\":5}");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("row_count").asInt()).isEqualTo(5);
        assertThat(r.json().get("truncated").asBoolean()).isTrue();
        assertThat(r.json().get("rows").get(0).get(0).asInt()).isEqualTo(11);
        assertThat(r.json().get("rows").get(0).get(2).decimalValue()).isEqualByComparingTo("16.50");
    }

    @Test
    void metaCommandsWorkOverHttp() {
        Reply r = Http.post(base, "/sql", Http.sql("shop", "SHOW TABLES"));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body()).contains("customers").contains("orders");
    }

    @Test
    void schemaFullAndAtEachDetailLevel() {
        assertThat(Http.get(base, "/databases/shop/schema").body()).contains("customers");
        for (String detail : new String[] {"names", "summary", "full"}) {
            Reply r = Http.get(base, "/databases/pg/schema?detail=" + detail);
            assertThat(r.status()).as(detail).isEqualTo(200);
            assertThat(r.body()).as(detail).contains("items");
        }
        Reply both = Http.get(base, "/databases/pg/schema?detail=names&render=both");
        assertThat(both.json().has("text")).isTrue();
        assertThat(both.json().has("json")).isTrue();
    }

    @Test
    void unknownDetailIs400() {
        Reply r = Http.get(base, "/databases/pg/schema?detail=everything");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.errorCode()).isEqualTo("BAD_REQUEST");
        assertThat(r.json().get("error").get("hint").asText()).contains("names");
    }

    @Test
    void tableSearchDiagramExplainAndCheck() {
        assertThat(Http.get(base, "/databases/shop/table?name=orders").body()).contains("customer_id");
        assertThat(Http.get(base, "/databases/shop/search?pattern=cust").body()).contains("customers");
        assertThat(Http.get(base, "/databases/shop/diagram").json().get("text").asText())
                .contains("erDiagram");
        Reply plan = Http.post(base, "/databases/pg/explain", "{\"sql\":\"SELECT * FROM items WHERE id = 3\"}");
        assertThat(plan.status()).isEqualTo(200);
        assertThat(plan.body()).containsIgnoringCase("scan");
        Reply check = Http.post(base, "/databases/shop/check", null);
        assertThat(check.status()).isEqualTo(200);
        assertThat(check.json().get("ok").asBoolean()).isTrue();
        assertThat(check.json().get("database").asText()).isEqualTo("shop");
    }

    /** The DBA reports and index advice (docs/dba.md): GET /databases/{db}/health, POST /databases/{db}/advise. */
    @Test
    void healthReportsAndIndexAdvice() {
        for (String report : new String[] {"", "?report=top_queries&by=calls&limit=5", "?report=activity"}) {
            Reply r = Http.get(base, "/databases/pg/health" + report);
            assertThat(r.status()).as(report).isEqualTo(200);
            assertThat(r.json().get("checks").size()).as(report).isPositive();
        }
        assertThat(Http.get(base, "/databases/shop/health?render=both")
                        .json()
                        .get("text")
                        .asText())
                .startsWith("health of `shop`");
        assertThat(Http.get(base, "/databases/pg/health?report=vacuum").errorCode())
                .isEqualTo("BAD_REQUEST");
        assertThat(Http.get(base, "/databases/pg/health?limit=lots").errorCode())
                .isEqualTo("BAD_REQUEST");
        String first = Http.get(base, "/databases/pg/health")
                .json()
                .at("/checks/0/name")
                .asText();
        assertThat(Http.get(base, "/databases/pg/health?checks=" + first).json().get("checks"))
                .hasSize(1);
        assertThat(Http.get(base, "/databases/pg/health?checks=no_such_check").errorCode())
                .isEqualTo("BAD_REQUEST");
        Reply advice = Http.post(base, "/databases/pg/advise", "{\"sql\":\"SELECT * FROM items WHERE price > 3\"}");
        assertThat(advice.status()).isEqualTo(200);
        assertThat(advice.json().get("advice").get("method").asText()).isNotBlank();
        assertThat(Http.post(base, "/databases/pg/advise", "{\"sql\":\"DELETE FROM items\"}")
                        .status())
                .isEqualTo(403);
    }

    @Test
    void tableWithoutNameIs400AndUnknownTableIs404() {
        assertThat(Http.get(base, "/databases/shop/table").status()).isEqualTo(400);
        Reply r = Http.get(base, "/databases/shop/table?name=nope");
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.errorCode()).isEqualTo("UNKNOWN_TABLE");
    }

    @Test
    void accessLogHasMethodPathStatusDurationAndClientButNoSqlOrToken() {
        Http.post(base, "/sql", Http.sql("shop", "SELECT 'secret-value-42'"), "Authorization", "Bearer tok-99");
        assertThat(server.accessLog()).containsPattern("http POST /sql 200 \\d+ms 127\\.0\\.0\\.1");
        assertThat(server.accessLog()).doesNotContain("secret-value-42").doesNotContain("tok-99");
    }
}
