package dev.gabysql.core.guard;

import dev.gabysql.core.config.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;

/**
 * Decides whether an inspected statement may run under a mode. Every refusal names the rule and what to do instead.
 * PLACEHOLDER: replaced by the complete policy.
 */
public final class AccessPolicy {
    private AccessPolicy() {
    }

    /** For read tools: only a pure read passes. */
    public static void requireRead(InspectedStatement s) {
        if (!s.isPureRead()) {
            throw new GabyException(ErrorCode.READ_ONLY, "Only reads are allowed here; `" + s.command()
                    + "` is a " + s.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " statement.");
        }
    }

    /** For the write tool, under the effective mode of the call. */
    public static void authorizeWrite(InspectedStatement s, Mode mode, boolean allowFullTable) {
        if (s.kind() != StatementKind.DML || !mode.allowsWrites()) {
            throw new GabyException(ErrorCode.FORBIDDEN_BY_MODE, "Not allowed in mode " + mode.label() + ".");
        }
        if (!s.hasWhere() && !allowFullTable && !s.command().equals("INSERT")) {
            throw new GabyException(ErrorCode.FULL_TABLE_WRITE, s.command() + " without WHERE would touch every row.");
        }
    }
}
