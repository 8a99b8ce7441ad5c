package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;

/**
 * One statement as the guard understood it: what {@link AccessPolicy} decides on and what the executor runs.
 *
 * @param sql            the statement, trimmed, without its trailing semicolon and surrounding comments
 * @param kind           what it does
 * @param command        the leading command words, upper case, e.g. "SELECT", "CREATE TABLE", "VACUUM",
 *                       "WITH … DELETE", "EXPLAIN ANALYZE UPDATE"
 * @param hasWhere       UPDATE/DELETE only: a top-level WHERE clause is present
 * @param transactional  false when the statement cannot run inside a transaction (so cannot be previewed):
 *                       PostgreSQL VACUUM, … CONCURRENTLY, CREATE/DROP DATABASE/TABLESPACE; SQLite VACUUM;
 *                       every MariaDB DDL (it commits implicitly)
 * @param sideEffects    reasons a statement of kind READ is still not a pure read (the {@code what} of each
 *                       effect); empty for a pure read
 * @param effects        the same, with the mode each needs
 * @param unboundedWrite an UPDATE or DELETE, at top level or inside WITH, has no WHERE (refused unless
 *                       allow_full_table)
 * @param writtenTables  tables the statement writes to (INSERT/UPDATE/DELETE/MERGE targets, also in WITH), as
 *                       written in the SQL (quoted names unquoted)
 * @param returning      the top-level statement has a RETURNING clause
 * @param noPreview      why a preview could not rehearse the statement truthfully: it cannot run in a transaction,
 *                       or it does something no rollback undoes (a non-transactional function, maintenance that
 *                       moves counters in place, a function the guard does not know to be pure); empty when the
 *                       guard sees nothing against a preview (the dialect may still find something in the catalog,
 *                       docs/design.md#writes-preview-and-confirm)
 * @param rowSelection   a single-table UPDATE or DELETE: the SELECT of the rows it is about to change (for engines
 *                       without RETURNING); null otherwise
 */
public record InspectedStatement(
        String sql,
        StatementKind kind,
        String command,
        boolean hasWhere,
        boolean transactional,
        List<String> sideEffects,
        List<SideEffect> effects,
        boolean unboundedWrite,
        List<String> writtenTables,
        boolean returning,
        List<String> noPreview,
        RowSelection rowSelection) {

    public InspectedStatement {
        noPreview = List.copyOf(noPreview);
        effects = List.copyOf(effects);
        sideEffects = List.copyOf(sideEffects);
        writtenTables = List.copyOf(writtenTables);
    }

    /** The shape of the first version: each side effect is refused in every mode. */
    public InspectedStatement(
            String sql,
            StatementKind kind,
            String command,
            boolean hasWhere,
            boolean transactional,
            List<String> sideEffects) {
        this(
                sql,
                kind,
                command,
                hasWhere,
                transactional,
                sideEffects,
                neverEffects(sideEffects),
                false,
                List.of(),
                false,
                transactional ? List.of() : List.of("`" + command + "` cannot run inside a transaction"),
                null);
    }

    /** Whether a preview can rehearse the statement, as far as the guard sees. */
    public boolean previewable() {
        return noPreview.isEmpty();
    }

    public boolean isPureRead() {
        return kind == StatementKind.READ && sideEffects.isEmpty();
    }

    /** The lowest mode that could run the statement, or null when no mode may (the policy's answer). */
    public Mode minimumMode() {
        Mode base = kind.minimumMode();
        for (SideEffect e : effects) {
            if (e.never()) {
                return null;
            }
            base = base == null || e.allowedFrom().compareTo(base) <= 0 ? base : e.allowedFrom();
        }
        return base;
    }

    private static List<SideEffect> neverEffects(List<String> reasons) {
        List<SideEffect> out = new ArrayList<>();
        for (String r : reasons) {
            out.add(SideEffect.never(r, ErrorCode.SIDE_EFFECT));
        }
        return out;
    }
}
