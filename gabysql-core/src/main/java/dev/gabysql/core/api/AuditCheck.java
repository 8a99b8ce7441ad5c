package dev.gabysql.core.api;

/**
 * The result of checking the audit log's hash chain ({@code gabysql audit verify}): ok with the number of chained
 * and older, unchained lines; or the first line that was edited, removed, inserted or reordered, and what is wrong
 * with it.
 */
public record AuditCheck(boolean ok, long lines, long legacyLines, Long line, String problem) {}
