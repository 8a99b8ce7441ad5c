package dev.gabysql.cli.format;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One JSON object per result: columns, rows (arrays), row count and whether a cap cut it. */
final class JsonRenderer implements Format.Renderer {
    @Override
    public String render(QueryResult r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("columns", r.columns().stream().map(QueryResult.Column::name).toList());
        out.put("rows", r.rows());
        out.put("row_count", r.rowCount());
        out.put("truncated", r.truncated());
        if (r.note() != null) {
            out.put("note", r.note());
        }
        return Json.MAPPER.valueToTree(out).toString() + "\n";
    }

    static List<String> names(QueryResult r) {
        return r.columns().stream().map(QueryResult.Column::name).toList();
    }
}
