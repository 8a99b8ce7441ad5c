package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;

/**
 * Something a statement does besides what its kind says: a side-effect function, a row lock, a writable CTE,
 * EXPLAIN ANALYZE running its statement, a file read. The policy allows it from {@code allowedFrom} up; null
 * means never, in any mode (file system and OS access, state that would outlive the call).
 *
 * @param what        a phrase naming it and why it matters, e.g. "`nextval()` advances a sequence"
 * @param allowedFrom the lowest mode that allows it, or null for never
 * @param code        the error code of a refusal
 */
public record SideEffect(String what, Mode allowedFrom, ErrorCode code) {

    public boolean allowedIn(Mode mode) {
        return allowedFrom != null && mode != null && mode.compareTo(allowedFrom) >= 0;
    }

    public boolean never() {
        return allowedFrom == null;
    }

    static SideEffect never(String what, ErrorCode code) {
        return new SideEffect(what, null, code);
    }

    static SideEffect from(Mode mode, String what, ErrorCode code) {
        return new SideEffect(what, mode, code);
    }
}
