package dev.gabysql.server.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.api.ScriptSplitter;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.ServerOptions;
import dev.gabysql.server.TestServer;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's service in process: a RemoteGabyService against a running server over SQLite and PostgreSQL
 * gives the same answers and the same errors as the LocalGabyService behind it, and opens no database itself.
 */
class RemoteGabyServiceTest {
    static final String TOKEN = "gateway-token-0123456789";
    static final CallContext CTX = CallContext.of("mcp").withClient("test-client");

    @TempDir
    static Path dir;

    static TestServer server;
    static RemoteGabyService remote;

    @BeforeAll
    static void start() {
        server = TestServer.start(
                TestServer.list(TestServer.shop(dir), TestServer.postgres()),
                Mode.READWRITE,
                ServerOptions.defaults().withTokens(List.of(ApiToken.parse(TOKEN, "gateway"))));
        remote = new RemoteGabyService(server.uri(), TOKEN, Mode.READWRITE, Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        remote.close();
        server.close();
    }

    @Test
    void listsTheServersDatabases() {
        assertThat(remote.listDatabases(CTX)).extracting(d -> d.name()).containsExactly("shop", "pg");
        assertThat(remote.listDatabases(CTX))
                .isEqualTo(server.service.listDatabases(CTX.withCallerCap(Mode.READWRITE)));
    }

    @Test
    void queriesGiveTheLocalAnswerOnSqliteAndPostgres() {
        for (QueryRequest q : List.of(
                QueryRequest.of("shop", "SELECT id, name FROM customers ORDER BY id"),
                new QueryRequest("pg", "SELECT id, name, price FROM items WHERE id <= ? ORDER BY id", List.of(3), 2))) {
            QueryResult viaHttp = remote.query(CTX, q);
            QueryResult local = server.service.query(CTX, q);
            assertThat(viaHttp.columns()).isEqualTo(local.columns());
            assertThat(viaHttp.rowCount()).isEqualTo(local.rowCount());
            assertThat(viaHttp.truncated()).isEqualTo(local.truncated());
            assertThat(viaHttp.rows().toString()).isEqualTo(local.rows().toString());
        }
    }

    @Test
    void decimalsCrossTheGatewayWithoutLosingDigits() {
        QueryResult r = remote.query(CTX, QueryRequest.of("pg", "SELECT 12345678901234567.89::numeric AS n"));
        assertThat(new BigDecimal(r.rows().get(0).get(0).toString())).isEqualByComparingTo("12345678901234567.89");
    }

    @Test
    void serverErrorsComeBackWithTheSameCodeMessageAndHint() {
        for (QueryRequest q : List.of(
                QueryRequest.of("nope", "SELECT 1"),
                QueryRequest.of("pg", "SELECT nope"),
                QueryRequest.of("shop", "DELETE FROM orders"),
                QueryRequest.of("shop", ""))) {
            GabyException local = catchGaby(() -> server.service.query(CTX, q));
            GabyException viaHttp = catchGaby(() -> remote.query(CTX, q));
            assertThat(viaHttp.code()).as(q.sql()).isEqualTo(local.code());
            assertThat(viaHttp.getMessage()).as(q.sql()).isEqualTo(local.getMessage());
            if (local.code() != ErrorCode.READ_ONLY) {
                assertThat(viaHttp.hint()).as(q.sql()).isEqualTo(local.hint());
            }
        }
    }

    @Test
    void descriptionsPlansDiagramsAndChecksPassThrough() {
        assertThat(remote.describeDatabase(CTX, DescribeRequest.of("pg", "names"))
                        .text())
                .contains("items");
        // compared as JSON text: the Java number node types (int or long) do not cross a wire
        assertThat(remote.describeDatabase(CTX, DescribeRequest.of("pg", "full"))
                        .json()
                        .toString())
                .isEqualTo(server.service
                        .describeDatabase(CTX, DescribeRequest.of("pg", "full"))
                        .json()
                        .toString());
        assertThat(remote.describeTable(CTX, "shop", "orders", false).text()).contains("customer_id");
        assertThat(remote.search(CTX, "shop", "cust", null).text()).contains("customers");
        assertThat(remote.explain(CTX, "pg", "SELECT * FROM items").text()).containsIgnoringCase("scan");
        assertThat(remote.diagram(CTX, "shop").text()).contains("erDiagram");
        assertThat(remote.schema(CTX, "shop").json().toString())
                .isEqualTo(server.service.schema(CTX, "shop").json().toString());
        assertThat(remote.integrityCheck(CTX, "shop")).isEqualTo(server.service.integrityCheck(CTX, "shop"));
        Rendered health = remote.health(CTX, new HealthRequest("shop", "health", null, 5, null, null));
        assertThat(health.text())
                .isEqualTo(server.service
                        .health(CTX, new HealthRequest("shop", "health", null, 5, null, null))
                        .text());
        assertThat(remote.health(CTX, HealthRequest.of("pg", "activity"))
                        .json()
                        .get("report")
                        .asText())
                .isEqualTo("activity");
        assertThat(remote.adviseIndexes(CTX, "shop", "SELECT * FROM orders WHERE total > 10")
                        .json()
                        .toString())
                .isEqualTo(server.service
                        .adviseIndexes(CTX, "shop", "SELECT * FROM orders WHERE total > 10")
                        .json()
                        .toString());
        for (String sql : new String[] {"SELECT 1", "DELETE FROM items", "SHOW TABLES", "BEGIN"}) {
            assertThat(remote.inspect(CTX, "pg", sql)).as(sql).isEqualTo(server.service.inspect(CTX, "pg", sql));
        }
        String script = "SELECT 'a;b';\nSELECT $$c;$$;\nSELECT 3";
        ScriptSplitter here = server.service.scriptSplitter(CTX, "pg");
        ScriptSplitter there = remote.scriptSplitter(CTX, "pg");
        assertThat(there.split(script)).isEqualTo(here.split(script)).hasSize(3);
        assertThat(there.isComplete(script)).isFalse();
        assertThat(there.endsInsideQuote("SELECT 'a")).isTrue();
        assertThat(there.statements(new StringReader(script))).containsExactlyElementsOf(here.split(script));
    }

    @Test
    void readonlyGatewayRefusesExecuteBeforeAnyNetworkCall() throws Exception {
        URI nowhere;
        try (ServerSocket s = new ServerSocket(0)) {
            nowhere = URI.create("http://127.0.0.1:" + s.getLocalPort());
        }
        try (GabyService readonly = new RemoteGabyService(nowhere, TOKEN, Mode.READONLY, Duration.ofSeconds(5))) {
            GabyException e = catchGaby(() -> readonly.execute(
                    CTX, new ExecuteRequest("shop", "DELETE FROM orders WHERE id = 1", null, null, false)));
            assertThat(e.code()).isEqualTo(ErrorCode.READ_ONLY);
            assertThat(e.getMessage()).contains("nothing was sent");
        }
        String before = server.accessLog();
        try (GabyService readonly = new RemoteGabyService(server.uri(), TOKEN, Mode.READONLY, Duration.ofSeconds(5))) {
            catchGaby(() -> readonly.execute(
                    CTX, new ExecuteRequest("shop", "DELETE FROM orders WHERE id = 1", null, null, false)));
        }
        assertThat(server.accessLog()).isEqualTo(before);
    }

    @Test
    void highestModeIsTheLocalModeCappedByTheServer() throws Exception {
        assertThat(remote.highestMode()).isEqualTo(Mode.READWRITE);
        try (GabyService admin = new RemoteGabyService(server.uri(), TOKEN, Mode.ADMIN, Duration.ofSeconds(5));
                GabyService ro = new RemoteGabyService(server.uri(), TOKEN, Mode.READONLY, Duration.ofSeconds(5))) {
            assertThat(admin.highestMode()).isEqualTo(Mode.READWRITE);
            assertThat(ro.highestMode()).isEqualTo(Mode.READONLY);
        }
        try (ServerSocket s = new ServerSocket(0);
                GabyService down = new RemoteGabyService(
                        URI.create("http://127.0.0.1:" + s.getLocalPort()), TOKEN, Mode.ADMIN, Duration.ofSeconds(2))) {
            assertThat(down.highestMode()).isEqualTo(Mode.READONLY);
        }
    }

    @Test
    void theLocalModeCapsWhatTheServerGrants() {
        try (GabyService ro = new RemoteGabyService(server.uri(), TOKEN, Mode.READONLY, Duration.ofSeconds(5))) {
            assertThat(ro.listDatabases(CTX))
                    .allSatisfy(d -> assertThat(d.mode()).isEqualTo(Mode.READONLY));
        }
    }

    @Test
    void aWrongTokenIsUnauthorizedAndAnUnreachableServerIsUnavailable() throws Exception {
        try (GabyService wrong = new RemoteGabyService(server.uri(), "nope", Mode.READONLY, Duration.ofSeconds(5))) {
            assertThat(catchGaby(() -> wrong.listDatabases(CTX)).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
        }
        URI nowhere;
        try (ServerSocket s = new ServerSocket(0)) {
            nowhere = URI.create("http://127.0.0.1:" + s.getLocalPort());
        }
        try (GabyService down = new RemoteGabyService(nowhere, TOKEN, Mode.READONLY, Duration.ofSeconds(5))) {
            GabyException e = catchGaby(() -> down.query(CTX, QueryRequest.of("shop", "SELECT 1")));
            assertThat(e.code()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
            assertThat(e.getMessage()).contains(nowhere.toString());
            assertThat(e.hint()).contains("gabysql serve");
        }
    }

    @Test
    void cancellingAGatewayCallCancelsTheStatementOnTheServer() throws Exception {
        CallContext ctx = CallContext.of("mcp");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        java.util.concurrent.Future<GabyException> call =
                pool.submit(() -> catchGaby(() -> remote.query(ctx, QueryRequest.of("pg", "SELECT pg_sleep(30)"))));
        dev.gabysql.server.TestServer.waitUntil(() -> sleeping() == 1);
        ctx.cancellation().cancel();
        GabyException e = call.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED);
        dev.gabysql.server.TestServer.waitUntil(() -> sleeping() == 0);
        pool.shutdown();
    }

    private static long sleeping() {
        return ((Number) server.service
                        .query(
                                CTX,
                                QueryRequest.of(
                                        "pg",
                                        "SELECT count(*) FROM pg_stat_activity"
                                                + " WHERE state = 'active' AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()"))
                        .rows()
                        .get(0)
                        .get(0))
                .longValue();
    }

    static GabyException catchGaby(Runnable call) {
        try {
            call.run();
        } catch (GabyException e) {
            return e;
        }
        throw new AssertionError("expected a GabyException");
    }

    @Test
    void catchGabyFailsWhenNothingIsThrown() {
        assertThatThrownBy(() -> catchGaby(() -> {})).isInstanceOf(AssertionError.class);
    }
}
