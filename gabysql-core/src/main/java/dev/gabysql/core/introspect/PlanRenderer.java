package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.api.Rendered;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code gabysql_explain}: a plan in its engine's most readable form. A plan whose rows link to parents
 * (SQLite's EXPLAIN QUERY PLAN: id, parent, detail) becomes the indented tree the sqlite3 shell draws; a plan
 * of text lines (PostgreSQL's EXPLAIN (FORMAT TEXT)) is kept line by line. Stateless.
 */
public final class PlanRenderer {

    private PlanRenderer() {}

    /** The plan, and the read's note when it has one (e.g. that the primary answered for its replica). */
    public static Rendered render(QueryResult plan) {
        Rendered r = plan(plan);
        if (plan.note() == null) {
            return r;
        }
        ((ObjectNode) r.json()).put("note", plan.note());
        return new Rendered(r.text() + "\n(" + plan.note() + ")", r.json());
    }

    private static Rendered plan(QueryResult plan) {
        int id = column(plan, "id");
        int parent = column(plan, "parent");
        int detail = column(plan, "detail");
        ObjectNode json = CompactJson.object();
        if (id >= 0 && parent >= 0 && detail >= 0) {
            return tree(plan, id, parent, detail, json);
        }
        StringBuilder text = new StringBuilder();
        ArrayNode lines = json.putArray("plan");
        for (List<Object> row : plan.rows()) {
            String line = String.valueOf(row.get(row.size() - 1));
            lines.add(line);
            text.append(text.length() == 0 ? "" : "\n").append(line);
        }
        return new Rendered(text.toString(), json);
    }

    private static int column(QueryResult plan, String name) {
        for (int i = 0; i < plan.columns().size(); i++) {
            if (plan.columns().get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private static Rendered tree(QueryResult plan, int idCol, int parentCol, int detailCol, ObjectNode json) {
        Map<Long, List<List<Object>>> children = new LinkedHashMap<>();
        for (List<Object> row : plan.rows()) {
            children.computeIfAbsent(number(row.get(parentCol)), k -> new ArrayList<>())
                    .add(row);
        }
        StringBuilder text = new StringBuilder("QUERY PLAN");
        ArrayNode roots = json.putArray("plan");
        walk(children, 0L, "", idCol, detailCol, text, roots);
        return new Rendered(text.toString(), json);
    }

    private static void walk(
            Map<Long, List<List<Object>>> children,
            long parent,
            String prefix,
            int idCol,
            int detailCol,
            StringBuilder text,
            ArrayNode out) {
        List<List<Object>> rows = children.getOrDefault(parent, List.of());
        for (int i = 0; i < rows.size(); i++) {
            List<Object> row = rows.get(i);
            boolean last = i == rows.size() - 1;
            String detail = String.valueOf(row.get(detailCol));
            text.append('\n').append(prefix).append(last ? "`--" : "|--").append(detail);
            ObjectNode node = out.addObject();
            node.put("detail", detail);
            long id = number(row.get(idCol));
            if (id != parent && children.containsKey(id)) {
                walk(children, id, prefix + (last ? "   " : "|  "), idCol, detailCol, text, node.putArray("children"));
            }
        }
    }

    private static long number(Object v) {
        return v instanceof Number ? ((Number) v).longValue() : Long.parseLong(String.valueOf(v));
    }
}
