package dev.gabysql.cli.shell;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Table and column names of the current database for completion, read through the service's schema description
 * (never JDBC) and kept for a short while so that Tab stays instant. Reading is tolerant of the bundle's shape:
 * any {@code tables}/{@code views} array whose items have a {@code name} and optional {@code columns}.
 * Single-threaded (JLine completes on the reading thread).
 */
final class CatalogNames {
    static final long TTL_NANOS = 30_000_000_000L;

    private final GabyService service;
    private String db;
    private Map<String, List<String>> columnsByTable = Map.of();
    private long loadedAt;

    CatalogNames(GabyService service) {
        this.service = service;
    }

    /** Table name → its column names, for {@code db}; empty when the schema cannot be read. */
    Map<String, List<String>> tables(String database) {
        if (!database.equals(db) || System.nanoTime() - loadedAt > TTL_NANOS) {
            columnsByTable = load(database);
            db = database;
            loadedAt = System.nanoTime();
        }
        return columnsByTable;
    }

    /** Forget the names (after a committed write, which may have been DDL). */
    void invalidate() {
        db = null;
    }

    private Map<String, List<String>> load(String database) {
        try {
            Rendered r = service.describeDatabase(
                    CallContext.of("cli").withClient("gabysql-shell"), DescribeRequest.of(database, "summary"));
            Map<String, List<String>> out = new LinkedHashMap<>();
            if (r.json() != null) {
                collect(r.json(), out);
            }
            return out;
        } catch (GabyException e) {
            return Map.of(); // completion is a convenience: keywords still complete
        }
    }

    static void collect(JsonNode node, Map<String, List<String>> out) {
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> {
                if ((f.getKey().equals("tables") || f.getKey().equals("views"))
                        && f.getValue().isArray()) {
                    f.getValue().forEach(t -> addTable(t, out));
                } else {
                    collect(f.getValue(), out);
                }
            });
        } else if (node.isArray()) {
            node.forEach(n -> collect(n, out));
        }
    }

    private static void addTable(JsonNode t, Map<String, List<String>> out) {
        String name = t.isTextual() ? t.asText() : t.path("name").asText("");
        if (name.isEmpty()) {
            return;
        }
        List<String> columns = new ArrayList<>();
        for (JsonNode c : t.path("columns")) {
            String col = c.isTextual()
                    ? c.asText()
                    : c.isArray()
                            ? c.path(0).asText("") // [name, type, …]
                            : c.path("name").asText("");
            if (!col.isEmpty()) {
                columns.add(col);
            }
        }
        out.merge(name, columns, (a, b) -> a.isEmpty() ? b : a);
    }
}
