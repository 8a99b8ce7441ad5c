package dev.gabysql.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.service.QueryResult;
import dev.gabysql.core.util.Json;
import java.math.BigDecimal;
import java.util.List;

/**
 * Query results shaped for a model: column names once, rows as arrays (no repeated keys), the row count, and
 * {@code truncated} with the note saying which cap cut and what to do. Stateless.
 */
final class QueryJson {
    private QueryJson() {
    }

    /** {@code {columns, rows, row_count, truncated, note?}}: the compact text and the core of the structured form. */
    static ObjectNode compact(QueryResult r) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        ArrayNode cols = o.putArray("columns");
        r.columns().forEach(c -> cols.add(c.name()));
        ArrayNode rows = o.putArray("rows");
        for (List<Object> row : r.rows()) {
            ArrayNode values = rows.addArray();
            for (Object v : row) {
                add(values, v);
            }
        }
        o.put("row_count", r.rowCount());
        o.put("truncated", r.truncated());
        if (r.note() != null) {
            o.put("note", r.note());
        }
        return o;
    }

    /**
     * One cell. The core hands over null, Boolean, Long, BigDecimal, Double or String; adding them directly spares
     * Jackson's value-to-tree conversion per row (a token buffer and a serializer lookup: most of a 500-row
     * answer's encoding). Anything else still goes through Jackson.
     */
    private static void add(ArrayNode row, Object v) {
        if (v == null) {
            row.addNull();
        } else if (v instanceof String) {
            row.add((String) v);
        } else if (v instanceof Long) {
            row.add((Long) v);
        } else if (v instanceof BigDecimal) {
            row.add((BigDecimal) v);
        } else if (v instanceof Boolean) {
            row.add((Boolean) v);
        } else if (v instanceof Double) {
            row.add((Double) v);
        } else {
            row.add(Json.MAPPER.valueToTree(v));
        }
    }

    /** Adds the database's column types and the elapsed time to a compact form (for structuredContent). */
    static ObjectNode addDetails(ObjectNode compact, QueryResult r) {
        ArrayNode types = compact.putArray("types");
        r.columns().forEach(c -> types.add(c.type()));
        compact.put("elapsed_ms", r.elapsedMillis());
        return compact;
    }
}
