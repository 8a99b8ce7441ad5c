package dev.gabysql.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the packaged gabysql (or a script around it) as a real process: stdin in, stdout and stderr apart. */
final class GabysqlProcess {
    private GabysqlProcess() {}

    /** What a finished process left. */
    record Result(int exit, String out, String err) {}

    /** The runnable jar under test (failsafe passes its path). */
    static Path jar() {
        String p = System.getProperty("gabysql.jar");
        Path jar = p != null ? Path.of(p) : Path.of("target", "gabysql.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no runnable jar at " + jar.toAbsolutePath() + ": run `mvn verify`");
        }
        return jar.toAbsolutePath();
    }

    /** The repository root (the parent of the gabysql-cli module). */
    static Path root() {
        return jar().getParent().getParent().getParent();
    }

    /** {@code java -jar gabysql.jar ARGS} with {@code home} as the user's home (audit log, history stay there). */
    static List<String> java(Path home, String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + home,
                "-jar",
                jar().toString()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Runs {@code command} in {@code dir} with extra environment, feeding {@code stdin}; at most 120 s. */
    static Result run(Path dir, Map<String, String> env, String stdin, List<String> command)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("GABYSQL_DB_URL");
        pb.environment().putAll(env);
        Process p = pb.start();
        CompletableFuture<String> out = drain(p.getInputStream());
        CompletableFuture<String> err = drain(p.getErrorStream());
        try (OutputStream in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Result(p.exitValue(), out.join(), err.join());
    }

    static Result gabysql(Path dir, Map<String, String> env, String stdin, String... args)
            throws IOException, InterruptedException {
        return run(dir, env, stdin, java(dir, args));
    }

    private static CompletableFuture<String> drain(InputStream s) {
        return CompletableFuture.supplyAsync(() -> {
            try (s) {
                return new String(s.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "<" + e + ">";
            }
        });
    }
}
