package dev.gabysql.cli.format;

import dev.gabysql.core.api.QueryResult;
import java.util.List;

/** An aligned text table, psql style; NULL shown as {@code NULL} so it differs from an empty string. */
final class TableRenderer implements Format.Renderer {
    static final String NULL = "NULL";

    @Override
    public String render(QueryResult r) {
        int n = r.columns().size();
        int[] width = new int[n];
        for (int i = 0; i < n; i++) {
            width[i] = r.columns().get(i).name().length();
        }
        for (List<Object> row : r.rows()) {
            for (int i = 0; i < n; i++) {
                width[i] = Math.max(width[i], cell(row.get(i)).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? " " : " | ").append(pad(r.columns().get(i).name(), width[i]));
        }
        sb.append('\n');
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "-" : "-+-").append("-".repeat(width[i]));
        }
        sb.append("-\n");
        for (List<Object> row : r.rows()) {
            for (int i = 0; i < n; i++) {
                Object v = row.get(i);
                String c = cell(v);
                sb.append(i == 0 ? " " : " | ").append(v instanceof Number ? padLeft(c, width[i]) : pad(c, width[i]));
            }
            sb.append('\n');
        }
        sb.append('(')
                .append(r.rowCount())
                .append(r.rowCount() == 1 ? " row" : " rows")
                .append(r.truncated() ? ", truncated" : "")
                .append(")\n");
        return sb.toString();
    }

    static String cell(Object v) {
        return v == null ? NULL : v.toString().replace("\n", "\\n");
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }

    private static String padLeft(String s, int w) {
        return s.length() >= w ? s : " ".repeat(w - s.length()) + s;
    }
}
