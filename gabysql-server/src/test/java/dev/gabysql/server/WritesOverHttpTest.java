package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.json.Json;
import dev.gabysql.core.testing.TestDatabases;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes over POST /sql: preview, confirm, token misuse, full-table guard — on SQLite and PostgreSQL. */
class WritesOverHttpTest {
    @TempDir
    static Path dir;

    static TestServer server;
    static URI base;
    static DatabaseConfig shop;
    static DatabaseConfig pg;

    @BeforeAll
    static void start() {
        shop = TestServer.shop(dir);
        pg = TestServer.postgres();
        server = TestServer.start(TestServer.list(shop, pg), Mode.READWRITE, ServerOptions.defaults());
        base = server.uri();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void previewThenConfirmOnSqlite() throws Exception {
        previewThenConfirm(
                "shop",
                shop.url(),
                "DELETE FROM customers WHERE id = 3",
                "SELECT count(*) FROM customers WHERE id = 3");
    }

    @Test
    void previewThenConfirmOnPostgres() throws Exception {
        previewThenConfirm(
                "pg", pg.url(), "DELETE FROM items WHERE id = 50", "SELECT count(*) FROM items WHERE id = 50");
    }

    private static void previewThenConfirm(String db, String url, String sql, String probe) throws Exception {
        Reply preview = Http.post(base, "/sql", write(db, sql, null));
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().get("status").asText()).isEqualTo("previewed");
        assertThat(preview.json().get("affected_rows").asLong()).isEqualTo(1);
        assertThat(preview.json().get("confirm_token").asText()).isNotBlank();
        assertThat(preview.json().has("expires_at")).isTrue();
        assertThat(count(url, probe)).isEqualTo(1);

        String token = preview.json().get("confirm_token").asText();
        Reply commit = Http.post(base, "/sql", write(db, sql, token));
        assertThat(commit.status()).as(commit.body()).isEqualTo(200);
        assertThat(commit.json().get("status").asText()).isEqualTo("committed");
        assertThat(count(url, probe)).isZero();

        assertError(Http.post(base, "/sql", write(db, sql, token)), 403, "CONFIRM_TOKEN_INVALID");
    }

    @Test
    void aTokenCannotConfirmOtherSql() {
        Reply preview = Http.post(base, "/sql", write("pg", "UPDATE items SET price = 0 WHERE id = 1", null));
        String token = preview.json().get("confirm_token").asText();
        assertError(
                Http.post(base, "/sql", write("pg", "UPDATE items SET price = 0 WHERE id = 2", token)),
                403,
                "CONFIRM_TOKEN_INVALID");
    }

    @Test
    void fullTableWritesNeedAllowFullTable() {
        assertError(
                Http.post(base, "/sql", write("shop", "UPDATE orders SET total = 0", null)), 403, "FULL_TABLE_WRITE");
        Reply allowed = Http.post(
                base,
                "/sql",
                "{\"db\":\"shop\",\"sql\":\"UPDATE orders SET total = 0\"," + "\"allow_full_table\":true}");
        assertThat(allowed.status()).as(allowed.body()).isEqualTo(200);
        assertThat(allowed.json().get("status").asText()).isEqualTo("previewed");
        assertThat(allowed.json().get("affected_rows").asLong()).isEqualTo(3);
    }

    @Test
    void aChangeBetweenPreviewAndConfirmIs409() {
        String sql = "UPDATE items SET price = price + 1 WHERE price > 70";
        Reply preview = Http.post(base, "/sql", write("pg", sql, null));
        TestDatabases.run(pg.url(), "UPDATE items SET price = 100 WHERE id = 1");
        assertError(
                Http.post(
                        base,
                        "/sql",
                        write("pg", sql, preview.json().get("confirm_token").asText())),
                409,
                "DATA_CHANGED");
    }

    @Test
    void aReadSentWithExecuteIsTold() {
        assertError(Http.post(base, "/sql", write("shop", "SELECT 1", null)), 400, "BAD_REQUEST");
    }

    static String write(String db, String sql, String token) {
        Map<String, Object> body = new HashMap<>();
        body.put("db", db);
        body.put("sql", sql);
        body.put("execute", true);
        if (token != null) {
            body.put("confirm_token", token);
        }
        return Json.write(body);
    }

    static long count(String url, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
                ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
