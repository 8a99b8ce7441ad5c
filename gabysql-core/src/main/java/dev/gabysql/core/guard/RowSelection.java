package dev.gabysql.core.guard;

import java.util.List;

/**
 * The rows a single-table UPDATE or DELETE is about to change, as a SELECT of its target with its own WHERE (and
 * ORDER BY / LIMIT): what a preview binds on engines without RETURNING (docs/design.md#writes-preview-and-confirm).
 *
 * @param sql        {@code SELECT * FROM <target> <WHERE …>}, as the statement wrote them
 * @param skipParams how many of the statement's parameters come before its WHERE (those of SET), which the SELECT
 *                   does not take
 */
public record RowSelection(String sql, int skipParams) {
    /** The statement's parameters that the SELECT takes. */
    public List<Object> params(List<Object> statementParams) {
        return statementParams.subList(Math.min(skipParams, statementParams.size()), statementParams.size());
    }
}
