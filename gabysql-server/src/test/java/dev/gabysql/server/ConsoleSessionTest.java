package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.json.Json;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's sign-in and its guard on every request (docs/console.md#security), against a real server over a
 * real SQLite file where a person approves writes: a session is a cookie plus a CSRF token the page repeats, and each
 * attempt to act without one — no CSRF token, another site's origin, an agent's sign-in on a person's path, a session
 * signed out — is refused with nothing written (the database is checked after each).
 */
class ConsoleSessionTest {
    static final String AGENT = "agent-secret-0123456789";
    static final String ALICE = "alice-approves-0123456789";
    static final String INSERT = "INSERT INTO customers (name) VALUES ('Zed')";

    @TempDir
    Path dir;

    TestServer server;
    URI base;
    DatabaseConfig shop;

    @BeforeEach
    void start() {
        shop = TestServer.shop(dir);
        server = TestServer.startHuman(
                TestServer.list(shop),
                Mode.READWRITE,
                ServerOptions.defaults()
                        .withTokens(List.of(ApiToken.parse(AGENT, "agent"), ApiToken.approver(ALICE, "alice"))),
                dir.resolve("approvals"),
                dir.resolve("audit.jsonl"));
        base = server.uri();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void signingInSetsAStrictHttpOnlyCookieAndAnswersTheCsrfToken() {
        Reply r = signIn(ALICE);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.header("Set-Cookie"))
                .startsWith("gabysql_console=")
                .contains("HttpOnly", "SameSite=Strict", "Path=/");
        assertThat(r.header("Content-Security-Policy")).contains("script-src 'self'", "frame-ancestors 'none'");
        assertThat(r.json().get("approver").asBoolean()).isTrue();
        assertThat(r.json().get("caller").asText()).isEqualTo("alice");
        assertThat(r.json().get("csrf").asText()).hasSizeGreaterThan(30);
        assertThat(r.body()).doesNotContain(ALICE);

        Console c = Console.of(r);
        Reply again = c.get(base, "/console/session");
        assertThat(again.json().get("csrf").asText()).isEqualTo(c.csrf);
    }

    @Test
    void aWrongTokenOrATokenInTheUrlSignsNobodyIn() {
        assertError(signIn(ALICE + "x"), 401, "UNAUTHORIZED");
        assertError(Http.post(base, "/console/session?token=" + ALICE, "{}"), 400, "BAD_REQUEST");
        assertError(Http.get(base, "/databases", "Cookie", "gabysql_console=made-up"), 401, "UNAUTHORIZED");
    }

    @Test
    void aRequestWithoutTheCsrfTokenIsRefusedAndDecidesNothing() throws Exception {
        Console alice = Console.of(signIn(ALICE));
        String id = agentPreview();
        assertError(
                Http.post(base, "/approvals/" + id, decision("approve"), "Cookie", alice.cookie), 403, "CSRF_REFUSED");
        assertError(
                Http.post(base, "/approvals/" + id, decision("approve"), "Cookie", alice.cookie, "X-Gabysql-Csrf", "x"),
                403,
                "CSRF_REFUSED");
        assertError(Http.get(base, "/approvals", "Cookie", alice.cookie), 403, "CSRF_REFUSED");
        assertThat(zeds()).isZero();
        assertThat(alice.get(base, "/approvals").json().get("approvals")).hasSize(1);
    }

    @Test
    void anotherSitesPageCannotActEvenWithTheCsrfToken() throws Exception {
        Console alice = Console.of(signIn(ALICE));
        String id = agentPreview();
        assertError(
                alice.post(base, "/approvals/" + id, decision("approve"), "Origin", "http://evil.example"),
                403,
                "FORBIDDEN_ORIGIN");
        assertError(
                alice.post(base, "/approvals/" + id, decision("approve"), "Sec-Fetch-Site", "cross-site"),
                403,
                "FORBIDDEN_ORIGIN");
        assertError(
                Http.post(base, "/console/session", signInBody(ALICE), "Origin", "http://evil.example"),
                403,
                "FORBIDDEN_ORIGIN");
        assertThat(zeds()).isZero();
    }

