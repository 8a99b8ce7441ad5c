package dev.gabysql.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.server.Http;
import dev.gabysql.server.Http.Reply;
import dev.gabysql.server.ServerOptions;
import dev.gabysql.server.TestServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A client that goes away while its {@code POST /sql} runs has the statement cancelled within a second: nothing is
 * left running in PostgreSQL, and the database's pooled connections serve the next calls. (Before, the statement
 * ran on to the request timeout; `pg_sleep(20)` was still running long after curl gave up.)
 */
class ClientWatchTest {
    private static final String SLEEP = "SELECT pg_sleep(20) AS slept";

    @Test
    void aClientThatClosesItsConnectionHasItsStatementCancelled() throws Exception {
        try (TestServer server =
                TestServer.start(TestServer.list(TestServer.postgres()), Mode.READONLY, ServerOptions.defaults())) {
            URI base = server.uri();
            for (int i = 0; i < 5; i++) { // more than the pool's 4 connections: each one must have been given back
                try (Socket s = send(base, Http.sql("pg", SLEEP))) {
                    TestServer.waitUntil(() -> running(server) == 1);
                } // the client gives up
                long gone = System.nanoTime();
                TestServer.waitUntil(() -> running(server) == 0);
                assertThat((System.nanoTime() - gone) / 1_000_000)
                        .as("ms to cancel")
                        .isLessThan(3_000);
            }
            Reply next = Http.post(base, "/sql", Http.sql("pg", "SELECT count(*) AS n FROM items"));
            assertThat(next.status()).isEqualTo(200);
            assertThat(server.accessLog()).contains("POST /sql 499");
        }
    }

    @Test
    void aClientThatWaitsGetsItsAnswer() throws Exception {
        try (TestServer server =
                TestServer.start(TestServer.list(TestServer.postgres()), Mode.READONLY, ServerOptions.defaults())) {
            Reply r = Http.post(server.uri(), "/sql", Http.sql("pg", "SELECT pg_sleep(1.5) AS slept"));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).contains("slept");
        }
    }

    @Test
    void aKeptAliveConnectionCarriesTheNextRequestAfterALongOne() throws Exception {
        try (TestServer server = TestServer.start(
                        TestServer.list(TestServer.postgres()), Mode.READONLY, ServerOptions.defaults());
                Socket s = send(server.uri(), Http.sql("pg", "SELECT pg_sleep(1.2) AS slept"))) {
            s.setSoTimeout(10_000);
            String first = response(s.getInputStream());
            assertThat(first).startsWith("HTTP/1.1 200").contains("slept").doesNotContainIgnoringCase("close");
            write(s, server.uri(), Http.sql("pg", "SELECT 42 AS answer"));
            assertThat(response(s.getInputStream())).startsWith("HTTP/1.1 200").contains("42");
        }
    }

    @Test
    void aRequestSentAheadOfTheAnswerClosesTheConnectionAfterIt() throws Exception {
        try (TestServer server = TestServer.start(
                        TestServer.list(TestServer.postgres()), Mode.READONLY, ServerOptions.defaults());
                Socket s = send(server.uri(), Http.sql("pg", "SELECT pg_sleep(1.2) AS slept"))) {
            s.setSoTimeout(10_000);
            Thread.sleep(200);
            write(s, server.uri(), Http.sql("pg", "SELECT 42 AS answer")); // pipelined: read ahead by a probe
            String first = response(s.getInputStream());
            assertThat(first).startsWith("HTTP/1.1 200").contains("slept").containsIgnoringCase("Connection: close");
            assertThat(s.getInputStream().read()).as("closed after the answer").isEqualTo(-1);
            Reply next = Http.post(server.uri(), "/sql", Http.sql("pg", "SELECT 1 AS one"));
            assertThat(next.status()).isEqualTo(200);
        }
    }

    /** A raw HTTP/1.1 POST, left open: the test closes the socket to play a client that gives up. */
    private static Socket send(URI base, String json) throws Exception {
        Socket s = new Socket(base.getHost(), base.getPort());
        write(s, base, json);
        return s;
    }

    private static void write(Socket s, URI base, String json) throws Exception {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        OutputStream out = s.getOutputStream();
        out.write(("POST /sql HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    /** One response: its head, then as many bytes of body as its Content-Length says. */
    private static String response(InputStream in) throws Exception {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new AssertionError("the connection closed in a response head: " + head);
            }
            head.append((char) b);
        }
        Matcher length = Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        int n = length.find() ? Integer.parseInt(length.group(1)) : 0;
        return head + new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }

    private static long running(TestServer server) {
        return ((Number) server.service
                        .query(
                                CallContext.of("test"),
                                QueryRequest.of(
                                        "pg",
                                        "SELECT count(*) FROM"
                                                + " pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(20)%'"
                                                + " AND pid <> pg_backend_pid()"))
                        .rows()
                        .get(0)
                        .get(0))
                .longValue();
    }
}
