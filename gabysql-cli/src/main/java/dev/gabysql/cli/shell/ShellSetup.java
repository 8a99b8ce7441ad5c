package dev.gabysql.cli.shell;

import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.ScriptSplitter;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.function.Supplier;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/** Builds the terminal and the line readers of the shell, and finds its history file. Stateless. */
final class ShellSetup {
    /** Like psql's PSQL_HISTORY: where the history goes instead of ~/.gabysql_history. */
    static final String HISTORY_ENV = "GABYSQL_HISTORY";

    static final String HISTORY_FILE = ".gabysql_history";

    private ShellSetup() {}

    /** The process's own terminal, with Ctrl-C delivered to the shell as a signal instead of ending the JVM. */
    static Terminal systemTerminal() throws IOException {
        return TerminalBuilder.builder()
                .name("gabysql")
                .system(true)
                .nativeSignals(true)
                .build();
    }

    static Path historyFile(Map<String, String> env) {
        String custom = env.get(HISTORY_ENV);
        if (custom != null && !custom.isBlank()) {
            return Path.of(custom.strip());
        }
        return Path.of(System.getProperty("user.home"), HISTORY_FILE);
    }

    /** The statement reader: multi-line until {@code ;}, history in {@code history}, SQL completion. */
    static LineReader statementReader(
            Terminal terminal, Path history, Completer completer, Supplier<ScriptSplitter> splitter) {
        prepareHistoryFile(history);
        return LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("gabysql")
                .parser(new SqlLineParser(splitter))
                .completer(completer)
                .variable(LineReader.HISTORY_FILE, history)
                .variable(LineReader.HISTORY_FILE_SIZE, 5_000)
                .variable(LineReader.HISTORY_SIZE, 1_000)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true) // `!` is SQL (!=), not a history event
                .option(LineReader.Option.CASE_INSENSITIVE, true)
                .option(LineReader.Option.HISTORY_IGNORE_DUPS, true)
                .build();
    }

    /** The reader of yes/no questions: one line, no completion, nothing kept in the history file. */
    static LineReader questionReader(Terminal terminal) {
        return LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("gabysql")
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
    }

    static Mode modeOf(DatabaseInfo info) {
        Mode m = info.mode();
        return m == null ? Mode.READONLY : m;
    }

    /** Creates the history file readable by its owner only: statements may hold data worth keeping private. */
    private static void prepareHistoryFile(Path history) {
        try {
            if (history.getParent() != null && Files.isDirectory(history.getParent())) {
                Files.createFile(
                        history, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
        } catch (FileAlreadyExistsException | UnsupportedOperationException ignored) {
            // an existing file keeps its permissions; a non-POSIX file system has none to set
        } catch (IOException ignored) {
            // no history then; JLine says so itself when it cannot write
        }
    }
}
