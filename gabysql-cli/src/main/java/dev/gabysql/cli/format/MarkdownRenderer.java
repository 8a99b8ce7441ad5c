package dev.gabysql.cli.format;

import dev.gabysql.core.api.QueryResult;
import java.util.List;

/** A GitHub-flavoured Markdown table; pipes in values are escaped, NULL shown as {@code NULL}. */
final class MarkdownRenderer implements Format.Renderer {
    @Override
    public String render(QueryResult r) {
        StringBuilder sb = new StringBuilder("|");
        for (QueryResult.Column c : r.columns()) {
            sb.append(' ').append(escape(c.name())).append(" |");
        }
        sb.append("\n|");
        sb.append(" --- |".repeat(r.columns().size())).append('\n');
        for (List<Object> row : r.rows()) {
            sb.append('|');
            for (Object v : row) {
                sb.append(' ').append(escape(TableRenderer.cell(v))).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String escape(String s) {
        return s.replace("|", "\\|");
    }
}
