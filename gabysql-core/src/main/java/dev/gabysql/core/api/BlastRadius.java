package dev.gabysql.core.api;

import java.util.List;

/**
 * Everything a write changed, table by table, as its preview saw it inside the rolled-back transaction: the
 * statement's own rows, foreign-key cascades and what triggers did (docs/design.md#writes-preview-and-confirm).
 *
 * @param tables    each table the write reached, the statement's own first
 * @param uncounted what this engine could not count, in a sentence; null when everything was counted
 */
public record BlastRadius(List<TableChange> tables, String uncounted) {
    public BlastRadius {
        tables = List.copyOf(tables);
    }

    /** The one-line form: {@code customers −1, orders −3 (cascade), audit +1 (trigger)}. */
    public String summary() {
        StringBuilder s = new StringBuilder();
        for (TableChange t : tables) {
            if (t.unchanged() && t.cause() != TableChange.Cause.STATEMENT) {
                continue;
            }
            if (s.length() > 0) {
                s.append(", ");
            }
            s.append(t.summary());
        }
        return s.toString();
    }

    /**
     * The counts in a canonical form that the confirm token binds: the commit must change the same tables by the
     * same counts (docs/design.md#writes-preview-and-confirm).
     */
    public String canonical() {
        StringBuilder s = new StringBuilder();
        tables.stream()
                .filter(t -> !t.unchanged())
                .map(t -> t.table() + ":" + t.inserted() + "/" + t.updated() + "/" + t.deleted())
                .sorted()
                .forEach(x -> s.append(x).append(';'));
        return s.toString();
    }
}
