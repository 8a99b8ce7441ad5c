package dev.gabysql.cli;

import dev.gabysql.core.testing.TestDatabases;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * gabysql on a real pseudo-terminal: util-linux {@code script} allocates the pty and runs the command in it, so
 * the program sees a terminal (System.console() is set, JLine takes the system terminal, Ctrl-C typed as \u0003
 * becomes SIGINT from the line discipline). Keys go in through script's stdin; the screen's text comes out of its
 * stdout, escape sequences removed.
 */
final class PtySession implements AutoCloseable {
    private static final Pattern ESCAPES =
            Pattern.compile("\u001b\\[[0-9;?]*[ -/]*[@-~]|\u001b\\][^\u0007]*\u0007" + "|\u001b[=>()][0-9A-B]?");

    private final Process process;
    private final OutputStream keys;
    private final StringBuffer screen = new StringBuffer();
    private int mark;

    private PtySession(Process process) {
        this.process = process;
        this.keys = process.getOutputStream();
        Thread reader = new Thread(() -> pump(process.getInputStream()), "pty-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code java -jar gabysql.jar ARGS} on a 100x30 terminal in {@code dir}. */
    static PtySession start(Path dir, Map<String, String> env, String... args) throws IOException {
        return startRedirected(dir, env, "", args);
    }

    /**
     * Like {@link #start}, with a shell redirection after the command (e.g. {@code < /dev/null}): the terminal is
     * still there, but that stream of gabysql is not it.
     */
    static PtySession startRedirected(Path dir, Map<String, String> env, String redirection, String... args)
            throws IOException {
        if (!new java.io.File("/usr/bin/script").canExecute()) {
            TestDatabases.skipOrFail("util-linux `script` is needed to run gabysql on a pseudo-terminal");
        }
        String command = "stty cols 100 rows 30; exec "
                + GabysqlProcess.java(dir, args).stream().map(PtySession::quote).collect(Collectors.joining(" "))
                + (redirection.isEmpty() ? "" : " " + redirection);
        ProcessBuilder pb = new ProcessBuilder(List.of(
                        "/usr/bin/script",
                        "-q",
                        "-e",
                        "-E",
                        "never",
                        "-c",
                        command,
                        dir.resolve("typescript").toString()))
                .directory(dir.toFile())
                .redirectErrorStream(true);
        pb.environment().remove("GABYSQL_DB_URL");
        pb.environment().put("TERM", "xterm-256color");
        pb.environment().put("LANG", "C.UTF-8");
        pb.environment().putAll(env);
        return new PtySession(pb.start());
    }

    PtySession type(String text) throws IOException {
        keys.write(text.getBytes(StandardCharsets.UTF_8));
        keys.flush();
        return this;
    }

    /** Waits until the screen after the mark shows {@code text}; returns the screen since the mark. */
    String await(String text) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < end) {
            String now = sinceMark();
            if (now.contains(text)) {
                return now;
            }
            if (!process.isAlive() && !sinceMark().contains(text)) {
                break;
            }
            Thread.sleep(25);
        }
        throw new AssertionError("the terminal did not show `" + text + "`; it showed:\n" + screen());
    }

    void mark() {
        mark = screen().length();
    }

    String sinceMark() {
        return screen().substring(Math.min(mark, screen().length()));
    }

    String screen() {
        return ESCAPES.matcher(screen.toString())
                .replaceAll("")
                .replace("\r", "")
                .replace("\b", "");
    }

    /** Waits for the program to end; its exit code. */
    int exitCode() throws InterruptedException {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("gabysql did not exit; the terminal showed:\n" + screen());
        }
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private void pump(InputStream in) {
        byte[] buf = new byte[8192];
        try (in) {
            int n;
            java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();
            while ((n = in.read(buf)) > 0) {
                pending.write(buf, 0, n);
                String s = decodeComplete(pending);
                screen.append(s);
            }
        } catch (IOException ignored) {
            // the process ended
        }
    }

    /** Decodes the UTF-8 bytes received so far, keeping an incomplete trailing character for later. */
    private static String decodeComplete(java.io.ByteArrayOutputStream pending) {
        byte[] all = pending.toByteArray();
        int end = all.length;
        int back = 0;
        while (back < 3 && end - back - 1 >= 0 && (all[end - back - 1] & 0xC0) == 0x80) {
            back++;
        }
        if (end - back - 1 >= 0 && (all[end - back - 1] & 0xC0) == 0xC0) {
            int lead = all[end - back - 1] & 0xFF;
            int need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1;
            if (back < need) {
                end = end - back - 1;
            }
        }
        String s = new String(all, 0, end, StandardCharsets.UTF_8);
        pending.reset();
        pending.write(all, end, all.length - end);
        return s;
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\"'\"'") + "'";
    }
}
