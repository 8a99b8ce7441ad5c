package dev.gabysql.mcp;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.gabysql.core.service.QueryResult;
import dev.gabysql.core.util.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;

/**
 * Query results shaped for a model: column names once, rows as arrays (no repeated keys), the row count, and
 * {@code truncated} with the note saying which cap cut and what to do. Stateless.
 */
final class QueryJson {
    private QueryJson() {
    }

    /**
     * The query tool's answer: the compact form as the text, and the compact form plus the details (column types,
     * elapsed time) as the structured object, each written once (no tree in between).
     */
    static WrittenResult written(QueryResult r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = Json.MAPPER.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            writeCompactFields(g, r);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] compact = out.toByteArray();
        out.reset();
        out.write(compact, 0, compact.length - 1); // all but the closing brace
        try (JsonGenerator g = Json.MAPPER.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject(); // a generator cannot resume an object: write the details' fields into a fresh one
            writeDetailFields(g, r);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] both = out.toByteArray();
        both[compact.length - 1] = ','; // "{…compact…{…details…}" becomes "{…compact…,…details…}"
        return WrittenResult.of(compact, both);
    }

    /** {@code {columns, rows, row_count, truncated, note?}} as a tree (a write's preview nests it). */
    static ObjectNode compact(QueryResult r) {
        try (TokenBuffer buffer = new TokenBuffer(Json.MAPPER, false)) {
            buffer.writeStartObject();
            writeCompactFields(buffer, r);
            buffer.writeEndObject();
            return Json.MAPPER.readTree(buffer.asParser());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code columns, rows, row_count, truncated, note?}: what the model reads. */
    private static void writeCompactFields(JsonGenerator g, QueryResult r) throws IOException {
        g.writeArrayFieldStart("columns");
        for (QueryResult.Column c : r.columns()) {
            g.writeString(c.name());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("rows");
        for (List<Object> row : r.rows()) {
            g.writeStartArray();
            for (Object v : row) {
                writeValue(g, v);
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeNumberField("row_count", r.rowCount());
        g.writeBooleanField("truncated", r.truncated());
        if (r.note() != null) {
            g.writeStringField("note", r.note());
        }
    }

    /** {@code types, elapsed_ms}: the database's column types and the time taken, for structuredContent. */
    private static void writeDetailFields(JsonGenerator g, QueryResult r) throws IOException {
        g.writeArrayFieldStart("types");
        for (QueryResult.Column c : r.columns()) {
            g.writeString(c.type());
        }
        g.writeEndArray();
        g.writeNumberField("elapsed_ms", r.elapsedMillis());
    }

    /**
     * One cell. The core hands over null, Boolean, Long, BigDecimal, Double or String, written directly; anything
     * else goes through the mapper.
     */
    private static void writeValue(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String) {
            g.writeString((String) v);
        } else if (v instanceof Long) {
            g.writeNumber((Long) v);
        } else if (v instanceof BigDecimal) {
            g.writeNumber((BigDecimal) v);
        } else if (v instanceof Boolean) {
            g.writeBoolean((Boolean) v);
        } else if (v instanceof Double) {
            g.writeNumber((Double) v);
        } else {
            Json.MAPPER.writeValue(g, v);
        }
    }
}
