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
    final List<String> writtenTables = new ArrayList<>();
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
        return new InspectedStatement(
                sql, kind, command, hasWhere, transactional, reasons, list, unboundedWrite, writtenTables, returning);
    }
}
