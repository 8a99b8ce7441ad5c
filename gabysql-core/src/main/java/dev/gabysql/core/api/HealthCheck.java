package dev.gabysql.core.api;

/**
 * What one check of a DBA report did, so that a report never hides what it could not look at (docs/dba.md).
 *
 * @param name   the check, e.g. {@code dead_tuples}; the findings it made carry the same name
 * @param status {@code ok} (ran, found nothing), {@code found} (ran, found {@code found} things), {@code skipped}
 *               (could not run: a privilege or an extension is missing, or the engine has no such thing) or
 *               {@code failed} (the engine refused the catalog query; the note has its message)
 * @param found  how many findings it made
 * @param note   why it was skipped or failed, or what it could not see (another role's sessions), or null
 */
public record HealthCheck(String name, String status, int found, String note) {
    public static final String OK = "ok";
    public static final String FOUND = "found";
    public static final String SKIPPED = "skipped";
    public static final String FAILED = "failed";
}
