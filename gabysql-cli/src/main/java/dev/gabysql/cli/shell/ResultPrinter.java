package dev.gabysql.cli.shell;

import dev.gabysql.cli.format.Format;
import dev.gabysql.cli.format.WriteSummary;
import dev.gabysql.cli.run.ShellWords;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.GabyException;
import java.io.PrintWriter;
import java.util.List;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;

/**
 * Everything the shell shows: results (fitted table, expanded records, or the --format renderings), write
 * previews, errors, notes. Styles only where the terminal has them. Single-threaded.
 */
final class ResultPrinter {
    private static final AttributedStyle ERROR = AttributedStyle.DEFAULT.foreground(AttributedStyle.RED);
    private static final AttributedStyle NOTE = AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW);
    private static final AttributedStyle WRITE = AttributedStyle.BOLD.foreground(AttributedStyle.CYAN);

    private final Terminal terminal;
    private final ShellState state;
    private final FittedTable table;
    private final ExpandedRecords expanded;

    ResultPrinter(Terminal terminal, ShellState state) {
        this.terminal = terminal;
        this.state = state;
        CellText cells = new CellText(terminal.encoding());
        this.table = new FittedTable(cells);
        this.expanded = new ExpandedRecords(cells);
    }

    void result(QueryResult r) {
        if (state.format != Format.TABLE) {
            out().print(state.format.render(r));
        } else {
            lines(useExpanded(r) ? expanded.render(r, width()) : table.render(r, width()));
        }
        if (r.note() != null) {
            note(r.note());
        }
        out().flush();
    }

    /** A write's outcome: what it did (or would do), the preview rows, the notes. */
    void write(ExecuteResult r) {
        if (state.format == Format.JSON || state.format == Format.CSV) {
            out().print(WriteSummary.render(state.format, r));
            out().flush();
            return;
        }
        line(new AttributedString(WriteSummary.line(r), WRITE));
        if (r.preview() != null && !r.preview().columns().isEmpty()) {
            result(previewRows(r));
        }
        WriteSummary.notes(r).forEach(this::note);
        out().flush();
    }

    /** The preview's rows, its cap note saying how many of the affected rows are shown. */
    private static QueryResult previewRows(ExecuteResult r) {
        QueryResult p = r.preview();
        String note =
                p.truncated() ? "Showing " + p.rowCount() + " of the " + r.affectedRows() + " affected rows." : null;
        return new QueryResult(p.columns(), p.rows(), p.truncated(), note, p.elapsedMillis());
    }

    void error(GabyException e) {
        line(new AttributedString("error [" + e.code().name() + "]: " + e.getMessage(), ERROR));
        String hint = ShellWords.INSTANCE.hintOf(e);
        if (hint != null && !hint.isBlank()) {
            line(new AttributedString("hint: " + hint));
        }
        out().flush();
    }

    void note(String text) {
        line(new AttributedString("note: " + text, NOTE));
    }

    void info(String text) {
        out().println(text);
        out().flush();
    }

    void timing(long millis) {
        info("Time: " + millis + " ms");
    }

    int width() {
        int w = terminal.getWidth();
        return w <= 0 ? 80 : w;
    }

    private boolean useExpanded(QueryResult r) {
        return state.expanded == ShellState.Expanded.ON
                || (state.expanded == ShellState.Expanded.AUTO && !r.columns().isEmpty() && !table.fits(r, width()));
    }

    private void lines(List<AttributedString> lines) {
        lines.forEach(this::line);
    }

    private void line(AttributedString s) {
        out().println(s.toAnsi(terminal));
    }

    private PrintWriter out() {
        return terminal.writer();
    }
}
