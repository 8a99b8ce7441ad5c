package dev.gabysql.cli.format;

import dev.gabysql.core.api.QueryResult;
import java.util.List;

/** RFC 4180 CSV with a header line; NULL is an empty field, an empty string is {@code ""}. */
final class CsvRenderer implements Format.Renderer {
    @Override
    public String render(QueryResult r) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < r.columns().size(); i++) {
            sb.append(i == 0 ? "" : ",").append(quote(r.columns().get(i).name()));
        }
        sb.append("\r\n");
        for (List<Object> row : r.rows()) {
            for (int i = 0; i < row.size(); i++) {
                Object v = row.get(i);
                sb.append(i == 0 ? "" : ",").append(v == null ? "" : quote(v.toString()));
            }
            sb.append("\r\n");
        }
        return sb.toString();
    }

    private static String quote(String s) {
        if (s.isEmpty() || s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
