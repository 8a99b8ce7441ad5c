package dev.gabysql.core.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;

/**
 * One page of a DBA report (docs/dba.md): its findings, worst first, and what each check did.
 *
 * @param report     {@code health}, {@code top_queries} or {@code activity}
 * @param checks     every check the report ran or skipped, with why
 * @param findings   this page's findings
 * @param total      the findings of the whole report, on every page
 * @param nextCursor where the next page starts, or null on the last page
 */
public record HealthReport(
        String database,
        String report,
        List<HealthCheck> checks,
        List<Finding> findings,
        int total,
        String nextCursor) {

    public HealthReport {
        checks = List.copyOf(checks);
        findings = List.copyOf(findings);
    }

    /** A whole report, unpaged: what a dialect answers. */
    public static HealthReport of(String report, List<HealthCheck> checks, List<Finding> findings) {
        return new HealthReport(null, report, checks, findings, findings.size(), null);
    }

    /**
     * The findings from {@code offset}, at most {@code limit} of them, of {@code database}'s report; the worst first
     * when {@code bySeverity} (a stable sort: a check's own order is kept within a severity), as found otherwise (top
     * statements keep their ranking). {@code cursor} makes the next page's cursor from its offset.
     */
    public HealthReport page(
            String databaseName, int offset, int limit, boolean bySeverity, IntFunction<String> cursor) {
        List<Finding> all = new ArrayList<>(findings);
        if (bySeverity) {
            all.sort(Comparator.comparing(Finding::severity));
        }
        int from = Math.min(offset, all.size());
        int to = Math.min(all.size(), from + limit);
        return new HealthReport(
                databaseName,
                report,
                checks,
                all.subList(from, to),
                all.size(),
                to < all.size() ? cursor.apply(to) : null);
    }
}
