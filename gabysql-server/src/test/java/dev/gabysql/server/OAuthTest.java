package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.mcp.GabyMcpServer;
import dev.gabysql.server.Http.Reply;
import dev.gabysql.server.oauth.OAuthSettings;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OAuth 2.1 access tokens (docs/configuration.md#oauth): a JWKS served by the test on loopback, tokens the test signs
 * with its RSA and EC keys. Each bad token (expired, not yet valid, another audience or issuer, unsigned, HMAC with
 * the public key, a key the JWKS lacks, garbage) tries a write and gets a 401 with the challenge, and the database and
 * the audit log show that nothing ran; a valid token's scope sets its mode; a configured token works beside them.
 */
class OAuthTest {
    static final String ISSUER = "https://auth.test/realms/team";
    static final String RESOURCE = "https://gabysql.test";
    static final String STATIC = "static-token-0123456789";
    static final String WRITE = "DELETE FROM customers WHERE id = 3";

    @TempDir
    static Path dir;

    static RSAKey rsa;
    static ECKey ec;
    static RSAKey stranger;
    static HttpServer jwks;
    static TestServer server;
    static URI base;
    static DatabaseConfig shop;
    static Path audit;

    @BeforeAll
    static void start() throws Exception {
        rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        ec = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
        stranger = new RSAKeyGenerator(2048).keyID("rsa-2").generate();
        jwks = serveJwks(new JWKSet(List.<JWK>of(rsa, ec)).toPublicJWKSet());
        shop = TestServer.shop(dir);
        audit = dir.resolve("audit.jsonl");
        server = TestServer.startHuman(
                TestServer.list(shop),
                Mode.READWRITE,
                ServerOptions.defaults()
                        .withTokens(List.of(ApiToken.parse(STATIC, "static")))
                        .withOAuth(settings(jwksUrl(jwks))),
                dir.resolve("approvals"),
                audit);
        base = server.uri();
    }

    @AfterAll
    static void stop() {
        server.close();
        jwks.stop(0);
    }

    static OAuthSettings settings(URI jwksUrl) {
        return OAuthSettings.builder(ISSUER, URI.create(RESOURCE), jwksUrl).build();
    }

    /** A JWKS on a loopback port of the JDK's own HTTP server. */
    static HttpServer serveJwks(JWKSet keys) throws Exception {
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        byte[] body = keys.toString().getBytes(StandardCharsets.UTF_8);
        http.createContext("/jwks", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        http.start();
        return http;
    }

    static URI jwksUrl(HttpServer http) {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/jwks");
    }

    static JWTClaimsSet.Builder claims(String scope) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .audience(RESOURCE)
                .subject("alice")
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(300)))
                .claim("scope", scope);
    }

    static String signed(JWK key, JWTClaimsSet claims) throws Exception {
        JWSAlgorithm alg = key instanceof RSAKey ? JWSAlgorithm.RS256 : JWSAlgorithm.ES256;
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(alg)
                        .keyID(key.getKeyID())
                        .type(JOSEObjectType.JWT)
                        .build(),
                claims);
        jwt.sign(key instanceof RSAKey ? new RSASSASigner((RSAKey) key) : new ECDSASigner((ECKey) key));
        return jwt.serialize();
    }

    static String[] bearer(String token) {
        return new String[] {"Authorization", "Bearer " + token};
    }

    static Reply write(String token) {
        return Http.post(
                base,
                "/sql",
                dev.gabysql.core.json.Json.write(Map.of("db", "shop", "sql", WRITE, "execute", true)),
                bearer(token));
    }

    /** The refused token tried a write: 401 with the challenge, and nothing reached the database or the audit log. */
    static void refused(String token) throws Exception {
        refused(token, "");
    }

    static void refused(String token, String why) throws Exception {
        long auditLines = auditLines();
        Reply r = write(token);
        assertError(r, 401, "UNAUTHORIZED");
        assertThat(r.json().at("/error/message").asText()).contains(why);
        assertThat(r.header("WWW-Authenticate"))
                .startsWith("Bearer ")
                .contains("error=\"invalid_token\"")
                .contains("resource_metadata=\"https://gabysql.test/.well-known/oauth-protected-resource\"");
        assertThat(customer3()).isEqualTo(1);
        assertThat(auditLines()).isEqualTo(auditLines);
    }

    static long auditLines() throws Exception {
        return Files.exists(audit) ? Files.readAllLines(audit).size() : 0;
    }

    static int customer3() throws Exception {
        try (Connection c = DriverManager.getConnection(shop.url());
                ResultSet rs = c.createStatement().executeQuery("SELECT count(*) FROM customers WHERE id = 3")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void noTokenGets401WithTheMetadataAndTheBaselineScope() {
        Reply r = Http.get(base, "/databases");
        assertError(r, 401, "UNAUTHORIZED");
        assertThat(r.header("WWW-Authenticate"))
                .isEqualTo("Bearer realm=\"gabysql\", scope=\"gabysql:read\", resource_metadata="
                        + "\"https://gabysql.test/.well-known/oauth-protected-resource\"");
    }

    @Test
    void theProtectedResourceMetadataNeedsNoToken() {
        Reply r = Http.get(base, "/.well-known/oauth-protected-resource");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().get("resource").asText()).isEqualTo(RESOURCE);
        assertThat(r.json().get("authorization_servers").toString()).isEqualTo("[\"" + ISSUER + "\"]");
        assertThat(r.json().get("scopes_supported").toString())
                .isEqualTo("[\"gabysql:read\",\"gabysql:write\",\"gabysql:admin\",\"gabysql:approve\"]");
        assertThat(r.json().get("bearer_methods_supported").toString()).isEqualTo("[\"header\"]");
    }

    @Test
    void aReadScopeReadsButCannotWrite() throws Exception {
        String token = signed(rsa, claims("openid gabysql:read").build());
        Reply read = Http.post(base, "/sql", Http.sql("shop", "SELECT count(*) FROM orders"), bearer(token));
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(read.json().at("/rows/0/0").asInt()).isEqualTo(3);
        Reply w = write(token);
        assertError(w, 403, "READ_ONLY");
        assertThat(w.header("WWW-Authenticate"))
                .as("the step-up: the scope that would allow it")
                .isEqualTo("Bearer realm=\"gabysql\", error=\"insufficient_scope\", scope=\"gabysql:write\","
                        + " resource_metadata=\"https://gabysql.test/.well-known/oauth-protected-resource\"");
        assertThat(customer3()).isEqualTo(1);
        Reply readOfAWrite = Http.post(base, "/sql", Http.sql("shop", WRITE), bearer(token));
        assertError(readOfAWrite, 403, "READ_ONLY");
        assertThat(readOfAWrite.header("WWW-Authenticate"))
                .as("sent as a read: no scope would make it pass")
                .isNull();
        assertThat(customer3()).isEqualTo(1);
        assertThat(Files.readString(audit)).contains("\"caller\":\"oauth:alice\"");
    }

    @Test
    void aWriteScopePreviewsAndAnApproveScopeCommits() throws Exception {
        String writer = signed(ec, claims("gabysql:write").subject("bob").build());
        Reply preview = Http.post(
                base,
                "/sql",
                dev.gabysql.core.json.Json.write(
                        Map.of("db", "shop", "sql", "UPDATE orders SET total = 99 WHERE id = 3", "execute", true)),
                bearer(writer));
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().get("status").asText()).isEqualTo("awaiting_approval");
        String id = preview.json().get("approval_id").asText();

        assertError(Http.get(base, "/approvals", bearer(writer)), 403, "NOT_AN_APPROVER");
        String approver = signed(rsa, claims("gabysql:approve").subject("carol").build());
        Reply decided =
                Http.post(base, "/approvals/" + id, ApprovalsOverHttpTest.decision("approve"), bearer(approver));
        assertThat(decided.status()).as(decided.body()).isEqualTo(200);
        assertThat(Files.readString(audit)).contains("\"caller\":\"oauth:bob\"").contains("oauth:carol");
    }

    @Test
    void noStepUpIsOfferedBeyondWhatTheServerAllows() throws Exception {
        String token = signed(ec, claims("gabysql:write").build());
        Reply ddl = Http.post(
                base,
                "/sql",
                dev.gabysql.core.json.Json.write(Map.of("db", "shop", "sql", "DROP TABLE orders", "execute", true)),
                bearer(token));
        assertError(ddl, 403, "FORBIDDEN_BY_MODE");
        assertThat(ddl.header("WWW-Authenticate"))
                .as("the server is readwrite: admin would not help")
                .isNull();
    }

    @Test
    void anApproverRunsNothingAndSaysWhichScopeWould() throws Exception {
        String approver = signed(rsa, claims("gabysql:approve").build());
        Reply r = Http.get(base, "/databases", bearer(approver));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.header("WWW-Authenticate"))
                .contains("error=\"insufficient_scope\"")
                .contains("scope=\"gabysql:read\"");
    }

    @Test
    void aTokenOfAnAgentAndAPersonAtOnceIsRefused() throws Exception {
        refused(signed(rsa, claims("gabysql:write gabysql:approve").build()));
    }

    @Test
    void noScopeOfThisServerIs403InsufficientScope() throws Exception {
        Reply r = write(signed(rsa, claims("openid profile").build()));
        assertError(r, 403, "INSUFFICIENT_SCOPE");
        assertThat(r.header("WWW-Authenticate"))
                .contains("error=\"insufficient_scope\"")
                .contains("scope=\"gabysql:read\"")
                .contains("resource_metadata=");
        assertThat(customer3()).isEqualTo(1);
    }

    @Test
    void expiredBeyondTheClockSkewIsRefused() throws Exception {
        Instant past = Instant.now().minusSeconds(600);
        refused(
                signed(
                        rsa,
                        claims("gabysql:admin").expirationTime(Date.from(past)).build()),
                "Expired JWT");
    }

    @Test
    void expiredWithinTheClockSkewStillPasses() throws Exception {
        Instant justNow = Instant.now().minusSeconds(20);
        String token = signed(
                rsa, claims("gabysql:read").expirationTime(Date.from(justNow)).build());
        assertThat(Http.get(base, "/databases", bearer(token)).status()).isEqualTo(200);
    }

    @Test
    void notYetValidIsRefused() throws Exception {
        Instant later = Instant.now().plusSeconds(600);
        refused(
                signed(
                        rsa,
                        claims("gabysql:admin").notBeforeTime(Date.from(later)).build()),
                "before use time");
    }

    @Test
    void anotherAudienceIsRefused() throws Exception {
        refused(
                signed(
                        rsa,
                        claims("gabysql:admin").audience("https://other.test").build()),
                "the audience must be https://gabysql.test");
    }

    @Test
    void anotherIssuerIsRefused() throws Exception {
        refused(
                signed(ec, claims("gabysql:admin").issuer("https://evil.test").build()),
                "the issuer must be " + ISSUER);
    }

    @Test
    void anUnsignedTokenIsRefused() throws Exception {
        refused(new PlainJWT(claims("gabysql:admin").build()).serialize(), "not signed (alg: none)");
    }

    @Test
    void hmacWithThePublicKeyAsSecretIsRefused() throws Exception {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("rsa-1").build(),
                claims("gabysql:admin").build());
        jwt.sign(new MACSigner(rsa.toRSAPublicKey().getEncoded()));
        refused(jwt.serialize(), "algorithm is not one of");
    }

    @Test
    void aKeyNotInTheJwksIsRefused() throws Exception {
        refused(signed(stranger, claims("gabysql:admin").build()), "not in the issuer's JWKS");
    }

    @Test
    void garbageIsRefused() throws Exception {
        refused("not.a.jwt");
        refused("eyJhbGciOiJSUzI1NiJ9.e30.c2ln");
        refused("short-garbage-that-is-no-token", "neither a configured token nor a JWT");
    }

    @Test
    void theConsoleSignInTakesNoAccessToken() throws Exception {
        String approver = signed(rsa, claims("gabysql:approve").build());
        Reply r = Http.post(
                base,
                "/console/session",
                dev.gabysql.core.json.Json.write(Map.of("token", approver)),
                "Origin",
                base.toString());
        assertThat(r.status()).as(r.body()).isEqualTo(401);
        assertThat(r.header("Set-Cookie")).isNull();
    }

    @Test
    void aConfiguredTokenStillWorksBeside() {
        Reply r = Http.post(base, "/sql", Http.sql("shop", "SELECT count(*) FROM orders"), bearer(STATIC));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    @Test
    void mcpTakesAccessTokensAndTheirScope() throws Exception {
        try (McpSyncClient reader =
                mcpClient(signed(rsa, claims("gabysql:read").subject("dave").build()))) {
            assertThat(reader.listTools().tools())
                    .extracting(McpSchema.Tool::name)
                    .doesNotContain("gabysql_execute");
            McpSchema.CallToolResult read = reader.callTool(new McpSchema.CallToolRequest(
                    "gabysql_query", Map.of("db", "shop", "sql", "SELECT count(*) FROM orders")));
            assertThat(read.isError()).isNotEqualTo(Boolean.TRUE);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> reader.callTool(
                            new McpSchema.CallToolRequest("gabysql_execute", Map.of("db", "shop", "sql", WRITE))))
                    .as("the step-up: 403 insufficient_scope before the SDK runs anything")
                    .isInstanceOf(
                            io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException
                                    .class);
        }
        try (McpSyncClient writer = mcpClient(signed(ec, claims("gabysql:write").build()))) {
            assertThat(writer.listTools().tools())
                    .extracting(McpSchema.Tool::name)
                    .contains("gabysql_execute");
        }
        assertThat(customer3()).isEqualTo(1);
        assertThat(Files.readAllLines(audit))
                .anySatisfy(line ->
                        assertThat(line).contains("\"front_end\":\"mcp\"").contains("\"caller\":\"oauth:dave\""));
        Reply noToken = Http.post(base, "/mcp", McpHttpTest.initialize());
        assertThat(noToken.status()).isEqualTo(401);
        assertThat(noToken.header("WWW-Authenticate")).contains("resource_metadata=");
    }

    @Test
    void aReadScopeCallingTheWriteToolOverMcpIsAskedForTheWriteScope() throws Exception {
        String[] auth = {
            "Authorization",
            "Bearer " + signed(rsa, claims("gabysql:read").build()),
            "Accept",
            "application/json, text/event-stream"
        };
        Reply init = Http.post(base, "/mcp", McpHttpTest.initialize(), auth);
        String[] inSession = {auth[0], auth[1], auth[2], auth[3], "Mcp-Session-Id", init.header("Mcp-Session-Id")};
        Http.post(base, "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", inSession);
        Reply call = Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"gabysql_execute\","
                        + "\"arguments\":{\"db\":\"shop\",\"sql\":\"" + WRITE + "\"}}}",
                inSession);
        assertError(call, 403, "INSUFFICIENT_SCOPE");
        assertThat(call.header("WWW-Authenticate"))
                .contains("error=\"insufficient_scope\"")
                .contains("scope=\"gabysql:write\"");
        assertThat(customer3()).isEqualTo(1);
        Reply query = Http.post(
                base,
                "/mcp",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"gabysql_query\","
                        + "\"arguments\":{\"db\":\"shop\",\"sql\":\"SELECT 1\"}}}",
                inSession);
        assertThat(query.status()).as(query.body()).isEqualTo(200);
    }

    static McpSyncClient mcpClient(String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base.toString())
                .endpoint("/mcp")
                .jsonMapper(GabyMcpServer.jsonMapper())
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("oauth-test", "1"))
                .build();
        client.initialize();
        return client;
    }

    @Test
    void aResourceWithAPathHasItsMetadataAtThePathAndAtTheRoot() {
        OAuthSettings withPath = OAuthSettings.builder(ISSUER, URI.create(RESOURCE + "/mcp"), jwksUrl(jwks))
                .build();
        try (TestServer s = TestServer.start(
                TestServer.list(shop), Mode.READWRITE, ServerOptions.defaults().withOAuth(withPath))) {
            for (String path :
                    List.of("/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource")) {
                Reply r = Http.get(s.uri(), path);
                assertThat(r.status()).as(path).isEqualTo(200);
                assertThat(r.json().get("resource").asText()).isEqualTo(RESOURCE + "/mcp");
            }
            assertThat(Http.get(s.uri(), "/mcp").header("WWW-Authenticate"))
                    .contains("resource_metadata=\"https://gabysql.test/.well-known/oauth-protected-resource/mcp\"");
        }
    }

    @Test
    void unreachableKeysAre503NotATrace() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        URI nowhere = URI.create("http://127.0.0.1:" + closedPort + "/jwks");
        try (TestServer s = TestServer.start(
                TestServer.list(shop), Mode.READWRITE, ServerOptions.defaults().withOAuth(settings(nowhere)))) {
            Reply r = Http.get(
                    s.uri(),
                    "/databases",
                    bearer(signed(rsa, claims("gabysql:read").build())));
            assertError(r, 503, "AUTH_UNAVAILABLE");
            assertThat(r.header("Retry-After")).isNotBlank();
        }
    }
}
