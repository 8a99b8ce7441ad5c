package dev.gabysql.cli.shell;

import dev.gabysql.cli.run.StatementExecutor;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.StatementInfo;
import java.util.Locale;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.UserInterruptException;

/**
 * Asks the person at the terminal: the preview is shown, then {@code Commit? [y/N]}. Anything but y/yes — Enter,
 * Ctrl-C, Ctrl-D — is no.
 */
final class TerminalConfirmer implements StatementExecutor.Confirmer {
    private final LineReader questions;
    private final ResultPrinter printer;

    TerminalConfirmer(LineReader questions, ResultPrinter printer) {
        this.questions = questions;
        this.printer = printer;
    }

    @Override
    public boolean commit(String sql, ExecuteResult preview) {
        printer.write(preview);
        return ask(preview.status().equals("no_preview") ? "Run it now, for real? [y/N] " : "Commit? [y/N] ");
    }

    @Override
    public boolean allowFullTable(String sql, StatementInfo statement) {
        printer.note("`" + statement.command() + "` has no WHERE clause: it would change every row.");
        return ask("Preview it anyway, for every row? [y/N] ");
    }

    private boolean ask(String question) {
        try {
            String answer = questions.readLine(question);
            String a = answer == null ? "" : answer.strip().toLowerCase(Locale.ROOT);
            return a.equals("y") || a.equals("yes");
        } catch (UserInterruptException | EndOfFileException e) {
            return false;
        }
    }
}
