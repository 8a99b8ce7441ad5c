package dev.gabysql.core.api;

import java.util.List;
import java.util.Map;

/**
 * One page of the audit log, newest first. Each event is the line's JSON members as written
 * (docs/design.md#audit-log) plus {@code line}, its line number in the file; {@code next} is the {@code before} of
 * the following page, or null when this page reached the start of the log.
 */
public record AuditPage(List<Map<String, Object>> events, Long next) {
    public AuditPage {
        events = List.copyOf(events);
    }
}
