package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gabysql serve} as a user runs it: the packaged jar in its own process, on a loopback port. */
class ServeIT {
    static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path dir;

    @Test
    void servesTheApiLogsEachRequestAndStopsOnSigterm() throws Exception {
        Path db = TestDatabases.sqliteFile(
                dir, "shop", "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)", "INSERT INTO t VALUES (1, 'one')");
        int port = freePort();
        Path err = dir.resolve("stderr.txt");
        Process p = start(
                err,
                "serve",
                "--db",
                db.toString(),
                "--port",
                String.valueOf(port),
                "--audit-log",
                "none",
                "--token",
                "it-token-0123456789abcdef");
        try {
            waitFor(err, "listening on http://127.0.0.1:" + port);
            URI base = URI.create("http://127.0.0.1:" + port);
            assertThat(get(base, "/health", null).statusCode()).isEqualTo(200);
            assertThat(get(base, "/databases", null).statusCode()).isEqualTo(401);
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(base.resolve("/sql"))
                            .header("Authorization", "Bearer it-token-0123456789abcdef")
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "{\"db\":\"shop\",\"sql\":\"SELECT name FROM t\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).contains("\"rows\":[[\"one\"]]");
            waitFor(err, "http POST /sql 200");
        } finally {
            p.destroy();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        String log = Files.readString(err);
        assertThat(log)
                .contains("gabysql serve: stopping")
                .doesNotContain("it-token-0123456789abcdef")
                .doesNotContain("SELECT name");
        assertThat(Files.readString(dir.resolve("stdout.txt"))).isEmpty();
    }

    @Test
    void tokensFromTheConfigFileWithTheirSecretFromTheEnvironment() throws Exception {
        Path db = TestDatabases.sqliteFile(dir, "lite", "CREATE TABLE t (id INTEGER PRIMARY KEY)");
        Path config = dir.resolve("gabysql.toml");
        Files.writeString(
                config,
                "[server]\nmode = \"readwrite\"\n\n[[databases]]\nname = \"lite\"\nurl = \"jdbc:sqlite:"
                        + db.toString().replace("\\", "/")
                        + "\"\n\n[[tokens]]\nsecret = \"${IT_SERVE_TOKEN}\"\nmode = \"readonly\"\n");
        int port = freePort();
        Path err = dir.resolve("stderr.txt");
        Process p = start(
                err,
                Map.of("IT_SERVE_TOKEN", "from-the-env-0123456789"),
                "serve",
                "--config",
                config.toString(),
                "--port",
                String.valueOf(port),
                "--audit-log",
                "none");
        try {
            waitFor(err, "1 token(s)");
            URI base = URI.create("http://127.0.0.1:" + port);
            assertThat(get(base, "/databases", null).statusCode()).isEqualTo(401);
            HttpResponse<String> r = get(base, "/databases", "from-the-env-0123456789");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).contains("\"highest_mode\":\"readonly\"");
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(Files.readString(err)).doesNotContain("from-the-env-0123456789");
    }

    @Test
    void refusesANonLoopbackAddressWithoutATokenWithExitCode2() throws Exception {
        Path err = dir.resolve("stderr.txt");
        Process p = start(
                err,
                "serve",
                "--host",
                "0.0.0.0",
                "--port",
                String.valueOf(freePort()),
                "--audit-log",
                "none",
                "--data-dir",
                dir.toString());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(Files.readString(err))
                .contains("CONFIG_INVALID")
                .contains("without a token")
                .contains("--token");
    }

    static Process start(Path stderr, String... args) throws IOException {
        return start(stderr, Map.of(), args);
    }

    static Process start(Path stderr, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(javaBin(), "-jar", System.getProperty("gabysql.jar")));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectError(stderr.toFile())
                .redirectOutput(stderr.resolveSibling("stdout.txt").toFile());
        pb.environment().remove("GABYSQL_TOKEN");
        pb.environment().putAll(env);
        return pb.start();
    }

    static void waitFor(Path file, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!(Files.exists(file) && Files.readString(file).contains(text))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no `" + text + "` in stderr:\n" + Files.readString(file));
            }
            Thread.sleep(50);
        }
    }

    static HttpResponse<String> get(URI base, String path, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
