package dev.gabysql.core.api;

import java.util.List;

/**
 * The result of an integrity check.
 *
 * @param ok       true when the engine found no problem
 * @param method   what was run, e.g. "PRAGMA integrity_check"
 * @param checked  what the check covered, in words
 * @param problems problems found (empty when ok)
 */
public record IntegrityReport(String database, boolean ok, String method, String checked, List<String> problems) {
    public IntegrityReport {
        problems = List.copyOf(problems);
    }

    public IntegrityReport withDatabase(String name) {
        return new IntegrityReport(name, ok, method, checked, problems);
    }
}
