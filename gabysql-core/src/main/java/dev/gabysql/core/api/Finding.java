package dev.gabysql.core.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One thing a DBA report found (docs/dba.md): what, how bad, the evidence, and the fix.
 *
 * @param check    the check that found it, e.g. {@code dead_tuples}
 * @param severity how urgent it is; reports list the worst first
 * @param object   what it is about: a table, an index, a session ({@code pid 4242}), a statement
 * @param summary  the evidence in one sentence
 * @param facts    the evidence as numbers and names, in a stable order (nulls left out)
 * @param fix      the SQL that fixes it, or null when the fix is not one statement
 * @param fixNote  how the fix runs (the mode it needs, whether it can be previewed) and what to mind, or null
 */
public record Finding(
        String check,
        Severity severity,
        String object,
        String summary,
        Map<String, Object> facts,
        String fix,
        String fixNote) {

    /** How urgent a finding is, the worst first. */
    public enum Severity {
        /** Acts soon or the database stops serving (wraparound, a sequence at its end, sessions blocked). */
        CRITICAL,
        /** Costs time or space now (bloat, a missing index, a long transaction). */
        WARNING,
        /** Worth knowing (an unused index, statistics, the heaviest statements). */
        INFO
    }

    public Finding {
        Map<String, Object> kept = new LinkedHashMap<>();
        if (facts != null) {
            facts.forEach((k, v) -> {
                if (v != null) {
                    kept.put(k, v);
                }
            });
        }
        facts = Collections.unmodifiableMap(kept);
    }

    public Finding withFixNote(String note) {
        return new Finding(check, severity, object, summary, facts, fix, note);
    }
}
