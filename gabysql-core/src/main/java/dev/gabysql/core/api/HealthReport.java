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
     * Only the named checks and their findings; every check when {@code names} is empty. A name the report has no
     * check of is a caller's mistake: BAD_REQUEST, with the names there are.
     */
    public HealthReport only(List<String> names) {
        if (names.isEmpty()) {
            return this;
        }
        List<String> known = checks.stream().map(HealthCheck::name).toList();
        List<String> unknown = names.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new dev.gabysql.core.error.GabyException(
                    dev.gabysql.core.error.ErrorCode.BAD_REQUEST,
                    "No check " + String.join(", ", unknown) + " in the " + report + " report.",
                    "Name checks from: " + String.join(", ", known) + ".");
        }
        List<Finding> kept =
                findings.stream().filter(f -> names.contains(f.check())).toList();
        List<HealthCheck> ran =
                checks.stream().filter(c -> names.contains(c.name())).toList();
        return new HealthReport(database, report, ran, kept, kept.size(), nextCursor);
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
