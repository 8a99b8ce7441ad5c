package dev.gabysql.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.Mode;
import dev.gabysql.server.Http.Reply;
import dev.gabysql.server.api.ApiCall;
import java.net.URI;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** POST /calls/{id}/cancel: the token that started a named call can cancel its statement; nobody else can. */
class CancelCallTest {
    static final String ALICE = "alice-token-0123456789";
    static final String BOB = "bob-token-0123456789ab";

    @Test
    void onlyTheCallersTokenCancelsItsCall() throws Exception {
        try (TestServer server = TestServer.start(
                TestServer.list(TestServer.postgres()),
                Mode.READONLY,
                ServerOptions.defaults()
                        .withTokens(List.of(ApiToken.parse(ALICE, "alice"), ApiToken.parse(BOB, "bob"))))) {
            URI base = server.uri();
            ExecutorService pool = Executors.newSingleThreadExecutor();
            Future<Reply> slow = pool.submit(() -> Http.post(
                    base,
                    "/sql",
                    Http.sql("pg", "SELECT pg_sleep(30)"),
                    "Authorization",
                    "Bearer " + ALICE,
                    ApiCall.CALL_ID_HEADER,
                    "call-0001"));
            // the statement must be running: a cancel that arrives before it starts is the core's business
            TestServer.waitUntil(() -> sleeping(server) == 1);

            Reply byBob = Http.post(base, "/calls/call-0001/cancel", null, "Authorization", "Bearer " + BOB);
            assertThat(byBob.json().get("cancelled").asBoolean()).isFalse();
            Reply unknown = Http.post(base, "/calls/call-9999/cancel", null, "Authorization", "Bearer " + ALICE);
            assertThat(unknown.json().get("cancelled").asBoolean()).isFalse();
            Reply byAlice = Http.post(base, "/calls/call-0001/cancel", null, "Authorization", "Bearer " + ALICE);
            assertThat(byAlice.json().get("cancelled").asBoolean()).isTrue();

            Reply cancelled = slow.get(10, TimeUnit.SECONDS);
            assertThat(cancelled.status()).isEqualTo(499);
            assertThat(cancelled.errorCode()).isEqualTo("CANCELLED");
            pool.shutdown();
        }
    }

    private static long sleeping(TestServer server) {
        return ((Number) server.service
                        .query(
                                dev.gabysql.core.api.CallContext.of("test"),
                                dev.gabysql.core.api.QueryRequest.of(
                                        "pg",
                                        "SELECT count(*) FROM pg_stat_activity WHERE state ="
                                                + " 'active' AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()"))
                        .rows()
                        .get(0)
                        .get(0))
                .longValue();
    }

    @Test
    void aMalformedCallIdIs400() {
        try (TestServer server = TestServer.start(List.of(), Mode.READONLY, ServerOptions.defaults())) {
            Reply r = Http.get(server.uri(), "/databases", ApiCall.CALL_ID_HEADER, "bad id!");
            ApiErrorsTest.assertError(r, 400, "BAD_REQUEST");
        }
    }
}
