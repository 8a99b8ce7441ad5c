package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.mcp.stdio.StdioHooks;
import dev.gabysql.mcp.stdio.StdioServer;
import dev.gabysql.mcp.tool.McpOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A raw JSON-RPC client driving {@link StdioServer} in-process over pipes, as a stdio client would: every frame
 * the server writes is kept, so tests can check that stdout carries JSON-RPC only, and notifications (progress)
 * are collected. Deliberately not the SDK's client: tests must be able to send what a real client sends (a
 * cancellation, a call before initialization, garbage).
 */
public final class McpTestClient implements AutoCloseable {
    public static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_S = 60;

    private final OutputStream toServer;
    private final Thread server;
    private final Thread reader;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> frames = new CopyOnWriteArrayList<>();
    private final List<JsonNode> notifications = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private volatile Throwable serverFailure;
    /** Answers the server's requests (elicitation) with a result, or an error when it throws; null: none answered. */
    private volatile java.util.function.Function<JsonNode, Object> serverRequests;
    /** The server's requests, as received. */
    private final List<JsonNode> serverRequestsSeen = new CopyOnWriteArrayList<>();

    private McpTestClient(GabyService service, McpOptions options, StdioHooks hooks) throws IOException {
        Pipe in = Pipe.open();
        Pipe out = Pipe.open();
        toServer = Channels.newOutputStream(in.sink());
        server = new Thread(
                () -> {
                    try {
                        GabyMcpServer.serveStdio(
                                service,
                                options,
                                Channels.newInputStream(in.source()),
                                Channels.newOutputStream(out.sink()),
                                hooks);
                    } catch (Throwable t) {
                        serverFailure = t;
                    } finally {
                        closeQuietly(out.sink()); // as a process's stdout closes when it exits: a later write is lost
                    }
                },
                "test-mcp-server");
        server.setDaemon(true);
        server.start();
        reader = new Thread(() -> read(Channels.newInputStream(out.source())), "test-mcp-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts a server and initializes the session. */
    public static McpTestClient start(GabyService service) throws IOException {
        return start(service, McpOptions.defaults("test"));
    }

    public static McpTestClient start(GabyService service, McpOptions options) throws IOException {
        McpTestClient c = new McpTestClient(service, options, new StdioHooks() {});
        c.initialize();
        return c;
    }

    /** Starts a server without initializing. */
    public static McpTestClient raw(GabyService service) throws IOException {
        return raw(service, new StdioHooks() {});
    }

    /** Starts a server without initializing, with these options. */
    public static McpTestClient raw(GabyService service, McpOptions options) throws IOException {
        return new McpTestClient(service, options, new StdioHooks() {});
    }

    /** Starts a server without initializing, with these hooks. */
    public static McpTestClient raw(GabyService service, StdioHooks hooks) throws IOException {
        return new McpTestClient(service, McpOptions.defaults("test"), hooks);
    }

    public JsonNode initialize() {
        return initialize(Map.of());
    }

    /** Initializes with these client capabilities (e.g. {@code {"elicitation": {}}}). */
    public JsonNode initialize(Map<String, Object> capabilities) {
        JsonNode r = request(
                "initialize",
                Map.of(
                        "protocolVersion",
                        "2025-06-18",
                        "capabilities",
                        capabilities,
                        "clientInfo",
                        Map.of("name", "gabysql-test", "version", "1")));
        notify("notifications/initialized", null);
        return r;
    }

    /**
     * Answers each request the server sends (e.g. {@code elicitation/create}) with {@code handler}'s result; when the
     * handler throws, with a JSON-RPC error carrying its message.
     */
    public void onServerRequest(java.util.function.Function<JsonNode, Object> handler) {
        serverRequests = handler;
    }

    /** The requests the server sent, in order. */
    public List<JsonNode> serverRequests() {
        return serverRequestsSeen;
    }

    private void answerServer(JsonNode request) {
        serverRequestsSeen.add(request);
        java.util.function.Function<JsonNode, Object> handler = serverRequests;
        if (handler == null) {
            return;
        }
        ObjectNode reply = JSON.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", request.get("id"));
        try {
            reply.set("result", JSON.valueToTree(handler.apply(request)));
        } catch (RuntimeException e) {
            reply.putObject("error").put("code", -32603).put("message", String.valueOf(e.getMessage()));
        }
        write(reply.toString());
    }

    /** The result of a tools/call (fails the test on a JSON-RPC error). */
    public JsonNode call(String tool, Map<String, ?> args) {
        return result(request("tools/call", Map.of("name", tool, "arguments", args)));
    }

    /** The full response of a request. */
    public JsonNode request(String method, Object params) {
        return await(send(method, params, ids.incrementAndGet()));
    }

    public CompletableFuture<JsonNode> send(String method, Object params, long id) {
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        ObjectNode msg =
                JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        if (params != null) {
            msg.set("params", JSON.valueToTree(params));
        }
        write(msg.toString());
        return f;
    }

    public long nextId() {
        return ids.incrementAndGet();
    }

    public void notify(String method, Object params) {
        ObjectNode msg = JSON.createObjectNode().put("jsonrpc", "2.0").put("method", method);
        if (params != null) {
            msg.set("params", JSON.valueToTree(params));
        }
        write(msg.toString());
    }

    public void write(String line) {
        try {
            synchronized (toServer) {
                toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                toServer.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode result(JsonNode response) {
        assertThat(response.has("error")).as("JSON-RPC error: %s", response).isFalse();
        return response.get("result");
    }

    public static JsonNode await(CompletableFuture<JsonNode> f) {
        try {
            return f.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("No response: " + e, e);
        }
    }

    public List<String> frames() {
        return frames;
    }

    List<JsonNode> notifications() {
        return notifications;
    }

    /**
     * Closes the server's stdin and says whether {@link StdioServer#serve} returned within the time; when it has,
     * every frame it wrote before it returned has been read (its stdout is closed then, as at a process's exit).
     */
    public boolean closeInputAndAwaitEnd(Duration within) throws InterruptedException {
        try {
            toServer.close();
        } catch (IOException ignored) {
            // already closed
        }
        long deadline = System.nanoTime() + within.toNanos();
        server.join(within.toMillis());
        if (server.isAlive()) {
            return false;
        }
        reader.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000) + 1_000);
        return true;
    }

    private static void closeQuietly(java.nio.channels.Channel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closed already
        }
    }

    Throwable serverFailure() {
        return serverFailure;
    }

    @Override
    public void close() throws InterruptedException {
        closeInputAndAwaitEnd(Duration.ofSeconds(5));
    }

    private void read(java.io.InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                frames.add(line);
                JsonNode msg;
                try {
                    msg = JSON.readTree(line);
                } catch (IOException notJson) {
                    continue; // kept in frames: the tests that check stdout see it
                }
                JsonNode id = msg.get("id");
                if (id != null && !msg.has("method")) {
                    CompletableFuture<JsonNode> f = pending.remove(id.asLong());
                    if (f != null) {
                        f.complete(msg);
                    }
                } else if (id != null) {
                    CompletableFuture.runAsync(() -> answerServer(msg)); // a person takes their time
                } else {
                    notifications.add(msg);
                }
            }
        } catch (IOException e) {
            // the server closed its end
        }
    }
}
