package dev.gabysql.core.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * A write that waits for a person, with everything the person approves: the database, the exact SQL and parameters,
 * the mode, the blast radius and sample rows of its preview, who asked, and what happened to it
 * (docs/design.md#approval). Stored until it expires; decided once.
 *
 * @param id             the approval id ({@code apr_…}): it names the write, it approves nothing
 * @param db             the database
 * @param sql            the statement
 * @param params         its parameters
 * @param allowFullTable the caller allowed a full-table change
 * @param mode           the effective mode the preview ran under
 * @param rehearsed      false when the write cannot be rehearsed: approving runs it without a preview
 * @param affectedRows   rows the preview affected
 * @param evidence       what the commit must match (the preview's counts per table and row digest)
 * @param blastRadius    the preview's rows per table, or null for a write that was not rehearsed
 * @param sample         sample rows of the preview, or null
 * @param notes          the preview's notes (or why it cannot be rehearsed)
 * @param frontEnd       the front end the agent called through
 * @param client         the agent's name or token, as its front end knows it
 * @param createdAt      ISO-8601
 * @param expiresAt      ISO-8601: after it the write can no longer be approved
 * @param state          where it stands
 * @param decidedBy      who decided (the approver's name), or null
 * @param via            how: "elicitation", "terminal", "http", "console", or null
 * @param committedRows  rows the commit affected, or null
 * @param message        what the decision led to, in a sentence, or null
 * @param runAs          who the preview ran as on the database when not gabysql's login (a role, a user; never a
 *                       password), so that the commit runs as the same (docs/security.md#per-caller-database-roles);
 *                       null: gabysql's login
 */
public record PendingWrite(
        String id,
        String db,
        String sql,
        List<Object> params,
        boolean allowFullTable,
        Mode mode,
        boolean rehearsed,
        long affectedRows,
        String evidence,
        BlastRadius blastRadius,
        QueryResult sample,
        List<String> notes,
        String frontEnd,
        String client,
        String createdAt,
        String expiresAt,
        State state,
        String decidedBy,
        String via,
        Long committedRows,
        String message,
        @JsonProperty("run_as") DatabaseIdentity runAs) {

    public PendingWrite {
        params = params == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(params));
        notes = notes == null ? List.of() : List.copyOf(notes);
        runAs = runAs == null || runAs.isLogin() ? null : runAs.withoutPassword();
    }

    /** Where a pending write stands. */
    public enum State {
        PENDING,
        /** A person approved it and its commit is running. */
        APPROVED,
        COMMITTED,
        REJECTED,
        EXPIRED,
        /** Approved, but the data changed since the preview: nothing was committed. */
        CHANGED,
        /** Approved, but the commit failed: nothing was committed. */
        FAILED;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static State parse(String label) {
            return valueOf(label.toUpperCase(Locale.ROOT));
        }

        public boolean open() {
            return this == PENDING;
        }
    }

    /** The same write, decided. */
    public PendingWrite decided(State s, String by, String how, Long rows, String what) {
        return new PendingWrite(
                id,
                db,
                sql,
                params,
                allowFullTable,
                mode,
                rehearsed,
                affectedRows,
                evidence,
                blastRadius,
                sample,
                notes,
                frontEnd,
                client,
                createdAt,
                expiresAt,
                s,
                by,
                how,
                rows,
                what,
                runAs);
    }
}
