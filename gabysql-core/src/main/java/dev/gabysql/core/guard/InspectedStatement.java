package dev.gabysql.core.guard;

import java.util.List;

/**
 * One statement as the guard understood it.
 *
 * @param sql            the statement, trimmed, without its trailing semicolon
 * @param kind           what it does
 * @param command        the leading command words, upper case, e.g. "SELECT", "CREATE TABLE", "VACUUM"
 * @param hasWhere       UPDATE/DELETE only: a top-level WHERE clause is present
 * @param transactional  false when the statement cannot run inside a transaction (so cannot be previewed)
 * @param sideEffects    reasons a statement of kind READ is still not a pure read (side-effect functions,
 *                       FOR UPDATE, SELECT … INTO, writable CTEs, EXPLAIN ANALYZE); empty for a pure read
 */
public record InspectedStatement(
        String sql,
        StatementKind kind,
        String command,
        boolean hasWhere,
        boolean transactional,
        List<String> sideEffects) {

    public InspectedStatement {
        sideEffects = List.copyOf(sideEffects);
    }

    public boolean isPureRead() {
        return kind == StatementKind.READ && sideEffects.isEmpty();
    }
}
