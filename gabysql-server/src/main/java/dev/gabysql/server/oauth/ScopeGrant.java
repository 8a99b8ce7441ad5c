package dev.gabysql.server.oauth;

import dev.gabysql.core.api.Mode;

/**
 * What an OAuth scope grants: what a configured token carries (docs/configuration.md#oauth) — a mode cap, or the
 * approver's role (a person's credential that approves writes and runs nothing else, docs/design.md#approval).
 */
public enum ScopeGrant {
    READONLY(Mode.READONLY),
    READWRITE(Mode.READWRITE),
    ADMIN(Mode.ADMIN),
    APPROVER(null);

    private final Mode mode;

    ScopeGrant(Mode mode) {
        this.mode = mode;
    }

    /** The mode cap this scope grants, or null for the approver's role. */
    public Mode mode() {
        return mode;
    }

    /** {@code readonly}, {@code readwrite}, {@code admin} or {@code approver} (as written in gabysql.toml). */
    public static ScopeGrant parse(String word) {
        return word == null ? null : valueOf(word.toUpperCase(java.util.Locale.ROOT));
    }
}
