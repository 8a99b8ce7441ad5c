package dev.gabysql.cli.shell;

import dev.gabysql.core.api.QueryResult;
import java.util.ArrayList;
import java.util.List;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * psql's expanded display ({@code \x}): one block per row, one line per column, long values wrapped to the
 * terminal width instead of cut. For wide rows and long values.
 */
final class ExpandedRecords {
    private final CellText cells;

    ExpandedRecords(CellText cells) {
        this.cells = cells;
    }

    List<AttributedString> render(QueryResult r, int width) {
        int label = 0;
        for (QueryResult.Column c : r.columns()) {
            label = Math.max(label, new AttributedString(CellText.sanitize(c.name())).columnLength());
        }
        int valueWidth = Math.max(FittedTable.MIN_WIDTH, width - label - 4);
        List<AttributedString> lines = new ArrayList<>();
        for (int row = 0; row < r.rowCount(); row++) {
            lines.add(header(row + 1, Math.min(width - 1, label + valueWidth + 3)));
            for (int i = 0; i < r.columns().size(); i++) {
                addField(
                        lines,
                        r.columns().get(i).name(),
                        cells.of(r.rows().get(row).get(i)),
                        label,
                        valueWidth);
            }
        }
        lines.add(new AttributedString(r.rowCount() == 0 ? "(0 rows)" : FittedTable.footer(r)));
        return lines;
    }

    private static AttributedString header(int n, int width) {
        String head = "-[ RECORD " + n + " ]";
        return new AttributedString(head + "-".repeat(Math.max(1, width - head.length())));
    }

    private static void addField(
            List<AttributedString> lines, String name, AttributedString value, int label, int valueWidth) {
        String padded = CellText.sanitize(name);
        padded = padded + " ".repeat(Math.max(0, label - new AttributedString(padded).columnLength()));
        String blank = " ".repeat(label);
        int at = 0;
        int len = value.columnLength();
        do {
            AttributedString chunk = value.columnSubSequence(at, Math.min(len, at + valueWidth));
            AttributedStringBuilder sb = new AttributedStringBuilder();
            sb.append(at == 0 ? new AttributedString(padded, AttributedStyle.BOLD) : new AttributedString(blank));
            sb.append(" | ").append(chunk);
            lines.add(sb.toAttributedString());
            at += Math.max(1, chunk.columnLength());
        } while (at < len);
    }
}
