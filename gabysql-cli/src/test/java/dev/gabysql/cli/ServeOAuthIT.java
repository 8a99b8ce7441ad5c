package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.testing.TestDatabases;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gabysql serve} with {@code [server.oauth]} from the packaged jar, and the official MCP TypeScript SDK client's
 * OAuth flow against it (docs/configuration.md#oauth): the client connects without a token, gets 401 with the
 * challenge, reads the protected resource metadata, asks the test authorization server ({@code oauth-as.mjs}) for an
 * access token for this resource, and goes on with it; the token's scope sets what the session may do.
 */
final class ServeOAuthIT {
    static final String CLIENT_ID = "it-agent";
    static final String CLIENT_SECRET = "it-agent-secret-0123456789";

    @TempDir
    static Path dir;

    static Process authorizationServer;
    static Process serve;
    static String issuer;
    static String resource;
    static Path shop;
    static Path audit;

    @BeforeAll
    static void start() throws Exception {
        NodeClient.require();
        issuer = startAuthorizationServer();
        shop = TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT NOT NULL)",
                "INSERT INTO orders VALUES (1, 'paid'), (2, 'shipped'), (3, 'paid')");
        int port = ServeIT.freePort();
        resource = "http://127.0.0.1:" + port;
        audit = dir.resolve("audit.jsonl");
        Path config = dir.resolve("gabysql.toml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "[server]",
                        "mode = \"readwrite\"",
                        "[[databases]]",
                        "name = \"shop\"",
                        "url = \"jdbc:sqlite:" + shop + "\"",
                        "[server.oauth]",
                        "issuer = \"" + issuer + "\"",
                        "resource = \"" + resource + "\"",
                        "jwks_url = \"" + issuer + "/jwks\"",
                        ""));
        Path err = dir.resolve("serve-stderr.txt");
        serve = ServeIT.start(
                err,
                "serve",
                "--config",
                config.toString(),
                "--port",
                String.valueOf(port),
                "--audit-log",
                audit.toString());
        ServeIT.waitFor(err, "listening on");
        assertThat(Files.readString(err)).contains("OAuth access tokens of " + issuer + " for " + resource);
    }

    /** {@code node oauth-as.mjs 0}: its issuer URL is the first line it prints. */
    private static String startAuthorizationServer() throws IOException {
        ProcessBuilder pb = new ProcessBuilder(
                        "node", NodeClient.DIR.resolve("oauth-as.mjs").toString(), "0")
                .directory(NodeClient.DIR.toFile())
                .redirectError(dir.resolve("as-stderr.txt").toFile());
        pb.environment().put("OAUTH_CLIENT_ID", CLIENT_ID);
        pb.environment().put("OAUTH_CLIENT_SECRET", CLIENT_SECRET);
        pb.environment().put("OAUTH_CLIENT_SCOPES", "gabysql:read gabysql:write");
        authorizationServer = pb.start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(authorizationServer.getInputStream(), StandardCharsets.UTF_8));
        return StdioProcess.JSON.readTree(out.readLine()).get("issuer").asText();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        for (Process p : new Process[] {serve, authorizationServer}) {
            if (p != null) {
                p.destroy();
                p.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void theClientFindsTheAuthorizationServerFromThe401AndReadsWithAReadScope() throws Exception {
        JsonNode s = client("gabysql:read");
        assertThat(s.has("error")).as(s.toString()).isFalse();
        JsonNode first = s.at("/exchanges/0");
        assertThat(first.get("status").asInt()).isEqualTo(401);
        assertThat(first.get("challenge").asText())
                .contains("resource_metadata=\"" + resource + "/.well-known/oauth-protected-resource\"")
                .contains("scope=\"gabysql:read\"");
        assertThat(s.at("/exchanges/1/url").asText()).isEqualTo(resource + "/.well-known/oauth-protected-resource");
        assertThat(s.at("/exchanges/1/status").asInt()).isEqualTo(200);
        JsonNode tokenRequest = tokenRequest(s);
        assertThat(tokenRequest.at("/form/resource").asText()).isEqualTo(resource);
        assertThat(tokenRequest.at("/form/scope").asText()).isEqualTo("gabysql:read");
        assertThat(names(s.get("tools"))).contains("gabysql_query").doesNotContain("gabysql_execute");
        assertThat(s.at("/calls/query/rowCount").asInt()).isEqualTo(3);
        // the step-up: 403 insufficient_scope naming the write scope; this client's provider asks for its own scope
        // again, gets a read token again, and gives up
        assertThat(s.at("/calls/write/threw").asText()).contains("403");
        assertThat(s.get("exchanges").toString())
                .contains("error=\\\"insufficient_scope\\\", scope=\\\"gabysql:write\\\"");
        assertThat(refunded()).isZero();
        assertThat(Files.readString(audit)).contains("\"caller\":\"oauth:" + CLIENT_ID + "\"");
    }

    @Test
    void aWriteScopePreviewsAndTheWriteWaitsForAPerson() throws Exception {
        JsonNode s = client("gabysql:write");
        assertThat(s.has("error")).as(s.toString()).isFalse();
        assertThat(names(s.get("tools"))).contains("gabysql_execute");
        assertThat(s.at("/calls/write/status").asText()).as(s.toString()).isEqualTo("awaiting_approval");
        assertThat(refunded()).isZero();
    }

    @Test
    void aTokenWithoutAScopeOfThisServerIsRefusedAfterOneRetry() throws Exception {
        JsonNode s = client(null);
        assertThat(s.get("error").asText()).contains("403");
        assertThat(s.get("exchanges").toString()).contains("error=\\\"insufficient_scope\\\"");
        assertThat(s.get("tools")).isNull();
    }

    private static JsonNode tokenRequest(JsonNode summary) {
        for (JsonNode e : summary.get("exchanges")) {
            if (e.get("url").asText().equals(issuer + "/token")) {
                return e;
            }
        }
        throw new AssertionError("no token request: " + summary);
    }

    private static JsonNode client(String scope) throws IOException, InterruptedException {
        Map<String, Object> config = new HashMap<>();
        config.put("url", resource + "/mcp");
        config.put("issuer", issuer);
        config.put("clientId", CLIENT_ID);
        config.put("clientSecret", CLIENT_SECRET);
        if (scope != null) {
            config.put("scope", scope);
        }
        config.put("db", "shop");
        config.put("okSql", "SELECT id, status FROM orders ORDER BY id");
        config.put("writeSql", "UPDATE orders SET status = 'refunded' WHERE id = 2");
        Path work = Files.createDirectories(dir.resolve("client-" + System.nanoTime()));
        Path configFile = work.resolve("config.json");
        StdioProcess.JSON.writeValue(configFile.toFile(), config);
        Path out = work.resolve("out.json");
        Path err = work.resolve("err.log");
        Process node = new ProcessBuilder(
                        "node", NodeClient.DIR.resolve("oauth-client.mjs").toString(), configFile.toString())
                .directory(NodeClient.DIR.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!node.waitFor(3, TimeUnit.MINUTES)) {
            node.destroyForcibly();
            throw new AssertionError("oauth-client.mjs did not finish: " + Files.readString(err));
        }
        String text = Files.readString(out, StandardCharsets.UTF_8).strip();
        if (node.exitValue() != 0 || text.isEmpty()) {
            throw new AssertionError(
                    "oauth-client.mjs failed (exit " + node.exitValue() + "): " + Files.readString(err));
        }
        return StdioProcess.JSON.readTree(text);
    }

    private static List<String> names(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static long refunded() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + shop);
                ResultSet rs =
                        c.createStatement().executeQuery("SELECT count(*) FROM orders WHERE status = 'refunded'")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
