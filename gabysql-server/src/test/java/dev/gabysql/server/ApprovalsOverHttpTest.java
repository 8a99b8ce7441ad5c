package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.json.Json;
import dev.gabysql.core.testing.TestDatabases;
import dev.gabysql.server.Http.Reply;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approval by a person over HTTP (docs/design.md#approval), on a real SQLite file with approval human: an agent's
 * token previews and gets an approval id that commits nothing, can neither list nor decide, and an approver's token
 * commits the write exactly once. Every case checks the database afterwards.
 */
class ApprovalsOverHttpTest {
    static final String AGENT = "agent-secret-0123456789";
    static final String ALICE = "alice-approves-0123456789";
    static final String TRUSTED = "trusted-program-0123456789";
    static final String INSERT = "INSERT INTO customers (name) VALUES ('Zed')";
    static final String ZEDS = "SELECT count(*) FROM customers WHERE name = 'Zed'";

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
                        .withTokens(List.of(
                                ApiToken.parse(AGENT, "agent"),
                                ApiToken.approver(ALICE, "alice"),
                                ApiToken.parse(TRUSTED, "ci").withApproval(ApprovalPolicy.AGENT))),
                dir.resolve("approvals"),
                dir.resolve("audit.jsonl"));
        base = server.uri();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anAgentsPreviewAwaitsAPersonWithNoTokenAndCommitsNothing() throws Exception {
        Reply preview = preview(INSERT);
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().get("status").asText()).isEqualTo("awaiting_approval");
        assertThat(preview.json().get("approval_id").asText()).startsWith("apr_");
        assertThat(preview.json().has("confirm_token")).isFalse();
        assertThat(preview.json().get("affected_rows").asLong()).isEqualTo(1);
        assertThat(preview.json().get("approve_with").asText())
                .contains("POST /approvals/" + preview.json().get("approval_id").asText());
        assertThat(zeds()).isZero();

        Reply status = status(preview.json().get("approval_id").asText(), AGENT);
        assertThat(status.status()).as(status.body()).isEqualTo(200);
        assertThat(status.json().get("status").asText()).isEqualTo("pending");
        assertThat(zeds()).isZero();

        // a confirm token, forged or from elsewhere, commits nothing where a person approves
        Map<String, Object> body = write(INSERT);
        body.put("confirm_token", "gct2.forged");
        assertError(Http.post(base, "/sql", Json.write(body), auth(AGENT)), 403, "APPROVAL_REQUIRED");
        assertThat(zeds()).isZero();
    }

    @Test
    void anAgentsTokenCanNeitherListNorDecide() throws Exception {
        String id = preview(INSERT).json().get("approval_id").asText();
        for (String agentSecret : List.of(AGENT, TRUSTED)) {
            assertError(Http.get(base, "/approvals", auth(agentSecret)), 403, "NOT_AN_APPROVER");
            assertError(
                    Http.post(base, "/approvals/" + id, decision("approve"), auth(agentSecret)),
                    403,
                    "NOT_AN_APPROVER");
        }
        assertError(Http.post(base, "/approvals/" + id, decision("approve")), 401, "UNAUTHORIZED");
        assertError(Http.post(base, "/approvals/" + id, decision("approve"), auth(ALICE + "x")), 401, "UNAUTHORIZED");
        assertThat(zeds()).isZero();
        assertThat(status(id, AGENT).json().get("status").asText()).isEqualTo("pending");
    }

    @Test
    void anApproversTokenRunsNothingElse() throws Exception {
        assertError(Http.post(base, "/sql", Json.write(write(INSERT)), auth(ALICE)), 403, "FORBIDDEN_BY_MODE");
        assertError(Http.post(base, "/sql", Http.sql("shop", "SELECT 1"), auth(ALICE)), 403, "FORBIDDEN_BY_MODE");
        assertError(Http.get(base, "/databases", auth(ALICE)), 403, "FORBIDDEN_BY_MODE");
        assertError(Http.post(base, "/mcp", "{}", auth(ALICE)), 403, "FORBIDDEN_BY_MODE");
        assertThat(zeds()).isZero();
    }

    @Test
    void anApproverApprovesAndTheWriteCommitsExactlyOnce() throws Exception {
        String id = preview(INSERT).json().get("approval_id").asText();

        Reply list = Http.get(base, "/approvals", auth(ALICE));
        assertThat(list.status()).as(list.body()).isEqualTo(200);
        JsonNode pending = list.json().get("approvals");
        assertThat(pending).hasSize(1);
        JsonNode w = pending.get(0);
        assertThat(w.get("id").asText()).isEqualTo(id);
        assertThat(w.get("db").asText()).isEqualTo("shop");
        assertThat(w.get("sql").asText()).isEqualTo(INSERT);
        assertThat(w.get("mode").asText()).isEqualTo("readwrite");
        assertThat(w.get("state").asText()).isEqualTo("pending");
        assertThat(w.get("affected_rows").asLong()).isEqualTo(1);
        assertThat(w.get("blast_radius").get("tables").toString()).contains("customers");
        assertThat(w.get("front_end").asText()).isEqualTo("http");
        assertThat(w.get("client").asText()).isEqualTo("token agent");
        assertThat(w.has("created_at") && w.has("expires_at")).isTrue();
        assertThat(w.has("evidence"))
                .as("what the commit must match stays on the server")
                .isFalse();
        assertThat(zeds()).as("listing commits nothing").isZero();

        Reply approved = Http.post(base, "/approvals/" + id, decision("approve"), auth(ALICE));
        assertThat(approved.status()).as(approved.body()).isEqualTo(200);
        assertThat(approved.json().get("state").asText()).isEqualTo("committed");
        assertThat(approved.json().get("committed_rows").asLong()).isEqualTo(1);
        assertThat(approved.json().get("decided_by").asText()).isEqualTo("token alice");
        assertThat(approved.json().get("via").asText()).isEqualTo("http");
        assertThat(zeds()).isEqualTo(1);

        assertThat(status(id, AGENT).json().get("status").asText()).isEqualTo("committed");
        assertError(Http.post(base, "/approvals/" + id, decision("approve"), auth(ALICE)), 409, "APPROVAL_CLOSED");
        assertError(Http.post(base, "/approvals/" + id, decision("reject"), auth(ALICE)), 409, "APPROVAL_CLOSED");
        assertThat(zeds()).as("a replayed approval commits nothing").isEqualTo(1);
        assertThat(Http.get(base, "/approvals", auth(ALICE)).json().get("approvals"))
                .isEmpty();

        String audit = Files.readString(dir.resolve("audit.jsonl"), StandardCharsets.UTF_8);
        assertThat(audit)
                .contains("\"tool\":\"approve\"")
                .contains("token alice@")
                .contains(id);
    }

    @Test
    void aRejectedWriteCommitsNothing() throws Exception {
        String id = preview(INSERT).json().get("approval_id").asText();
        Reply rejected = Http.post(base, "/approvals/" + id, decision("reject"), auth(ALICE));
        assertThat(rejected.status()).as(rejected.body()).isEqualTo(200);
        assertThat(rejected.json().get("state").asText()).isEqualTo("rejected");
        assertThat(rejected.json().get("decided_by").asText()).isEqualTo("token alice");
        assertThat(zeds()).isZero();
        assertThat(status(id, AGENT).json().get("status").asText()).isEqualTo("rejected");
        assertError(Http.post(base, "/approvals/" + id, decision("approve"), auth(ALICE)), 409, "APPROVAL_CLOSED");
        assertThat(zeds()).isZero();
    }

    @Test
    void dataChangedSinceThePreviewCommitsNothing() throws Exception {
        String delete = "DELETE FROM orders WHERE total > 5";
        String id = preview(delete).json().get("approval_id").asText();
        TestDatabases.run(shop.url(), "INSERT INTO orders VALUES (4, 3, 99)");

        Reply approved = Http.post(base, "/approvals/" + id, decision("approve"), auth(ALICE));
        assertThat(approved.status()).as(approved.body()).isEqualTo(200);
        assertThat(approved.json().get("state").asText()).isEqualTo("changed");
        assertThat(approved.json().has("committed_rows")).isFalse();
        assertThat(WritesOverHttpTest.count(shop.url(), "SELECT count(*) FROM orders"))
                .isEqualTo(4);
        assertThat(status(id, AGENT).json().get("status").asText()).isEqualTo("changed");
    }

    @Test
    void unknownIdsAndDecisionsAreRefused() throws Exception {
        assertError(
                Http.post(base, "/approvals/apr_AAAAAAAAAAAAAAAAAAAAAA", decision("approve"), auth(ALICE)),
                404,
                "APPROVAL_NOT_FOUND");
        assertError(Http.post(base, "/approvals/apr_..", decision("approve"), auth(ALICE)), 404, "APPROVAL_NOT_FOUND");
        // an encoded slash never reaches the endpoint: Jetty refuses the ambiguous path
        assertError(
                Http.post(base, "/approvals/..%2F..%2Fapr_AAAAAAAAAAAAAAAAAAAAAA", decision("approve"), auth(ALICE)),
                400,
                "BAD_REQUEST");
        String id = preview(INSERT).json().get("approval_id").asText();
        assertError(Http.post(base, "/approvals/" + id, decision("yes"), auth(ALICE)), 400, "BAD_REQUEST");
        assertError(Http.post(base, "/approvals/" + id, "{}", auth(ALICE)), 400, "BAD_REQUEST");
        assertError(
                Http.post(base, "/approvals/" + id, "{\"decision\":\"approve\",\"force\":true}", auth(ALICE)),
                400,
                "BAD_REQUEST");
        assertError(status("apr_AAAAAAAAAAAAAAAAAAAAAA", AGENT), 404, "APPROVAL_NOT_FOUND");
        assertThat(zeds()).isZero();
    }

    @Test
    void aTokenWithApprovalAgentGetsTheConfirmTokenRoundTrip() throws Exception {
        Reply preview = Http.post(base, "/sql", Json.write(write(INSERT)), auth(TRUSTED));
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().get("status").asText()).isEqualTo("previewed");
        assertThat(preview.json().has("approval_id")).isFalse();
        assertThat(zeds()).isZero();

        Map<String, Object> confirm = write(INSERT);
        confirm.put("confirm_token", preview.json().get("confirm_token").asText());
        Reply commit = Http.post(base, "/sql", Json.write(confirm), auth(TRUSTED));
        assertThat(commit.status()).as(commit.body()).isEqualTo(200);
        assertThat(commit.json().get("status").asText()).isEqualTo("committed");
        assertThat(zeds()).isEqualTo(1);
        assertError(Http.post(base, "/sql", Json.write(confirm), auth(TRUSTED)), 403, "CONFIRM_TOKEN_INVALID");
        assertThat(zeds()).isEqualTo(1);
    }

    @Test
    void databasesSayWhoApprovesThisCallersWrites() {
        assertThat(Http.get(base, "/databases", auth(AGENT))
                        .json()
                        .get("databases")
                        .get(0)
                        .get("approval")
                        .asText())
                .isEqualTo("human");
        assertThat(Http.get(base, "/databases", auth(TRUSTED))
                        .json()
                        .get("databases")
                        .get(0)
                        .get("approval")
                        .asText())
                .isEqualTo("agent");
    }

    Reply preview(String sql) {
        return Http.post(base, "/sql", Json.write(write(sql)), auth(AGENT));
    }

    Reply status(String id, String secret) {
        return Http.post(base, "/sql", Json.write(Map.of("db", "shop", "approval_id", id)), auth(secret));
    }

    long zeds() throws Exception {
        return WritesOverHttpTest.count(shop.url(), ZEDS);
    }

    static Map<String, Object> write(String sql) {
        Map<String, Object> body = new HashMap<>();
        body.put("db", "shop");
        body.put("sql", sql);
        body.put("execute", true);
        return body;
    }

    static String decision(String d) {
        return Json.write(Map.of("decision", d));
    }

    static String[] auth(String secret) {
        return new String[] {"Authorization", "Bearer " + secret};
    }
}
