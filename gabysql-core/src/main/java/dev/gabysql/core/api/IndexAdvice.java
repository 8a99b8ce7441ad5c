package dev.gabysql.core.api;

import java.util.List;

/**
 * Indexes proposed for one read (docs/dba.md#index-advice). With {@code proven}, each candidate was created as a
 * hypothetical index (PostgreSQL's hypopg: nothing is built or written) and the statement planned again, so its cost
 * is the planner's; otherwise the candidates are a guess from the plan and the statement, labelled so.
 *
 * @param method     how the advice was made, e.g. {@code hypopg} or {@code guess from EXPLAIN}
 * @param proven     whether each candidate's cost was measured by the planner
 * @param costBefore the plan's total cost as it is, or null when the engine gives none
 * @param scans      the plan's full scans that the candidates address, e.g. {@code Seq Scan on public.orders}
 * @param candidates the proposed indexes, the best first (with {@code proven}, only those the planner used)
 * @param notes      what to know: why nothing was proposed, what was not tried
 */
public record IndexAdvice(
        String database,
        String method,
        boolean proven,
        Double costBefore,
        List<String> scans,
        List<Candidate> candidates,
        List<String> notes) {

    public IndexAdvice {
        scans = List.copyOf(scans);
        candidates = List.copyOf(candidates);
        notes = List.copyOf(notes);
    }

    public IndexAdvice withDatabase(String name) {
        return new IndexAdvice(name, method, proven, costBefore, scans, candidates, notes);
    }

    /**
     * One proposed index.
     *
     * @param table     the table, qualified as the engine names it
     * @param columns   its columns, in order
     * @param create    the statement that builds it (DDL: admin mode)
     * @param costAfter the plan's total cost with it, or null for a guess
     * @param sizeBytes its estimated size, or null when unknown
     * @param usedBy    the plan node that used it, e.g. {@code Index Scan on public.orders}, or null for a guess
     */
    public record Candidate(
            String table, List<String> columns, String create, Double costAfter, Long sizeBytes, String usedBy) {
        public Candidate {
            columns = List.copyOf(columns);
        }
    }
}