    @Test
    void aPersonsOwnWriteWaitsForApprovalAndCommitsOnceApprovedInTheConsole() throws Exception {
        Console alice = Console.of(signIn(ALICE));
        Reply preview = alice.post(base, "/sql", Json.write(Map.of("db", "shop", "sql", INSERT, "execute", true)));
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().get("status").asText()).isEqualTo("awaiting_approval");
        assertThat(preview.json().get("blast_radius")).isNotNull();
        assertThat(zeds()).isZero();

        String id = preview.json().get("approval_id").asText();
        Reply decided = alice.post(base, "/approvals/" + id, decision("approve"));
        assertThat(decided.status()).as(decided.body()).isEqualTo(200);
        assertThat(decided.json().get("state").asText()).isEqualTo("committed");
        assertThat(decided.json().get("via").asText()).isEqualTo("console");
        assertThat(zeds()).isEqualTo(1);
        assertError(alice.post(base, "/approvals/" + id, decision("approve")), 409, "APPROVAL_CLOSED");
        assertThat(zeds()).isEqualTo(1);

        JsonNode events = alice.get(base, "/audit?caller=alice").json().get("events");
        assertThat(events).isNotEmpty();
        assertThat(events.get(0).get("front_end").asText()).isEqualTo("console");
        assertThat(events.findValuesAsText("outcome")).contains("awaiting_approval", "committed");
        assertThat(alice.get(base, "/audit/verify").json().get("ok").asBoolean())
                .isTrue();
    }

    @Test
    void anAgentsSignInQueriesButNeitherApprovesNorReadsTheAudit() throws Exception {
        Console agent = Console.of(signIn(AGENT));
        assertThat(agent.post(base, "/sql", Http.sql("shop", "SELECT name FROM customers"))
                        .status())
                .isEqualTo(200);
        String id = agentPreview();
        assertError(agent.post(base, "/approvals/" + id, decision("approve")), 403, "NOT_AN_APPROVER");
        assertError(agent.get(base, "/approvals"), 403, "NOT_AN_APPROVER");
        assertError(agent.get(base, "/audit"), 403, "NOT_AN_APPROVER");
        assertError(Http.get(base, "/audit", "Authorization", "Bearer " + AGENT), 403, "NOT_AN_APPROVER");
        assertThat(Http.get(base, "/audit", "Authorization", "Bearer " + ALICE).status())
                .isEqualTo(200);
        assertThat(zeds()).isZero();
    }

    @Test
    void signingOutNeedsTheCsrfTokenAndEndsTheSession() {
        Console alice = Console.of(signIn(ALICE));
        Reply refused = Http.send(
                HttpRequest.newBuilder(URI.create(base + "/console/session")).DELETE(), "Cookie", alice.cookie);
        assertError(refused, 403, "CSRF_REFUSED");
        assertThat(alice.get(base, "/databases").status()).isEqualTo(200);

        Reply out = Http.send(
                HttpRequest.newBuilder(URI.create(base + "/console/session")).DELETE(),
                "Cookie",
                alice.cookie,
                "X-Gabysql-Csrf",
                alice.csrf);
        assertThat(out.status()).isEqualTo(200);
        assertThat(out.header("Set-Cookie")).contains("Max-Age=0");
        assertError(alice.get(base, "/databases"), 401, "UNAUTHORIZED");
    }

    @Test
    void theConsolesFilesAreServedWithTheStrictPolicyAndNothingElseIs() {
        Reply probe = Http.get(base, "/console/test-probe.js");
        assertThat(probe.status()).isEqualTo(200);
        assertThat(probe.header("Content-Type")).startsWith("text/javascript");
        assertThat(probe.header("Content-Security-Policy")).contains("default-src 'none'");
        assertThat(probe.header("X-Content-Type-Options")).isEqualTo("nosniff");
        for (String path : List.of(
                "/console/../ApiToken.class",
                "/console/%2e%2e/ApiToken.class",
                "/console/Test-Probe.js",
                "/console/test-probe.class",
                "/console/missing.js")) {
            assertThat(Http.get(base, path).status()).as(path).isIn(400, 404);
        }
    }

    @Test
    void withTheConsoleOffItsPathsAndCookiesOpenNothing() throws Exception {
        TestServer off = TestServer.start(
                TestServer.list(TestServer.shop(java.nio.file.Files.createDirectories(dir.resolve("off")))),
                Mode.READWRITE,
                ServerOptions.defaults()
                        .withTokens(List.of(ApiToken.parse(AGENT, "agent"), ApiToken.approver(ALICE, "alice")))
                        .withConsole(false));
        try {
            assertThat(off.server.consoleSecret()).isNull();
            assertError(Http.get(off.server.uri(), "/console/test-probe.js"), 401, "UNAUTHORIZED");
            assertError(Http.post(off.server.uri(), "/console/session", signInBody(ALICE)), 401, "UNAUTHORIZED");
            Console alice = Console.of(signIn(ALICE));
            assertError(Http.get(off.server.uri(), "/databases", "Cookie", alice.cookie), 401, "UNAUTHORIZED");
        } finally {
            off.close();
        }
    }

    @Test
    void withoutAnApproverTokenTheConsoleSecretSignsAPersonIn() throws Exception {
        TestServer open = TestServer.startHuman(
                TestServer.list(TestServer.shop(java.nio.file.Files.createDirectories(dir.resolve("open")))),
                Mode.READWRITE,
                ServerOptions.defaults(),
                dir.resolve("open-approvals"));
        try {
            String secret = open.server.consoleSecret();
            assertThat(secret).startsWith("gcs_").hasSizeGreaterThan(30);
            Reply in = Http.post(open.server.uri(), "/console/session", signInBody(secret));
            assertThat(in.status()).as(in.body()).isEqualTo(200);
            assertThat(in.json().get("approver").asBoolean()).isTrue();
            // the console secret is the console's alone: it approves nothing as a bearer token
            assertError(
                    Http.get(open.server.uri(), "/approvals", "Authorization", "Bearer " + secret),
                    403,
                    "NOT_AN_APPROVER");
            Console person = Console.of(in);
            assertThat(person.get(open.server.uri(), "/approvals").status()).isEqualTo(200);
        } finally {
            open.close();
        }
    }

    private Reply signIn(String token) {
        return Http.post(base, "/console/session", signInBody(token));
    }

    private static String signInBody(String token) {
        return Json.write(Map.of("token", token));
    }

    private String agentPreview() {
        Reply r = Http.post(
                base,
                "/sql",
                Json.write(Map.of("db", "shop", "sql", INSERT, "execute", true)),
                "Authorization",
                "Bearer " + AGENT);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().get("approval_id").asText();
    }

    private static String decision(String d) {
        return Json.write(Map.of("decision", d));
    }

    private long zeds() throws Exception {
        return WritesOverHttpTest.count(shop.url(), "SELECT count(*) FROM customers WHERE name = 'Zed'");
    }

    /** A signed-in browser: the cookie it sends and the CSRF token its page holds. */
    record Console(String cookie, String csrf) {
        static Console of(Reply signIn) {
            assertThat(signIn.status()).as(signIn.body()).isEqualTo(200);
            String setCookie = signIn.header("Set-Cookie");
            return new Console(
                    setCookie.substring(0, setCookie.indexOf(';')),
                    signIn.json().get("csrf").asText());
        }

        Reply get(URI base, String path, String... more) {
            return Http.get(base, path, headers(more));
        }

        Reply post(URI base, String path, String json, String... more) {
            return Http.post(base, path, json, headers(more));
        }

        private String[] headers(String... more) {
            String[] all = new String[4 + more.length];
            all[0] = "Cookie";
            all[1] = cookie;
            all[2] = "X-Gabysql-Csrf";
            all[3] = csrf;
            System.arraycopy(more, 0, all, 4, more.length);
            return all;
        }
    }
}
