package dev.gabysql.core.dialect.postgres;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.IndexCandidates;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.CatalogQueries;
import dev.gabysql.core.json.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Index advice for one read on PostgreSQL (docs/dba.md#index-advice). The statement is planned, never run
 * ({@code EXPLAIN (FORMAT JSON)}, never ANALYZE); each scan that reads rows only to drop them (a sequential scan, an
 * index scan with a filter left over) gives the columns to try: its filter and index condition, and the join
 * conditions and sort keys that reach its table. With hypopg installed each candidate is created as a hypothetical
 * index — in the backend's memory only, nothing built or written, allowed in the read-only transaction — and the
 * statement planned again: a candidate is proposed only when the planner uses it and the cost falls. The backend then
 * holds state that no transaction end or connection reset clears, so the hypothetical indexes are dropped and the
 * connection is discarded rather than pooled. Without hypopg the candidates are a guess, labelled so. Stateless.
 */
final class PgIndexAdvisor {
    /** Scans that can carry a filter an index could take over. */
    private static final Set<String> SCANS = Set.of("Index Scan", "Index Only Scan", "Bitmap Heap Scan");
    /** Tables whose scans are looked at, the costliest first. */
    private static final int MAX_TABLES = 3;
    /** Candidates kept in the answer. */
    private static final int MAX_PROPOSED = 3;

    private PgIndexAdvisor() {}

    static IndexAdvice advise(CatalogQueries q, String sql) {
        JsonNode before = plan(q, "EXPLAIN (FORMAT JSON, VERBOSE) " + sql);
        double costBefore = before.path("Total Cost").asDouble();
        List<Scan> scans = new ArrayList<>();
        collect(before, List.of(), scans);
        scans.sort(Comparator.comparingDouble(Scan::cost).reversed());
        List<String> scanText = new ArrayList<>();
        Map<Scan, IndexCandidates> byScan = new LinkedHashMap<>();
        for (Scan s : scans.subList(0, Math.min(MAX_TABLES, scans.size()))) {
            scanText.add(s.describe());
            IndexCandidates c = s.columns();
            if (!c.isEmpty()) {
                byScan.put(s, c);
            }
        }
        List<String> notes = new ArrayList<>();
        if (scans.isEmpty()) {
            notes.add("no scan of the plan reads rows it then drops: no index to propose");
            return new IndexAdvice(null, "EXPLAIN", false, costBefore, scanText, List.of(), notes);
        }
        if (byScan.isEmpty()) {
            notes.add("no filter, join or sort of the scanned tables names a column an index could serve");
            return new IndexAdvice(null, "EXPLAIN", false, costBefore, scanText, List.of(), notes);
        }
        CatalogRow hypopg = CatalogRow.first(q.rows("SELECT quote_ident(n.nspname) AS schema FROM pg_extension e"
                + " JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'hypopg'"));
        if (hypopg == null) {
            notes.add("a guess from the plan: hypopg is not installed, so no candidate was planned; an admin runs"
                    + " CREATE EXTENSION hypopg (Debian: postgresql-NN-hypopg) to prove the gain");
            return new IndexAdvice(null, "guess from EXPLAIN", false, costBefore, scanText, guesses(byScan), notes);
        }
        q.discardSession(); // hypothetical indexes live in the backend, outside any transaction
        List<IndexAdvice.Candidate> proven = prove(q, sql, hypopg.text("schema"), byScan, costBefore);
        if (!proven.isEmpty()) {
            notes.add("CREATE INDEX CONCURRENTLY builds it without blocking writes (and runs without a preview)");
        }
        if (proven.isEmpty()) {
            notes.add("no candidate lowered the plan's cost: the planner keeps the scan (a small table, or a filter"
                    + " that keeps most rows)");
        }
        return new IndexAdvice(null, "hypopg", true, costBefore, scanText, proven, notes);
    }

    private static List<IndexAdvice.Candidate> prove(
            CatalogQueries q, String sql, String schema, Map<Scan, IndexCandidates> byScan, double costBefore) {
        List<IndexAdvice.Candidate> out = new ArrayList<>();
        try {
            for (Map.Entry<Scan, IndexCandidates> e : byScan.entrySet()) {
                for (List<String> columns : e.getValue().candidates()) {
                    if (q.cancelled()) {
                        return out;
                    }
                    IndexAdvice.Candidate c = tryOne(q, sql, schema, e.getKey().table(), columns);
                    if (c != null && c.costAfter() < costBefore) {
                        out.add(c);
                    }
                }
            }
        } finally {
            forget(q, "SELECT " + schema + ".hypopg_reset()");
        }
        out.sort(Comparator.comparingDouble(IndexAdvice.Candidate::costAfter)
                .thenComparingInt(c -> c.columns().size()));
        return List.copyOf(out.subList(0, Math.min(MAX_PROPOSED, out.size())));
    }

    private static IndexAdvice.Candidate tryOne(
            CatalogQueries q, String sql, String schema, String table, List<String> columns) {
        String create = "CREATE INDEX ON " + table + " (" + String.join(", ", columns) + ")";
        CatalogRow made = CatalogRow.first(q.rows(
                "SELECT indexrelid, indexname, " + schema + ".hypopg_relation_size(indexrelid) AS bytes FROM " + schema
                        + ".hypopg_create_index(?)",
                create));
        try {
            JsonNode after = plan(q, "EXPLAIN (FORMAT JSON) " + sql);
            String usedBy = user(after, made.text("indexname"));
            return usedBy == null
                    ? null
                    : new IndexAdvice.Candidate(
                            table, columns, create, after.path("Total Cost").asDouble(), made.number("bytes"), usedBy);
        } finally {
            forget(q, "SELECT " + schema + ".hypopg_drop_index(?)", made.number("indexrelid"));
        }
    }

    /**
     * Drops hypothetical indexes; a failure here (the transaction already aborted) changes nothing, since the
     * connection is discarded anyway, and must not hide the failure that came first.
     */
    private static void forget(CatalogQueries q, String sql, Object... params) {
        try {
            q.rows(sql, params);
        } catch (GabyException e) {
            // the discarded connection takes them along
        }
    }

    private static List<IndexAdvice.Candidate> guesses(Map<Scan, IndexCandidates> byScan) {
        List<IndexAdvice.Candidate> out = new ArrayList<>();
        for (Map.Entry<Scan, IndexCandidates> e : byScan.entrySet()) {
            List<String> columns = e.getValue().candidates().get(0);
            String table = e.getKey().table();
            out.add(new IndexAdvice.Candidate(
                    table,
                    columns,
                    "CREATE INDEX ON " + table + " (" + String.join(", ", columns) + ")",
                    null,
                    null,
                    null));
        }
        return out;
    }

    /** The root plan node of an EXPLAIN (FORMAT JSON). */
    private static JsonNode plan(CatalogQueries q, String explain) {
        CatalogRow r = CatalogRow.first(q.rows(explain));
        String text = r == null ? null : String.valueOf(r.value("QUERY PLAN"));
        try {
            return Json.MAPPER.readTree(text).path(0).path("Plan");
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new GabyException(ErrorCode.INTERNAL, "PostgreSQL's JSON plan could not be read: " + e.getMessage());
        }
    }

    /** The node that scans with {@code index}, as {@code Index Scan on public.orders}, or null. */
    private static String user(JsonNode node, String index) {
        if (index.equals(node.path("Index Name").asText(null))) {
            String relation = node.path("Relation Name").asText(null);
            return node.path("Node Type").asText() + (relation == null ? "" : " on " + relation);
        }
        for (JsonNode child : node.path("Plans")) {
            String found = user(child, index);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /**
     * Every scan under {@code node} that reads rows only to drop them — a sequential scan, or an index scan with a
     * filter left over — with its index condition and the join conditions and sort keys of the nodes above it.
     */
    private static void collect(JsonNode node, List<String> above, List<Scan> out) {
        List<String> conditions = new ArrayList<>(above);
        for (String key : List.of("Hash Cond", "Merge Cond", "Join Filter")) {
            if (node.hasNonNull(key)) {
                conditions.add(node.get(key).asText());
            }
        }
        for (JsonNode k : node.path("Sort Key")) {
            conditions.add("ORDER " + k.asText());
        }
        String type = node.path("Node Type").asText();
        boolean wasteful = type.equals("Seq Scan") || SCANS.contains(type) && node.hasNonNull("Filter");
        if (wasteful && node.hasNonNull("Relation Name")) {
            out.add(new Scan(
                    type,
                    quoteIfNeeded(node.path("Schema").asText("public")) + "."
                            + quoteIfNeeded(node.path("Relation Name").asText()),
                    node.path("Alias").asText(node.path("Relation Name").asText()),
                    node.path("Filter").asText(null),
                    node.path("Index Cond").asText(node.path("Recheck Cond").asText(null)),
                    conditions,
                    node.path("Total Cost").asDouble()));
        }
        for (JsonNode child : node.path("Plans")) {
            collect(child, conditions, out);
        }
    }

    /** A name as PostgreSQL writes it in SQL: bare when it is a plain lower-case identifier, quoted otherwise. */
    static String quoteIfNeeded(String name) {
        return name.matches("[a-z_][a-z0-9_$]*") ? name : '"' + name.replace("\"", "\"\"") + '"';
    }

    /** One scan of a plan that reads rows it does not keep. */
    private record Scan(
            String type,
            String table,
            String alias,
            String filter,
            String indexCond,
            List<String> conditions,
            double cost) {
        IndexCandidates columns() {
            Pattern ref = Pattern.compile("(?<![\\w\".])" + Pattern.quote(quoteIfNeeded(alias))
                    + "\\.(\"(?:[^\"]|\"\")+\"|[A-Za-z_][\\w$]*)");
            IndexCandidates c = new IndexCandidates();
            c.read(filter, ref, IndexCandidates.Use.EQUALITY);
            c.read(indexCond, ref, IndexCandidates.Use.EQUALITY);
            for (String cond : conditions) {
                if (cond.startsWith("ORDER ")) {
                    var m = ref.matcher(cond.substring(6).strip());
                    if (m.lookingAt()) {
                        c.ordered(m.group(1));
                    }
                } else {
                    c.read(cond, ref, IndexCandidates.Use.JOIN);
                }
            }
            return c;
        }

        String describe() {
            return type + " on " + table + " (cost " + Math.round(cost)
                    + (indexCond == null ? "" : ", index condition " + indexCond)
                    + (filter == null ? "" : ", filter " + filter) + ")";
        }
    }
}
