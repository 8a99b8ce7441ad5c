package dev.gabysql.cli.start;

import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.catalog.DemoDatabase;
import dev.gabysql.core.config.CacheDirectory;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.mcp.GabyMcpServer;
import dev.gabysql.mcp.stdio.ClientActivity;
import dev.gabysql.mcp.stdio.StdioServer;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.ToolSelection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Makes the JIT compile the request path before the client's first real tool call. A JVM runs new code in its
 * interpreter until a method has run a few hundred times: a 1-row query is several times slower for its first few
 * dozen calls than once compiled (docs/performance.md). Right after the client's {@code notifications/initialized},
 * while an agent reads the tool list and thinks, this class plays a client against a private {@link StdioServer} over
 * an OS pipe, on a copy of the sample shop ({@link DemoDatabase}) kept in the {@link CacheDirectory}: the same
 * transport, session, tools, service, guard, driver and JSON code as a real call, so the same methods get compiled.
 * It never touches the user's databases, writes no audit log, and stops at the first sign of trouble. It runs on one
 * daemon thread, builds its server and makes each call only when the real client has been quiet for {@link #QUIET}
 * with nothing in flight (so it never competes with a real call), and costs a few hundred milliseconds of CPU once
 * per process.
 * {@code GABYSQL_WARMUP} sets its rounds; {@code 0} turns it off.
 */
public final class Warmup implements Runnable {
    /** Calls of each kind: about what C1 needs before it compiles a method called once per call (200). */
    static final int ROUNDS = 200;

    private static final long REPLY_TIMEOUT_MS = 5_000;
    private static final String DB = "warmup";

    /** How long the client must have been quiet before each warm-up call. */
    static final Duration QUIET = Duration.ofMillis(20);

    private final McpOptions options;
    private final ClientActivity client;
    private final int rounds;
    private int answered;

    /** {@code client}: the real session's activity; the warm-up runs only while it is quiet. */
    Warmup(McpOptions options, ClientActivity client, int rounds) {
        this.options = options.withTools(ToolSelection.EVERY_TOOL); // it plays every tool, whatever the session lists
        this.client = client;
        this.rounds = rounds;
    }

    /**
     * Starts a warm-up in the background and returns at once. {@code GABYSQL_WARMUP} sets the number of rounds
     * ({@code 0} turns the warm-up off).
     */
    public static void start(McpOptions options, ClientActivity client) {
        int rounds = rounds(System.getenv("GABYSQL_WARMUP"));
        if (rounds == 0) {
            return;
        }
        Thread t = new Thread(new Warmup(options, client, rounds), "gabysql-warmup");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** The rounds asked for: a number from 0 to 10,000, else the default. */
    static int rounds(String setting) {
        try {
            int n = setting == null ? ROUNDS : Integer.parseInt(setting.trim());
            return n < 0 || n > 10_000 ? ROUNDS : n;
        } catch (NumberFormatException e) {
            return ROUNDS;
        }
    }

    @Override
    public void run() {
        Path cache = CacheDirectory.root();
        if (cache == null) {
            return;
        }
        try {
            // one copy per user and version, made once and only read from then on: no litter, no work at each start
            Path file = DemoDatabase.ensure(cache.resolve("warmup-" + options.version()));
            try (LocalGabyService service =
                    new LocalGabyService(new Catalog(List.of(DatabaseConfig.sqlite(DB, file))), Settings.DEFAULT)) {
                awaitQuietClient(); // its own server costs CPU to build: not while the client waits
                play(service);
            }
        } catch (IOException | RuntimeException | InterruptedException e) {
            // a warm-up that cannot run only leaves the first calls slower
        }
    }

    /** How many requests were answered (tests). */
    int answered() {
        return answered;
    }

    private void play(LocalGabyService service) throws IOException, InterruptedException {
        // an OS pipe: a piped stream would refuse writes once its first reader (EarlyInitialize's thread) is gone
        Pipe pipe = Pipe.open();
        OutputStream toServer = Channels.newOutputStream(pipe.sink());
        InputStream serverIn = Channels.newInputStream(pipe.source());
        Replies replies = new Replies();
        Thread server = new Thread(
                () -> {
                    try {
                        GabyMcpServer.serveStdio(service, options, serverIn, replies);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "gabysql-warmup-server");
        server.setDaemon(true);
        server.start();
        try {
            int id = 0;
            send(
                    toServer,
                    request(
                            ++id,
                            "initialize",
                            "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                                    + "\"clientInfo\":{\"name\":\"gabysql-warmup\",\"version\":\"1\"}}"));
            if (!replies.await()) {
                return;
            }
            send(toServer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            for (int i = 0; i < rounds; i++) {
                for (String call : calls(i)) {
                    awaitQuietClient();
                    send(toServer, request(++id, "tools/call", call));
                    if (!replies.await()) {
                        return;
                    }
                    answered++;
                }
            }
        } finally {
            toServer.close();
            server.join(REPLY_TIMEOUT_MS);
            serverIn.close();
        }
    }

    /** Waits while the real client is being served: the warm-up must never slow a real call down. */
    private void awaitQuietClient() throws InterruptedException {
        while (!client.idleFor(QUIET)) {
            Thread.sleep(QUIET.toMillis() / 4);
        }
    }

    /** The calls of one round: the read tools an agent uses most. */
    private static List<String> calls(int round) {
        return List.of(
                tool(
                        "gabysql_query",
                        "{\"db\":\"" + DB + "\",\"sql\":\"SELECT * FROM customers WHERE id = " + (round % 60 + 1)
                                + "\"}"),
                tool("gabysql_describe_table", "{\"db\":\"" + DB + "\",\"table\":\"orders\"}"),
                tool(
                        "gabysql_describe_database",
                        "{\"db\":\"" + DB + "\",\"detail\":\"" + (round % 2 == 0 ? "names" : "full") + "\"}"));
    }

    private static String tool(String name, String arguments) {
        return "{\"name\":\"" + name + "\",\"arguments\":" + arguments + "}";
    }

    private static String request(int id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /**
     * The server's output, discarded line by line; {@link #await()} waits for the next reply and says whether it was
     * a success (a JSON-RPC error or a tool error would warm the wrong path: the warm-up stops).
     */
    private static final class Replies extends OutputStream {
        private final BlockingQueue<Boolean> outcomes = new LinkedBlockingQueue<>();
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (b != '\n') {
                line.write(b);
                return;
            }
            String reply = line.toString(StandardCharsets.UTF_8);
            line.reset();
            outcomes.add(!reply.contains("\"error\":") && !reply.contains("\"isError\":true"));
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        boolean await() throws InterruptedException {
            Boolean ok = outcomes.poll(REPLY_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            return ok != null && ok;
        }
    }
}
