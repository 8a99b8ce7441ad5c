package dev.gabysql.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar gabysql.jar ARGS} as a subprocess spoken to in raw JSON-RPC, keeping stdout and stderr apart:
 * every stdout line is kept exactly as written, so a test can check that stdout holds JSON-RPC frames only.
 */
final class StdioProcess implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final OutputStream stdin;
    private final List<String> stdoutLines = new CopyOnWriteArrayList<>();
    private final Map<Long, JsonNode> responses = new ConcurrentHashMap<>();
    private final StringBuffer stderr = new StringBuffer();
    private final Thread outReader;
    private long nextId;

    StdioProcess(Path jar, List<String> args) throws IOException {
        this(jar, List.of(), args);
    }

    /** With JVM options before {@code -jar} (a smaller heap, say). */
    StdioProcess(Path jar, List<String> jvmOptions, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(javaBinary()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-jar", jar.toString()));
        cmd.addAll(args);
        process = new ProcessBuilder(cmd).start();
        stdin = process.getOutputStream();
        outReader = pump(process.getInputStream(), this::onStdout);
        pump(process.getErrorStream(), line -> stderr.append(line).append('\n'));
    }

    static String javaBinary() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    long request(String method, Object params) throws IOException {
        long id = ++nextId;
        ObjectNode msg =
                JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        if (params != null) {
            msg.set("params", JSON.valueToTree(params));
        }
        send(msg.toString());
        return id;
    }

    void notify(String method) throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"}");
    }

    void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** The response to request {@code id} (responses may come in any order), or null after the timeout. */
    JsonNode response(long id, long timeoutSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (System.nanoTime() < deadline) {
            JsonNode m = responses.get(id);
            if (m != null) {
                return m;
            }
            Thread.sleep(10);
        }
        return null;
    }

    /** Closes stdin and returns the milliseconds until the process exited, or -1 if it did not within the time. */
    long closeStdinAndAwaitExit(long timeoutMillis) throws InterruptedException, IOException {
        long start = System.nanoTime();
        stdin.close();
        boolean exited = process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS);
        long ms = (System.nanoTime() - start) / 1_000_000;
        outReader.join(2_000);
        return exited ? ms : -1;
    }

    int exitValue() {
        return process.exitValue();
    }

    List<String> stdoutLines() {
        return stdoutLines;
    }

    String stderr() {
        return stderr.toString();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private void onStdout(String line) {
        stdoutLines.add(line);
        try {
            JsonNode m = JSON.readTree(line);
            if (m.has("id") && !m.has("method")) {
                responses.put(m.get("id").asLong(), m);
            }
        } catch (IOException notJson) {
            // kept in stdoutLines, where the test sees it
        }
    }

    private static Thread pump(InputStream in, java.util.function.Consumer<String> sink) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    sink.accept(line);
                }
            } catch (IOException ignored) {
                // process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
