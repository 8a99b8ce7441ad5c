package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.json.JsonTrees;
import java.util.Locale;

/**
 * A plan with its index advice (docs/dba.md#index-advice): the plan as {@link PlanRenderer} shows it, then each
 * proposed index with the plan's cost before and after, or the guess labelled as one. Stateless.
 */
public final class AdvicePresenter {
    private AdvicePresenter() {}

    public static Rendered render(Rendered plan, IndexAdvice a) {
        StringBuilder text =
                new StringBuilder(plan.text()).append("\n\nindex advice (").append(a.method());
        text.append(a.proven() ? ": each cost is the planner's with the index in place, nothing built)" : ")");
        ObjectNode advice = JsonTrees.object();
        advice.put("method", a.method());
        advice.put("proven", a.proven());
        JsonTrees.putIfNotNull(advice, "cost_before", a.costBefore());
        advice.set("scans", JsonTrees.node(a.scans()));
        for (String scan : a.scans()) {
            text.append("\nscan: ").append(scan);
        }
        ArrayNode candidates = advice.putArray("candidates");
        int n = 0;
        for (IndexAdvice.Candidate c : a.candidates()) {
            text.append('\n').append(++n).append(". ").append(c.create());
            if (c.costAfter() != null && a.costBefore() != null) {
                text.append(" — cost ")
                        .append(cost(a.costBefore()))
                        .append(" → ")
                        .append(cost(c.costAfter()))
                        .append(" (")
                        .append(Math.round(100 * (c.costAfter() - a.costBefore()) / Math.max(a.costBefore(), 1e-9)))
                        .append("%)");
            }
            if (c.usedBy() != null) {
                text.append(", used by ").append(c.usedBy());
            }
            if (c.sizeBytes() != null) {
                text.append(", about ").append(size(c.sizeBytes()));
            }
            ObjectNode o = candidates.addObject();
            o.put("table", c.table());
            o.set("columns", JsonTrees.node(c.columns()));
            o.put("create", c.create());
            JsonTrees.putIfNotNull(o, "cost_after", c.costAfter());
            JsonTrees.putIfNotNull(o, "size_bytes", c.sizeBytes());
            JsonTrees.putIfNotNull(o, "used_by", c.usedBy());
        }
        if (!a.candidates().isEmpty()) {
            text.append("\nbuild one with DDL in admin mode");
        }
        for (String note : a.notes()) {
            text.append("\nnote: ").append(note);
        }
        advice.set("notes", JsonTrees.node(a.notes()));
        ObjectNode json = plan.json() == null ? JsonTrees.object() : ((ObjectNode) plan.json()).deepCopy();
        json.set("advice", advice);
        return new Rendered(text.toString(), json);
    }

    private static String cost(double c) {
        return c >= 100 ? String.format(Locale.ROOT, "%,.0f", c) : String.format(Locale.ROOT, "%.2f", c);
    }

    private static String size(long bytes) {
        return bytes >= 1 << 20
                ? String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0)
                : String.format(Locale.ROOT, "%.0f kB", Math.ceil(bytes / 1024.0));
    }
}
