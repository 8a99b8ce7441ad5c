package dev.gabysql.core.service;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.StatementInfo;
import dev.gabysql.core.guard.InspectedStatement;

/**
 * The guard's reading of a statement ({@link InspectedStatement}) as the API's {@link StatementInfo}: what a front
 * end needs to choose its call, without the guard's types. Stateless.
 */
final class StatementInfos {
    private StatementInfos() {}

    /** One of gabysql's meta-commands: a read, answered from the catalog. */
    static StatementInfo meta(String command, Mode effectiveMode) {
        return new StatementInfo(StatementInfo.Kind.META, command, Mode.READONLY, effectiveMode, false, false);
    }

    static StatementInfo of(InspectedStatement s, Mode effectiveMode) {
        StatementInfo.Kind kind = kindOf(s);
        Mode needed = kind == StatementInfo.Kind.REFUSED ? null : s.minimumMode();
        boolean read = kind == StatementInfo.Kind.READ;
        return new StatementInfo(
                kind, s.command(), needed, effectiveMode, !read && s.transactional(), s.unboundedWrite());
    }

    private static StatementInfo.Kind kindOf(InspectedStatement s) {
        switch (s.kind()) {
            case READ:
                return s.isPureRead() ? StatementInfo.Kind.READ : StatementInfo.Kind.READ_WITH_EFFECTS;
            case DML:
                return StatementInfo.Kind.DATA_CHANGE;
            case DDL:
                return StatementInfo.Kind.SCHEMA_CHANGE;
            case UTILITY:
                return StatementInfo.Kind.MAINTENANCE;
            default:
                return StatementInfo.Kind.REFUSED;
        }
    }
}
