package dev.gabysql.server;

import static dev.gabysql.server.ApiErrorsTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.curated.CuratedParam;
import dev.gabysql.core.curated.CuratedTool;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.curated.ParamType;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import dev.gabysql.server.Http.Reply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Curated tools over HTTP (docs/http-api.md#curated-tools) on a real PostgreSQL database: {@code GET /tools} lists the
 * exact schemas, a mistyped value or an injection runs nothing harmful, a write tool previews and waits for an
 * approver, who commits it once; a readonly token cannot run it. Every case checks the database afterwards.
 */
class CuratedToolsOverHttpTest {
    static final String AGENT = "agent-secret-0123456789";
    static final String READER = "reader-secret-0123456789";
    static final String ALICE = "alice-approves-0123456789";

    @TempDir
    Path dir;

    DatabaseConfig pg;
    LocalGabyService service;
    GabyServer server;
    URI base;

    @BeforeEach
    void start() {
        pg = TestServer.postgres();
        service = new LocalGabyService(
                new Catalog(List.of(pg)),
                Settings.DEFAULT
                        .withMode(Mode.READWRITE)
                        .withApprovals(new Settings.Approvals(
                                ApprovalPolicy.HUMAN, dir.resolve("approvals"), Settings.Approvals.DEFAULT.ttl())));
        CuratedTools curated = CuratedTools.prepare(List.of(itemNamed(), reprice()), service);
        ServerOptions options = ServerOptions.defaults()
                .withPort(0)
                .withTokens(List.of(
                        ApiToken.parse(AGENT, "agent"),
                        ApiToken.of(READER, Mode.READONLY, "reader"),
                        ApiToken.approver(ALICE, "alice")));
        server = GabyServer.start(
                service, options, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), curated);
        base = server.uri();
    }

    @AfterEach
    void stop() {
        server.close();
        service.close();
    }

    static CuratedTool itemNamed() {
        return new CuratedTool(
                "item_named",
                "One item by its exact name.",
                "pg",
                CuratedTool.Access.READ,
                "SELECT id, price FROM items WHERE name = :name",
                List.of(new CuratedParam("name", ParamType.STRING, null, true, List.of(), null, null, 40, null)),
                "tools[0]");
    }

    static CuratedTool reprice() {
        return new CuratedTool(
                "reprice",
                "Set one item's price.",
                "pg",
                CuratedTool.Access.WRITE,
                "UPDATE items SET price = :price WHERE id = :id",
                List.of(
                        new CuratedParam("id", ParamType.INTEGER, null, true, List.of(), null, null, null, null),
                        new CuratedParam(
                                "price", ParamType.NUMBER, null, true, List.of(), BigDecimal.ZERO, null, null, null)),
                "tools[1]");
    }

    @Test
    void getToolsListsEachToolWithItsExactSchema() {
        Reply r = Http.get(base, "/tools", ApprovalsOverHttpTest.auth(AGENT));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().at("/tools/0/input_schema").toString())
                .isEqualTo("{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"maxLength\":40}},"
                        + "\"required\":[\"name\"],\"additionalProperties\":false}");
        assertThat(r.json().at("/tools/1/access").asText()).isEqualTo("write");
        assertThat(r.json().at("/tools/1/input_schema/properties").toString())
                .isEqualTo("{\"id\":{\"type\":\"integer\"},\"price\":{\"type\":\"number\",\"minimum\":0},"
                        + "\"confirm_token\":{\"type\":\"string\"},\"approval_id\":{\"type\":\"string\"}}");
        assertError(Http.post(base, "/tools/nope", "{}", ApprovalsOverHttpTest.auth(AGENT)), 404, "NOT_FOUND");
    }

    @Test
    void aStringWhereANumberIsDeclaredRunsNothingAndAnInjectionIsInert() {
        assertError(
                Http.post(base, "/tools/reprice", "{\"id\": 1, \"price\": \"0\"}", ApprovalsOverHttpTest.auth(AGENT)),
                400,
                "BAD_REQUEST");
        assertError(
                Http.post(
                        base,
                        "/tools/reprice",
                        "{\"id\": \"1 OR 1=1\", \"price\": 0}",
                        ApprovalsOverHttpTest.auth(AGENT)),
                400,
                "BAD_REQUEST");
        for (String attack : List.of("' OR 1=1 --", "x'; DROP TABLE items; --")) {
            Reply r = Http.post(
                    base,
                    "/tools/item_named",
                    "{\"name\": " + dev.gabysql.core.json.Json.write(attack) + "}",
                    ApprovalsOverHttpTest.auth(AGENT));
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            assertThat(r.json().get("row_count").asInt()).isZero();
        }
        Reply ok = Http.post(base, "/tools/item_named", "{\"name\": \"item 2\"}", ApprovalsOverHttpTest.auth(AGENT));
        assertThat(ok.json().get("rows").toString()).isEqualTo("[[2,3.0]]");
        assertThat(TestDatabases.firstRow(pg.url(), "SELECT count(*), sum(price) FROM items"))
                .isEqualTo("50|1912.50");
        assertThat(new java.io.File(dir.resolve("approvals").toString()).list()).isNullOrEmpty();
    }

    @Test
    void aWriteToolWaitsForAnApproverWhoCommitsItOnce() {
        Reply preview =
                Http.post(base, "/tools/reprice", "{\"id\": 3, \"price\": 99.5}", ApprovalsOverHttpTest.auth(AGENT));
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().get("status").asText()).isEqualTo("awaiting_approval");
        assertThat(preview.json().get("affected_rows").asInt()).isEqualTo(1);
        String id = preview.json().get("approval_id").asText();
        assertThat(preview.json().get("approve_with").asText()).contains("POST /approvals/" + id);
        assertThat(price(3)).isEqualTo("4.50");

        assertError(
                Http.post(
                        base,
                        "/tools/reprice",
                        "{\"id\": 3, \"price\": 99.5, \"confirm_token\": \"" + id + "\"}",
                        ApprovalsOverHttpTest.auth(AGENT)),
                403,
                "APPROVAL_REQUIRED");
        Reply approved = Http.post(
                base, "/approvals/" + id, ApprovalsOverHttpTest.decision("approve"), ApprovalsOverHttpTest.auth(ALICE));
        assertThat(approved.status()).as(approved.body()).isEqualTo(200);
        assertThat(price(3)).isEqualTo("99.50");
        Reply status = Http.post(
                base,
                "/tools/reprice",
                "{\"id\": 3, \"price\": 99.5, \"approval_id\": \"" + id + "\"}",
                ApprovalsOverHttpTest.auth(AGENT));
        assertThat(status.json().get("status").asText()).isEqualTo("committed");
        assertError(
                Http.post(
                        base,
                        "/approvals/" + id,
                        ApprovalsOverHttpTest.decision("approve"),
                        ApprovalsOverHttpTest.auth(ALICE)),
                409,
                "APPROVAL_CLOSED");
    }

    @Test
    void aReadonlyTokenCannotRunAWriteTool() {
        assertError(
                Http.post(base, "/tools/reprice", "{\"id\": 3, \"price\": 1}", ApprovalsOverHttpTest.auth(READER)),
                403,
                "READ_ONLY");
        Reply read = Http.post(base, "/tools/item_named", "{\"name\": \"item 3\"}", ApprovalsOverHttpTest.auth(READER));
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(price(3)).isEqualTo("4.50");
    }

    private String price(int id) {
        return TestDatabases.firstRow(pg.url(), "SELECT price FROM items WHERE id = " + id);
    }
}
