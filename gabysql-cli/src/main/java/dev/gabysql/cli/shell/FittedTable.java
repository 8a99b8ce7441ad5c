package dev.gabysql.cli.shell;

import dev.gabysql.core.api.QueryResult;
import java.util.ArrayList;
import java.util.List;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * An aligned table, psql style, that fits the terminal: when the natural widths are too wide, the widest columns
 * are narrowed (never below {@value #MIN_WIDTH} columns) and their cells cut with an ellipsis. Numbers are right
 * aligned. Stateless apart from the cell style.
 */
final class FittedTable {
    static final int MIN_WIDTH = 4;

    private final CellText cells;

    FittedTable(CellText cells) {
        this.cells = cells;
    }

    /** The table's lines for a terminal {@code width} columns wide, footer included. */
    List<AttributedString> render(QueryResult r, int width) {
        List<AttributedString[]> grid = grid(r);
        int[] widths = fit(
                natural(grid, r.columns().size()), width - overhead(r.columns().size()));
        List<AttributedString> lines = new ArrayList<>();
        lines.add(line(grid.get(0), widths, null));
        lines.add(rule(widths));
        for (int i = 1; i < grid.size(); i++) {
            lines.add(line(grid.get(i), widths, r.rows().get(i - 1)));
        }
        lines.add(new AttributedString(footer(r)));
        return lines;
    }

    /** Whether the table fits {@code width} columns without cutting a cell. */
    boolean fits(QueryResult r, int width) {
        int sum = 0;
        for (int w : natural(grid(r), r.columns().size())) {
            sum += w;
        }
        return sum <= width - overhead(r.columns().size());
    }

    static String footer(QueryResult r) {
        return "(" + r.rowCount() + (r.rowCount() == 1 ? " row" : " rows") + (r.truncated() ? ", truncated" : "") + ")";
    }

    /** Widths within {@code budget}: the largest cap that fits, applied to the widest columns only. */
    static int[] fit(int[] natural, int budget) {
        int total = 0;
        int max = 0;
        for (int w : natural) {
            total += w;
            max = Math.max(max, w);
        }
        if (total <= budget) {
            return natural.clone();
        }
        int lo = MIN_WIDTH;
        int hi = max;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (capped(natural, mid) <= budget) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int[] out = new int[natural.length];
        for (int i = 0; i < natural.length; i++) {
            out[i] = Math.min(natural[i], lo);
        }
        return out;
    }

    private static int capped(int[] natural, int cap) {
        int sum = 0;
        for (int w : natural) {
            sum += Math.min(w, cap);
        }
        return sum;
    }

    /** Columns taken by the frame: a space each side and " | " between cells, and one spare column at the edge. */
    private static int overhead(int columns) {
        return 3 * columns;
    }

    private List<AttributedString[]> grid(QueryResult r) {
        List<AttributedString[]> grid = new ArrayList<>();
        int n = r.columns().size();
        AttributedString[] header = new AttributedString[n];
        for (int i = 0; i < n; i++) {
            header[i] =
                    new AttributedString(CellText.sanitize(r.columns().get(i).name()), AttributedStyle.BOLD);
        }
        grid.add(header);
        for (List<Object> row : r.rows()) {
            AttributedString[] line = new AttributedString[n];
            for (int i = 0; i < n; i++) {
                line[i] = cells.of(row.get(i));
            }
            grid.add(line);
        }
        return grid;
    }

    private static int[] natural(List<AttributedString[]> grid, int n) {
        int[] w = new int[n];
        for (AttributedString[] line : grid) {
            for (int i = 0; i < n; i++) {
                w[i] = Math.max(w[i], line[i].columnLength());
            }
        }
        return w;
    }

    private AttributedString line(AttributedString[] cellsOfRow, int[] widths, List<Object> values) {
        AttributedStringBuilder sb = new AttributedStringBuilder();
        for (int i = 0; i < widths.length; i++) {
            sb.append(i == 0 ? " " : " | ");
            AttributedString c = cells.cut(cellsOfRow[i], widths[i]);
            String pad = " ".repeat(widths[i] - c.columnLength());
            boolean right = values != null && values.get(i) instanceof Number;
            if (right) {
                sb.append(pad).append(c);
            } else {
                sb.append(c).append(i == widths.length - 1 ? "" : pad);
            }
        }
        return sb.toAttributedString();
    }

    private static AttributedString rule(int[] widths) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
            sb.append(i == 0 ? "-" : "-+-").append("-".repeat(widths[i]));
        }
        return new AttributedString(sb.append('-').toString());
    }
}
