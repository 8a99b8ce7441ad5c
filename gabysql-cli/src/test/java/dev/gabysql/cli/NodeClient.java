package dev.gabysql.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.testing.TestDatabases;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The official MCP TypeScript SDK client ({@code src/test/node/client.mjs}, version pinned in package-lock.json).
 * Installs it with {@code npm ci} when node_modules is missing; without Node.js or npm the test is skipped (or
 * fails when CI requires every tool: GABYSQL_REQUIRE_ALL_DBS).
 */
final class NodeClient {
    static final Path DIR = Path.of("src", "test", "node").toAbsolutePath();

    private NodeClient() {}

    /** Makes sure node and the SDK are there; skips the test with the reason otherwise. */
    static synchronized void require() throws IOException, InterruptedException {
        if (which("node") == null || which("npm") == null) {
            TestDatabases.skipOrFail("Node.js or npm is not installed: the TypeScript MCP client cannot run");
        }
        if (!Files.isDirectory(
                DIR.resolve("node_modules").resolve("@modelcontextprotocol").resolve("sdk"))) {
            Path log = Path.of("target", "npm-ci.log").toAbsolutePath(); // never in the source tree
            Files.createDirectories(log.getParent());
            Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
                    .directory(DIR.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0) {
                npm.destroyForcibly();
                TestDatabases.skipOrFail("npm ci failed in " + DIR + " (see " + log + ")");
            }
        }
    }

    /** Runs the client against {@code gabysql.jar ARGS} and returns its JSON summary. */
    static JsonNode run(Path jar, List<String> gabysqlArgs, Map<String, Object> settings, Path work)
            throws IOException, InterruptedException {
        return run("client.mjs", List.of(), jar, gabysqlArgs, settings, work);
    }

    /** Runs {@code script} against {@code java JVM_ARGS -jar gabysql.jar ARGS} and returns its JSON summary. */
    static JsonNode run(
            String script,
            List<String> jvmArgs,
            Path jar,
            List<String> gabysqlArgs,
            Map<String, Object> settings,
            Path work)
            throws IOException, InterruptedException {
        Map<String, Object> config = new java.util.HashMap<>(settings);
        List<String> args = new java.util.ArrayList<>(jvmArgs);
        args.addAll(List.of("-jar", jar.toString()));
        args.addAll(gabysqlArgs);
        config.put("command", StdioProcess.javaBinary());
        config.put("args", args);
        Path configFile = work.resolve("client-config.json");
        StdioProcess.JSON.writeValue(configFile.toFile(), config);
        Path out = work.resolve("client-out.json");
        Path err = work.resolve("client-err.log");
        Process node = new ProcessBuilder("node", DIR.resolve(script).toString(), configFile.toString())
                .directory(DIR.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!node.waitFor(5, TimeUnit.MINUTES)) {
            node.destroyForcibly();
            throw new AssertionError("The TypeScript client did not finish: " + Files.readString(err));
        }
        String text = Files.readString(out, StandardCharsets.UTF_8).strip();
        if (node.exitValue() != 0 || text.isEmpty()) {
            throw new AssertionError("The TypeScript client failed (exit " + node.exitValue() + "): "
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        return StdioProcess.JSON.readTree(text);
    }

    private static Path which(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir, program);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
