package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each error status of the API, always as {@code {"error": {code, message, hint}}} and never a stack trace —
 * including the errors Jetty itself produces for malformed requests.
 */
class ApiErrorsTest {
    @TempDir
    static Path dir;

    static TestServer server;
    static URI base;

    @BeforeAll
    static void start() {
        server = TestServer.start(
                TestServer.list(TestServer.shop(dir), TestServer.postgres()),
                Mode.READONLY,
                ServerOptions.defaults().withMaxBodyBytes(4096).withRequestTimeout(Duration.ofSeconds(1)));
        base = server.uri();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void unknownDatabaseIs404WithHint() {
        Reply r = Http.post(base, "/sql", Http.sql("nope", "SELECT 1"));
        assertError(r, 404, "UNKNOWN_DATABASE");
        assertThat(r.json().get("error").get("message").asText()).contains("shop");
    }

    @Test
    void pathAsDatabaseNameIs400() {
        assertError(Http.post(base, "/sql", Http.sql("/etc/passwd", "SELECT 1")), 400, "INVALID_DATABASE_NAME");
    }

    @Test
    void writeSentAsReadIs403WithTheExecuteHintOnlyWhenWritesArePossible() {
        Reply r = Http.post(base, "/sql", Http.sql("shop", "DELETE FROM orders WHERE id = 1"));
        assertError(r, 403, "READ_ONLY");
        assertThat(r.json().get("error").get("hint").asText()).doesNotContain("\"execute\": true");
    }

    @Test
    void executeOnReadonlyServerIs403() {
        Reply r = Http.post(
                base, "/sql", "{\"db\":\"shop\",\"sql\":\"DELETE FROM orders WHERE id = 1\"," + "\"execute\":true}");
        assertError(r, 403, "READ_ONLY");
    }

    @Test
    void sqlErrorIs400WithTheDatabaseMessage() {
        Reply r = Http.post(base, "/sql", Http.sql("pg", "SELECT nope FROM items"));
        assertError(r, 400, "SQL_ERROR");
        assertThat(r.json().get("error").get("message").asText()).contains("nope");
    }

    @Test
    void emptySqlIs400() {
        assertError(Http.post(base, "/sql", Http.sql("shop", "  ")), 400, "EMPTY_SQL");
    }

    @Test
    void badBodiesAre400WithAClearMessage() {
        assertError(Http.post(base, "/sql", "{\"db\": \"shop\", "), 400, "BAD_REQUEST");
        assertError(Http.post(base, "/sql", ""), 400, "BAD_REQUEST");
        assertError(Http.post(base, "/sql", "null"), 400, "BAD_REQUEST");
        assertError(Http.post(base, "/sql", "[1,2]"), 400, "BAD_REQUEST");
        assertError(Http.post(base, "/sql", "{\"db\":\"shop\",\"sql\":\"SELECT 1\"} trailing"), 400, "BAD_REQUEST");
        Reply unknown = Http.post(base, "/sql", "{\"db\":\"shop\",\"sql\":\"SELECT 1\",\"maxrows\":3}");
        assertError(unknown, 400, "BAD_REQUEST");
        assertThat(unknown.json().get("error").get("message").asText()).contains("maxrows");
        assertThat(unknown.json().get("error").get("hint").asText()).contains("max_rows");
        Reply type = Http.post(base, "/sql", "{\"db\":\"shop\",\"sql\":\"SELECT 1\",\"max_rows\":\"many\"}");
        assertError(type, 400, "BAD_REQUEST");
        assertThat(type.json().get("error").get("message").asText()).contains("max_rows");
        assertError(
                Http.post(base, "/sql", "{\"db\":\"shop\",\"sql\":\"SELECT 1\",\"max_rows\":0}"), 400, "BAD_REQUEST");
    }

    @Test
    void nonJsonContentTypeIs400() {
        Reply r = Http.post(base, "/sql", Http.sql("shop", "SELECT 1"), "Content-Type", "text/plain");
        assertError(r, 400, "BAD_REQUEST");
        assertThat(r.json().get("error").get("hint").asText()).contains("application/json");
    }

    @Test
    void unknownEndpointIs404AndWrongMethodIs405WithAllow() {
        assertError(Http.get(base, "/nope"), 404, "NOT_FOUND");
        assertError(Http.get(base, "/databases/shop/nope"), 404, "NOT_FOUND");
        Reply r = Http.get(base, "/sql");
        assertError(r, 405, "METHOD_NOT_ALLOWED");
        assertThat(r.header("Allow")).isEqualTo("POST");
    }

    @Test
    void oversizedBodyIs413WithAndWithoutContentLength() {
        String big = Http.sql("shop", "SELECT '" + "x".repeat(5000) + "'");
        assertError(Http.post(base, "/sql", big), 413, "TOO_LARGE");
        HttpRequest.Builder chunked = HttpRequest.newBuilder(URI.create(base + "/sql"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new java.io.ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))));
        assertError(Http.send(chunked), 413, "TOO_LARGE");
    }

    @Test
    void statementTimeoutOfTheRequestIs504() {
        Reply r = Http.post(base, "/sql", Http.sql("pg", "SELECT pg_sleep(5)"));
        assertError(r, 504, "TIMEOUT");
        assertThat(r.json().get("error").get("message").asText()).contains("request timeout");
    }

    @Test
    void malformedRequestsAnsweredByJettyAreJsonToo() throws Exception {
        String raw =
                rawExchange("GET /databases HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n");
        assertThat(raw).startsWith("HTTP/1.1 431");
        assertThat(raw).contains("application/json").contains("\"code\":\"TOO_LARGE\"");
        String bad = rawExchange("GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        assertThat(bad).startsWith("HTTP/1.1 400").contains("\"code\":\"BAD_REQUEST\"");
        assertThat(bad + raw).doesNotContain("<html").doesNotContain("at org.eclipse");
    }

    static void assertError(Reply r, int status, String code) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.header("Content-Type")).startsWith("application/json");
        assertThat(r.errorCode()).as(r.body()).isEqualTo(code);
        assertThat(r.json().get("error").get("message").asText()).isNotBlank();
        assertThat(r.json().get("error").get("hint").asText()).isNotBlank();
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    private static String rawExchange(String request) throws Exception {
        return RawHttp.exchange(base, request);
    }
}
