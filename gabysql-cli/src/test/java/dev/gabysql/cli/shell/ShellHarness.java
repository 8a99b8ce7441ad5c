package dev.gabysql.cli.shell;

import dev.gabysql.cli.format.Format;
import dev.gabysql.core.api.GabyService;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * Runs the shell in-process on a JLine terminal fed through a pipe, as a person would type: keys go in, the
 * screen's text comes out. The terminal applies a line discipline, so a typed Ctrl-C (\u0003) raises SIGINT in
 * the shell exactly as a real terminal does.
 */
final class ShellHarness implements AutoCloseable {
    /** CSI sequences, OSC strings, and the two-character keypad mode switches. */
    private static final Pattern ESCAPES =
            Pattern.compile("\u001b\\[[0-9;?]*[ -/]*[@-~]|\u001b\\][^\u0007]*\u0007" + "|\u001b[=>]");

    private final PipedOutputStream keys;
    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    private final Terminal terminal;
    private final CompletableFuture<Integer> exit;
    private int mark;

    ShellHarness(GabyService service, String db, Path history) throws IOException {
        this(service, db, history, dev.gabysql.core.curated.CuratedTools.NONE);
    }

    /** A shell whose {@code \tool} calls these curated tools. */
    ShellHarness(GabyService service, String db, Path history, dev.gabysql.core.curated.CuratedTools tools)
            throws IOException {
        PipedInputStream in = new PipedInputStream(1 << 16);
        keys = new PipedOutputStream(in);
        terminal = TerminalBuilder.builder()
                .system(false)
                .streams(in, screen)
                .name("test")
                .type("xterm-256color")
                .encoding(StandardCharsets.UTF_8)
                .size(new Size(100, 30))
                .paused(false)
                .build();
        Shell shell = new Shell(service, terminal, db, Format.TABLE, history, tools);
        exit = CompletableFuture.supplyAsync(shell::run);
    }

    /** Types text; \r is Enter. */
    ShellHarness type(String text) throws IOException {
        keys.write(text.getBytes(StandardCharsets.UTF_8));
        keys.flush();
        return this;
    }

    /** Waits until the screen, after the last mark, shows {@code text}; returns the screen since the mark. */
    String await(String text) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < end) {
            String now = sinceMark();
            if (now.contains(text)) {
                return now;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the shell did not show `" + text + "`; the screen:\n" + screen());
    }

    /** Types a line and waits for the next prompt; returns what the shell printed in between. */
    String run(String line, String prompt) throws IOException, InterruptedException {
        mark();
        type(line + "\r");
        String out = await("\n" + prompt);
        mark();
        return out;
    }

    void mark() {
        mark = screen().length();
    }

    String sinceMark() {
        return screen().substring(mark);
    }

    /** What was written to the terminal, without escape sequences, carriage returns and backspaces. */
    String screen() {
        return ESCAPES.matcher(screen.toString(StandardCharsets.UTF_8))
                .replaceAll("")
                .replace("\r", "")
                .replace("\b", "");
    }

    /** Ctrl-D; returns the exit code. */
    int quit() throws Exception {
        keys.close();
        return exit.get(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws IOException {
        keys.close();
        terminal.close();
    }
}
