package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.json.Json;
import dev.gabysql.core.json.JsonBytes;
import dev.gabysql.mcp.json.WrittenResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Query results shaped for a model: column names once, rows as arrays (no repeated keys), the row count, and
 * {@code truncated} with the note saying which cap cut and what to do. Stateless.
 */
final class QueryJson {
    private static final byte[] COLUMNS = JsonBytes.ascii("{\"columns\":[");
    private static final byte[] ROWS = JsonBytes.ascii("],\"rows\":[");
    private static final byte[] ROW_COUNT = JsonBytes.ascii("],\"row_count\":");
    private static final byte[] TRUNCATED = JsonBytes.ascii(",\"truncated\":");
    private static final byte[] NOTE = JsonBytes.ascii(",\"note\":");
    private static final byte[] TYPES = JsonBytes.ascii(",\"types\":[");
    private static final byte[] ELAPSED = JsonBytes.ascii("],\"elapsed_ms\":");

    private QueryJson() {}

    /**
     * The query tool's answer: the compact form as the text, and the compact form plus the details (column types,
     * elapsed time) as the structured object, each written once (no tree, no generator: {@link JsonBytes}).
     */
    static WrittenResult written(QueryResult r) {
        JsonBytes out = new JsonBytes(256);
        writeCompact(out, r);
        int compactEnd = out.length();
        byte[] compact = out.raw('}').toBytes();
        out.truncate(compactEnd);
        out.raw(TYPES);
        for (int i = 0; i < r.columns().size(); i++) {
            String type = r.columns().get(i).type();
            if (i > 0) {
                out.raw(',');
            }
            if (type == null) {
                out.nullValue();
            } else {
                out.string(type);
            }
        }
        out.raw(ELAPSED).number(r.elapsedMillis()).raw('}');
        return WrittenResult.of(compact, out.toBytes());
    }

    /** {@code {columns, rows, row_count, truncated, note?}} without its closing brace: what the model reads. */
    private static void writeCompact(JsonBytes out, QueryResult r) {
        out.raw(COLUMNS);
        for (int i = 0; i < r.columns().size(); i++) {
            (i == 0 ? out : out.raw(',')).string(r.columns().get(i).name());
        }
        out.raw(ROWS);
        for (int i = 0; i < r.rows().size(); i++) {
            (i == 0 ? out : out.raw(',')).raw('[');
            List<Object> row = r.rows().get(i);
            for (int j = 0; j < row.size(); j++) {
                writeCell(j == 0 ? out : out.raw(','), row.get(j));
            }
            out.raw(']');
        }
        out.raw(ROW_COUNT).number(r.rowCount()).raw(TRUNCATED).bool(r.truncated());
        if (r.note() != null) {
            out.raw(NOTE).string(r.note());
        }
    }

    /** One cell: the core's types directly, anything else through the mapper. */
    private static void writeCell(JsonBytes out, Object v) {
        if (!out.value(v)) {
            try {
                out.raw(Json.MAPPER.writeValueAsBytes(v));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** {@code {columns, rows, row_count, truncated, note?}} as JSON (a write's preview nests it). */
    static String compactText(QueryResult r) {
        JsonBytes out = new JsonBytes(256);
        writeCompact(out, r);
        return new String(out.raw('}').toBytes(), StandardCharsets.UTF_8);
    }
}
