package dev.gabysql.core.introspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.Finding;
import dev.gabysql.core.api.HealthCheck;
import dev.gabysql.core.api.HealthReport;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.internal.Texts;
import dev.gabysql.core.json.JsonTrees;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A DBA report as compact text and its JSON twin (docs/dba.md): the findings of one page, worst first (health) or
 * in their ranking (top statements, sessions as a blocking tree), each with its evidence and fix; then what every
 * check did; then the cursor of the next page. Long texts (a statement) are cut, so a page stays within budget
 * whatever the catalog holds. Stateless.
 */
public final class HealthPresenter {
    /** A finding's summary keeps at most this much in the text (its facts keep the whole statement). */
    private static final int SUMMARY_CHARS = 400;
    /** A statement in a finding's facts keeps at most this much. */
    private static final int QUERY_CHARS = 1_000;

    private HealthPresenter() {}

    /** Where a report's page starts: 0 without a cursor; a cursor of another report is refused. */
    public static int offset(String cursor, String database, String report, Object order) {
        return PageCursor.decode(cursor, fingerprint(database, report, order));
    }

    /**
     * One page of {@code whole}, {@code database}'s report: from {@code offset}, {@code limit} findings, sorted by
     * severity for the health report and in the dialect's order otherwise.
     */
    public static Rendered page(HealthReport whole, String database, Object order, int offset, int limit) {
        String print = fingerprint(database, whole.report(), order);
        HealthReport page = whole.page(
                database, offset, limit, whole.report().equals("health"), next -> PageCursor.encode(next, print));
        return render(page, offset);
    }

    private static String fingerprint(String database, String report, Object order) {
        return Integer.toHexString(Objects.hash("health", database, report, String.valueOf(order)));
    }

    static Rendered render(HealthReport r, int offset) {
        StringBuilder text = new StringBuilder(headline(r, offset));
        ObjectNode json = JsonTrees.object();
        json.put("database", r.database());
        json.put("report", r.report());
        json.put("total", r.total());
        ArrayNode findings = json.putArray("findings");
        int n = offset;
        for (Finding f : r.findings()) {
            n++;
            text.append('\n').append(line(f, n, r.report().equals("health")));
            findings.add(json(f));
        }
        ArrayNode checks = json.putArray("checks");
        for (HealthCheck c : r.checks()) {
            ObjectNode o = checks.addObject();
            o.put("name", c.name());
            o.put("status", c.status());
            if (c.found() > 0) {
                o.put("found", c.found());
            }
            JsonTrees.putIfNotNull(o, "note", c.note());
        }
        text.append(checksText(r.checks()));
        if (r.nextCursor() != null) {
            String shown = "Shown: findings " + (offset + 1) + "-"
                    + (offset + r.findings().size()) + " of " + r.total() + ".";
            String hint = "Continue with cursor \"" + r.nextCursor() + "\".";
            text.append("\n(").append(shown).append(' ').append(hint).append(')');
            json.put("truncated", true);
            json.put("next_cursor", r.nextCursor());
            json.put("note", shown + " " + hint);
        }
        return new Rendered(text.toString(), json);
    }

    private static String headline(HealthReport r, int offset) {
        String what = r.report().replace('_', ' ');
        if (r.total() == 0) {
            return what + " of `" + r.database() + "`: nothing found";
        }
        Map<Finding.Severity, Integer> counts = new EnumMap<>(Finding.Severity.class);
        for (Finding f : r.findings()) {
            counts.merge(f.severity(), 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((s, k) -> parts.add(k + " " + s.name().toLowerCase(Locale.ROOT)));
        return what + " of `" + r.database() + "`: " + r.total() + (r.total() == 1 ? " finding" : " findings")
                + (r.findings().size() < r.total()
                        ? " (this page: " + String.join(", ", parts) + ")"
                        : " (" + String.join(", ", parts) + ")")
                + (r.report().equals("health") ? ", the worst first" : "");
    }

    /** One finding; a report of one check (top statements, sessions) leaves the check's name out. */
    private static String line(Finding f, int n, boolean named) {
        int depth =
                f.facts().get("depth") instanceof Number ? ((Number) f.facts().get("depth")).intValue() : 0;
        StringBuilder sb = new StringBuilder()
                .append("  ".repeat(Math.min(depth, 8)))
                .append(n)
                .append(". [")
                .append(f.severity().name().toLowerCase(Locale.ROOT))
                .append("] ")
                .append(named ? f.check() + " " : "")
                .append(Texts.cut(f.object(), 200, "…"))
                .append(": ")
                .append(Texts.cut(f.summary(), SUMMARY_CHARS, "…"));
        if (f.fix() != null) {
            sb.append("\n   fix: ").append(f.fix());
        }
        if (f.fixNote() != null) {
            sb.append(f.fix() != null ? " — " : "\n   next: ").append(f.fixNote());
        }
        return sb.toString();
    }

    private static ObjectNode json(Finding f) {
        ObjectNode o = JsonTrees.object();
        o.put("check", f.check());
        o.put("severity", f.severity().name().toLowerCase(Locale.ROOT));
        o.put("object", f.object());
        o.put("summary", f.summary());
        ObjectNode facts = o.putObject("facts");
        f.facts()
                .forEach((k, v) -> facts.set(
                        k, JsonTrees.node(v instanceof String ? Texts.cut((String) v, QUERY_CHARS, "…") : v)));
        JsonTrees.putIfNotNull(o, "fix", f.fix());
        JsonTrees.putIfNotNull(o, "fix_note", f.fixNote());
        return o;
    }

    /** {@code checks: 9 ok; found: dead_tuples 2; skipped: replication (why)}. */
    private static String checksText(List<HealthCheck> checks) {
        int ok = 0;
        List<String> found = new ArrayList<>();
        List<String> other = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (HealthCheck c : checks) {
            switch (c.status()) {
                case HealthCheck.OK:
                    ok++;
                    break;
                case HealthCheck.FOUND:
                    found.add(c.name() + " " + c.found());
                    break;
                default:
                    other.add(c.status() + ": " + c.name() + " (" + c.note() + ")");
                    continue;
            }
            if (c.note() != null) {
                notes.add(c.name() + ": " + c.note());
            }
        }
        StringBuilder sb = new StringBuilder("\nchecks: ").append(ok).append(" ok");
        if (!found.isEmpty()) {
            sb.append("; found: ").append(String.join(", ", found));
        }
        other.forEach(o -> sb.append("\n").append(o));
        notes.forEach(n -> sb.append("\nnote: ").append(n));
        return sb.toString();
    }
}
