package dev.gabysql.core.guard;

import dev.gabysql.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the classifier found out about one statement (or one part of it) so far. Mutable, one per part. */
final class Analysis {
    StatementKind kind;
    String command;
    boolean hasWhere;
    boolean unboundedWrite;
    boolean transactional = true;
    boolean returning;
    RowSelection rowSelection;
    final List<String> writtenTables = new ArrayList<>();
    /** Why a preview could not rehearse the statement truthfully (docs/design.md#writes-preview-and-confirm). */
    private final List<String> noPreview = new ArrayList<>();

    private final Map<String, SideEffect> effects = new LinkedHashMap<>();

    private Analysis(StatementKind kind, String command) {
        this.kind = kind;
        this.command = command;
    }

    static Analysis of(StatementKind kind, String command) {
        return new Analysis(kind, command);
    }

    /** An UNKNOWN statement with the reason, so that the refusal can say what was not understood. */
    static Analysis unknown(String command, String why) {
        return new Analysis(StatementKind.UNKNOWN, command).effect(SideEffect.never(why, ErrorCode.UNCLASSIFIABLE));
    }

    Analysis effect(SideEffect e) {
        effects.putIfAbsent(e.what(), e);
        return this;
    }

    Analysis nonTransactional() {
        transactional = false;
        return this;
    }

    /** Something the statement does that no rollback undoes: it gets no preview. */
    Analysis noPreview(String why) {
        if (why != null && !noPreview.contains(why)) {
            noPreview.add(why);
        }
        return this;
    }

    Analysis writes(String table) {
        if (table != null && !writtenTables.contains(table)) {
            writtenTables.add(table);
        }
        return this;
    }

    /** Takes in a part (a CTE body, the statement under EXPLAIN ANALYZE): effects, writes and flags add up. */
    Analysis absorb(Analysis part) {
        part.effects.values().forEach(this::effect);
        part.writtenTables.forEach(this::writes);
        part.noPreview.forEach(this::noPreview);
        unboundedWrite |= part.unboundedWrite;
        transactional &= part.transactional;
        return this;
    }

    List<SideEffect> effects() {
        return new ArrayList<>(effects.values());
    }

    InspectedStatement toStatement(String sql) {
        List<SideEffect> list = effects();
        List<String> reasons = new ArrayList<>();
        list.forEach(e -> reasons.add(e.what()));
        List<String> blockers = new ArrayList<>();
        if (!transactional) {
            blockers.add("`" + command + "` cannot run inside a transaction (or commits one on its own), so no"
                    + " rollback could undo a rehearsal");
        }
        blockers.addAll(noPreview);
        return new InspectedStatement(
                sql,
                kind,
                command,
                hasWhere,
                transactional,
                reasons,
                list,
                unboundedWrite,
                writtenTables,
                returning,
                blockers,
                rowSelection);
    }
}
