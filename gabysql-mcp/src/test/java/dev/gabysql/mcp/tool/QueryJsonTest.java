package dev.gabysql.mcp.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.mcp.json.WrittenResult;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The query tool's answer written in one pass is, byte for byte, what writing a tree built cell by cell gives (the
 * way it was built before it was written directly).
 */
class QueryJsonTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();

    @Test
    void theTextIsTheCompactTreeAndTheStructuredObjectAddsTheDetails() throws Exception {
        for (QueryResult r : List.of(
                result(false, null),
                result(true, "Only the first 2 rows are shown \"cap\"."),
                new QueryResult(List.of(), List.of(), false, null, 0))) {
            WrittenResult written = QueryJson.written(r);
            ObjectNode compact = treeOf(r);
            assertThat(QueryJson.compactText(r)).isEqualTo(JACKSON.writeValueAsString(compact));
            assertThat(written.text()).isEqualTo(JACKSON.writeValueAsString(compact));
            ObjectNode detailed = compact.deepCopy();
            ArrayNode types = detailed.putArray("types");
            r.columns().forEach(c -> types.add(c.type()));
            detailed.put("elapsed_ms", r.elapsedMillis());
            assertThat(new String(written.structured(), StandardCharsets.UTF_8))
                    .isEqualTo(JACKSON.writeValueAsString(detailed));
            JsonNode literal = JACKSON.readTree(written.textLiteral());
            assertThat(literal.isTextual()).isTrue();
            assertThat(literal.asText()).isEqualTo(written.text());
        }
    }

    @Test
    void everyKindOfCellKeepsItsJsonForm() throws Exception {
        WrittenResult written = QueryJson.written(result(false, null));
        assertThat(written.text())
                .contains("[42,\"Zoë \\\"q\\\" \\\\ back\\nline\\t\\u0001 ☃ 😀\",null,12.50,2.5,true,1E+3]");
    }

    /** The reference: a tree built with the node factory, cell by cell. */
    private static ObjectNode treeOf(QueryResult r) {
        ObjectNode o = JACKSON.createObjectNode();
        ArrayNode cols = o.putArray("columns");
        r.columns().forEach(c -> cols.add(c.name()));
        ArrayNode rows = o.putArray("rows");
        for (List<Object> row : r.rows()) {
            ArrayNode values = rows.addArray();
            for (Object v : row) {
                if (v == null) {
                    values.addNull();
                } else if (v instanceof String) {
                    values.add((String) v);
                } else if (v instanceof Long) {
                    values.add((Long) v);
                } else if (v instanceof BigDecimal) {
                    values.add((BigDecimal) v);
                } else if (v instanceof Boolean) {
                    values.add((Boolean) v);
                } else {
                    values.add((Double) v);
                }
            }
        }
        o.put("row_count", r.rowCount());
        o.put("truncated", r.truncated());
        if (r.note() != null) {
            o.put("note", r.note());
        }
        return o;
    }

    private static QueryResult result(boolean truncated, String note) {
        List<QueryResult.Column> columns = List.of(
                new QueryResult.Column("id", "INTEGER"),
                new QueryResult.Column("name \"n\"", "TEXT"),
                new QueryResult.Column("gone", null),
                new QueryResult.Column("amount", "NUMERIC(10,2)"),
                new QueryResult.Column("ratio", "REAL"),
                new QueryResult.Column("ok", "BOOLEAN"),
                new QueryResult.Column("big", "NUMERIC"));
        List<Object> row = Arrays.asList(
                42L,
                "Zoë \"q\" \\ back\nline\t\u0001 ☃ 😀",
                null,
                new BigDecimal("12.50"),
                2.5,
                true,
                new BigDecimal("1E+3"));
        List<Object> other = Arrays.asList(-1L, "", null, BigDecimal.ZERO, -0.0, false, BigDecimal.ONE);
        return new QueryResult(columns, List.of(row, other), truncated, note, 7);
    }
}
