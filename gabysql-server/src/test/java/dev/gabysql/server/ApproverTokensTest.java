package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.json.Json;
import dev.gabysql.server.Http.Reply;
import dev.gabysql.server.client.RemoteGabyService;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where approver tokens are and are not configured (docs/http-api.md#authentication-and-modes): without one nobody
 * approves over HTTP, not even a local client without a token; an approver token alone leaves the rest of a loopback
 * server as open as before and guards approvals only; the gateway forwards the agent's side and never decides. Each
 * case checks the database.
 */
class ApproverTokensTest {
    static final String AGENT = "agent-secret-0123456789";
    static final String ALICE = "alice-approves-0123456789";
    static final String INSERT = "INSERT INTO customers (name) VALUES ('Zed')";

    @TempDir
    Path dir;

    @Test
    void withoutAnApproverTokenNobodyApprovesOverHttp() throws Exception {
        DatabaseConfig shop = TestServer.shop(dir);
        try (TestServer s = TestServer.startHuman(
                TestServer.list(shop), Mode.READWRITE, ServerOptions.defaults(), dir.resolve("approvals"))) {
            Reply preview = Http.post(s.uri(), "/sql", Json.write(ApprovalsOverHttpTest.write(INSERT)));
            assertThat(preview.json().get("status").asText()).isEqualTo("awaiting_approval");
            assertThat(preview.json().get("approve_with").asText()).contains("gabysql approve");
            String id = preview.json().get("approval_id").asText();

            Reply list = Http.get(s.uri(), "/approvals");
            assertError(list, 403, "NOT_AN_APPROVER");
            assertThat(list.json().get("error").get("hint").asText()).contains("--approver-token");
            assertError(
                    Http.post(s.uri(), "/approvals/" + id, ApprovalsOverHttpTest.decision("approve")),
                    403,
                    "NOT_AN_APPROVER");
            assertThat(zeds(shop)).isZero();
        }
    }

    @Test
    void anApproverTokenAloneGuardsApprovalsAndLeavesTheLoopbackApiAsItWas() throws Exception {
        DatabaseConfig shop = TestServer.shop(dir);
        try (TestServer s = TestServer.startHuman(
                TestServer.list(shop),
                Mode.READWRITE,
                ServerOptions.defaults().withTokens(List.of(ApiToken.approver(ALICE, "alice"))),
                dir.resolve("approvals"))) {
            Reply preview = Http.post(s.uri(), "/sql", Json.write(ApprovalsOverHttpTest.write(INSERT)));
            assertThat(preview.status()).as(preview.body()).isEqualTo(200);
            String id = preview.json().get("approval_id").asText();
            assertError(
                    Http.post(s.uri(), "/approvals/" + id, ApprovalsOverHttpTest.decision("approve")),
                    401,
                    "UNAUTHORIZED");
            assertThat(zeds(shop)).isZero();

            Reply approved = Http.post(
                    s.uri(),
                    "/approvals/" + id,
                    ApprovalsOverHttpTest.decision("approve"),
                    ApprovalsOverHttpTest.auth(ALICE));
            assertThat(approved.status()).as(approved.body()).isEqualTo(200);
            assertThat(approved.json().get("state").asText()).isEqualTo("committed");
            assertThat(zeds(shop)).isEqualTo(1);
        }
    }

    @Test
    void anApproverTokenAloneDoesNotOpenOtherAddresses() {
        assertThatThrownBy(() -> ServerOptions.defaults()
                        .withHost("0.0.0.0")
                        .withTokens(List.of(ApiToken.approver(ALICE, "alice")))
                        .validate())
                .isInstanceOfSatisfying(GabyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                    assertThat(e.getMessage()).contains("without a token");
                    assertThat(e.hint()).contains("approver token alone");
                });
        assertThatThrownBy(() -> ServerOptions.defaults()
                        .withTokens(List.of(ApiToken.parse(AGENT, "same"), ApiToken.approver(ALICE, "same")))
                        .validate())
                .hasMessageContaining("Two tokens are named `same`");
        assertThatThrownBy(() -> ApiToken.approver("short", "alice")).hasMessageContaining("shorter");
    }

    @Test
    void theGatewayForwardsTheAgentsSideAndNeverDecides() throws Exception {
        DatabaseConfig shop = TestServer.shop(dir);
        try (TestServer s = TestServer.startHuman(
                        TestServer.list(shop),
                        Mode.READWRITE,
                        ServerOptions.defaults()
                                .withTokens(List.of(ApiToken.parse(AGENT, "agent"), ApiToken.approver(ALICE, "alice"))),
                        dir.resolve("approvals"));
                RemoteGabyService gateway =
                        new RemoteGabyService(s.uri(), AGENT, Mode.READWRITE, Duration.ofSeconds(30))) {
            CallContext ctx = CallContext.of("mcp").withClient("agent");
            ExecuteResult awaiting = gateway.execute(ctx, new ExecuteRequest("shop", INSERT, List.of(), null, false));
            assertThat(awaiting.status()).isEqualTo("awaiting_approval");
            assertThat(awaiting.approvalId()).startsWith("apr_");
            assertThat(awaiting.confirmToken()).isNull();
            assertThat(awaiting.blastRadius()).isNotNull();
            assertThat(zeds(shop)).isZero();

            String id = awaiting.approvalId();
            ExecuteRequest ask = new ExecuteRequest("shop", INSERT, List.of(), null, false, id);
            assertThat(gateway.execute(ctx, ask).status()).isEqualTo("pending");

            GabyException refused = catchThrowableOfType(() -> gateway.decide(ctx, id, true), GabyException.class);
            assertThat(refused.code()).isEqualTo(ErrorCode.NOT_AN_APPROVER);
            assertThat(catchThrowableOfType(() -> gateway.pendingWrites(ctx), GabyException.class)
                            .code())
                    .isEqualTo(ErrorCode.NOT_AN_APPROVER);
            assertThat(zeds(shop)).isZero();

            Http.post(
                    s.uri(),
                    "/approvals/" + id,
                    ApprovalsOverHttpTest.decision("approve"),
                    ApprovalsOverHttpTest.auth(ALICE));
            ExecuteResult committed = gateway.execute(ctx, ask);
            assertThat(committed.status()).isEqualTo("committed");
            assertThat(committed.affectedRows()).isEqualTo(1);
            assertThat(zeds(shop)).isEqualTo(1);
            assertThat(gateway.listDatabases(ctx).get(0).approval()).isEqualTo(ApprovalPolicy.HUMAN);
        }
    }

    static long zeds(DatabaseConfig shop) throws Exception {
        return WritesOverHttpTest.count(shop.url(), "SELECT count(*) FROM customers WHERE name = 'Zed'");
    }
}
