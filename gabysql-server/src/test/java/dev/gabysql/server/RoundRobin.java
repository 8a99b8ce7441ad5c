package dev.gabysql.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * A load balancer for tests: each request goes to the next backend in turn, whoever sent it — no sticky sessions.
 * Headers and bodies pass unchanged both ways (but for the hop-by-hop ones); {@link #served} counts each backend's
 * requests. Thread-safe.
 */
final class RoundRobin implements AutoCloseable {
    private static final Set<String> HOP_BY_HOP =
            Set.of("host", "connection", "content-length", "transfer-encoding", "expect", "upgrade", "keep-alive");

    private final List<URI> backends;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicIntegerArray served;
    private final HttpServer server;
    private final java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newCachedThreadPool();

    private RoundRobin(List<URI> backends) throws IOException {
        this.backends = List.copyOf(backends);
        this.served = new AtomicIntegerArray(backends.size());
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::forward);
        server.setExecutor(threads);
        server.start();
    }

    static RoundRobin over(URI... backends) throws IOException {
        return new RoundRobin(List.of(backends));
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The requests backend {@code i} has answered. */
    int served(int i) {
        return served.get(i);
    }

    private void forward(HttpExchange in) throws IOException {
        int i = Math.floorMod(next.getAndIncrement(), backends.size());
        served.incrementAndGet(i);
        byte[] body;
        try (InputStream b = in.getRequestBody()) {
            body = b.readAllBytes();
        }
        HttpRequest.Builder out = HttpRequest.newBuilder(
                        backends.get(i).resolve(in.getRequestURI().toString()))
                .method(
                        in.getRequestMethod(),
                        body.length == 0
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        for (Map.Entry<String, List<String>> h : in.getRequestHeaders().entrySet()) {
            if (!HOP_BY_HOP.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                h.getValue().forEach(v -> out.header(h.getKey(), v));
            }
        }
        HttpResponse<byte[]> answer;
        try {
            answer = Http.CLIENT.send(out.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        answer.headers().map().forEach((name, values) -> {
            if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                values.forEach(v -> in.getResponseHeaders().add(name, v));
            }
        });
        byte[] bytes = answer.body();
        in.sendResponseHeaders(answer.statusCode(), bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream o = in.getResponseBody()) {
            o.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
