package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.Action;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.Locale;

/**
 * Decides whether an inspected statement may run under a mode (docs/design.md#access-modes). The order of the checks
 * makes the refusal name the most fundamental rule: what no mode allows (transaction control, session changes,
 * unknown statements, file/OS access) first, then what the mode lacks, then the WHERE rule. Every refusal names
 * the rule and what to do instead. Stateless and thread-safe.
 */
public final class AccessPolicy {
    private AccessPolicy() {}

    /** For read calls (query, explain): only a pure read passes. */
    public static void requireRead(InspectedStatement s) {
        refuseWhatNoModeAllows(s);
        if (s.kind() != StatementKind.READ) {
            throw new GabyException(
                    ErrorCode.READ_ONLY,
                    "`" + s.command() + "` " + kindPhrase(s)
                            + ", and this call may only read (rule: read tools run pure reads only).");
        }
        for (SideEffect e : s.effects()) {
            throw new GabyException(
                    e.code(),
                    "`" + s.command() + "` is not a pure read: " + e.what()
                            + " (rule: read tools run pure reads only).");
        }
    }

    /**
     * A write call on a database whose effective mode is readonly is refused before the database is touched, and
     * before its statement is even read (docs/design.md#access-modes).
     */
    public static void requireWritable(String db, Mode mode) {
        if (!mode.allowsWrites()) {
            throw new GabyException(
                    ErrorCode.READ_ONLY,
                    "Database `" + db + "` is readonly for this call: writes are not allowed.",
                    "Reads need no write call; writes need a server started in mode readwrite (or admin) and a"
                            + " database that allows them.",
                    Action.READ);
        }
    }

    /** A write call carries a write: a pure read is sent to the read path instead. */
    public static void requireWrite(InspectedStatement s) {
        if (s.kind() == StatementKind.READ && s.isPureRead()) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "This statement only reads; the write call is for writes.",
                    "Run it as a read.",
                    Action.READ);
        }
    }

    /** For the write tool, under the effective mode of the call. */
    public static void authorizeWrite(InspectedStatement s, Mode mode, boolean allowFullTable) {
        if (mode == null || !mode.allowsWrites()) {
            throw new GabyException(
                    ErrorCode.READ_ONLY,
                    "The effective mode is readonly: no statement may write.",
                    "Run reads as reads.",
                    Action.READ);
        }
        refuseWhatNoModeAllows(s);
        Mode needed = s.kind().minimumMode();
        if (mode.compareTo(needed) < 0) {
            throw new GabyException(
                    ErrorCode.FORBIDDEN_BY_MODE,
                    "`" + s.command() + "` " + kindPhrase(s)
                            + ", which needs mode " + needed.label() + "; the effective mode is " + mode.label()
                            + " (rule: access modes).",
                    "Ask for a database whose maximum mode is " + needed.label()
                            + ", or leave this change to a person.");
        }
        for (SideEffect e : s.effects()) {
            if (!e.allowedIn(mode)) {
                throw new GabyException(
                        e.code(),
                        "`" + s.command() + "` is refused in mode " + mode.label() + ": " + e.what()
                                + " (rule: access modes; allowed from "
                                + e.allowedFrom().label() + ").");
            }
        }
        if (s.unboundedWrite() && !allowFullTable) {
            throw new GabyException(
                    ErrorCode.FULL_TABLE_WRITE,
                    "`" + s.command() + "` has no WHERE clause and"
                            + " would change every row (rule: no full-table UPDATE/DELETE by accident).");
        }
    }

    private static void refuseWhatNoModeAllows(InspectedStatement s) {
        switch (s.kind()) {
            case TRANSACTION_CONTROL:
                throw new GabyException(
                        ErrorCode.TRANSACTION_CONTROL,
                        "`" + s.command() + "` is transaction"
                                + " control, refused in every mode (rule: gabysql owns transactions; each call runs in"
                                + " its own).");
            case SESSION:
                throw new GabyException(
                        ErrorCode.SESSION_CHANGE,
                        "`" + s.command() + "` changes the session,"
                                + " refused in every mode (rule: session settings are gabysql's)" + because(s) + ".");
            case UNKNOWN:
                throw new GabyException(
                        ErrorCode.UNCLASSIFIABLE,
                        "The guard cannot classify `" + s.command() + "`" + because(s)
                                + "; unknown statements are refused (rule: fail closed).");
            default:
                break;
        }
        for (SideEffect e : s.effects()) {
            if (e.never()) {
                throw new GabyException(
                        e.code(),
                        "`" + s.command() + "` is refused in every mode: " + e.what() + " (rule: " + ruleOf(e.code())
                                + ").",
                        hintForNever(e));
            }
        }
    }

    private static String ruleOf(ErrorCode code) {
        switch (code) {
            case SESSION_CHANGE:
                return "session state is gabysql's and must not outlive the call";
            case UNCLASSIFIABLE:
                return "fail closed";
            default:
                return "no access to files, the OS, other servers, or state that outlives the call";
        }
    }

    private static String because(InspectedStatement s) {
        return s.effects().isEmpty() ? "" : ": " + s.effects().get(0).what();
    }

    private static String hintForNever(SideEffect e) {
        if (e.code() == ErrorCode.SIDE_EFFECT) {
            return "gabysql never lets SQL reach files, programs, other servers or state that outlives the call;"
                    + " do that outside gabysql, with the database's own tools.";
        }
        return null;
    }

    private static String kindPhrase(InspectedStatement s) {
        if (!s.effects().isEmpty() && s.effects().get(0).code() == ErrorCode.READ_ONLY) {
            return "writes: " + s.effects().get(0).what();
        }
        switch (s.kind()) {
            case DML:
                return "changes data";
            case DDL:
                return "changes the schema (DDL)";
            case UTILITY:
                return "is a maintenance statement";
            default:
                return "is a " + s.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " statement";
        }
    }
}
