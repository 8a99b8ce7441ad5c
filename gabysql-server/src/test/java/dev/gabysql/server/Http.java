package dev.gabysql.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** A plain HTTP client for the tests: real requests on a real port, answers parsed as JSON when they are. */
public final class Http {
    static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Http() {}

    /** An answer: status, headers, body text, and the body as JSON (null when it is not JSON). */
    public record Reply(int status, HttpHeaders headers, String body, JsonNode json) {
        public String errorCode() {
            return json == null || !json.has("error")
                    ? null
                    : json.get("error").get("code").asText();
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    public static Reply get(URI base, String path, String... headers) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), headers);
    }

    public static Reply post(URI base, String path, String json, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .POST(HttpRequest.BodyPublishers.ofString(json == null ? "" : json))
                .header("Content-Type", "application/json");
        return send(b, headers);
    }

    public static Reply send(HttpRequest.Builder b, String... headers) {
        for (int i = 0; i < headers.length; i += 2) {
            b.setHeader(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<String> r = CLIENT.send(
                    b.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Reply(r.statusCode(), r.headers(), r.body(), parse(r.body()));
        } catch (IOException e) {
            throw new IllegalStateException("HTTP call failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A JSON body for POST /sql. */
    public static String sql(String db, String sql) {
        return Json.write(java.util.Map.of("db", db, "sql", sql));
    }

    private static JsonNode parse(String body) {
        try {
            return body == null || body.isEmpty() ? null : Json.MAPPER.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }
}
