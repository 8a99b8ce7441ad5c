package dev.gabysql.core.error;

import dev.gabysql.core.internal.Texts;

/**
 * The one unchecked exception gabysql throws across its layers. It carries a stable {@link ErrorCode}, a message
 * that is safe to show (no password, no stack trace, SQL cut to about 1 KB) and a hint saying what to do instead.
 * Front ends render it; they never print the cause chain.
 */
public final class GabyException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final int MAX_MESSAGE = 1024;

    private final ErrorCode code;
    private final String hint;
    private final String sqlState;
    private final Action action;

    public GabyException(ErrorCode code, String message) {
        this(code, message, null, null, null);
    }

    public GabyException(ErrorCode code, String message, String hint) {
        this(code, message, hint, null, null);
    }

    /** A refusal whose way out is an action each front end words itself. */
    public GabyException(ErrorCode code, String message, String hint, Action action) {
        this(code, message, hint, null, null, action);
    }

    public GabyException(ErrorCode code, String message, String hint, String sqlState, Throwable cause) {
        this(code, message, hint, sqlState, cause, null);
    }

    private GabyException(
            ErrorCode code, String message, String hint, String sqlState, Throwable cause, Action action) {
        super(cut(message), cause, false, false);
        this.code = code;
        this.hint = hint == null ? code.defaultHint() : hint;
        this.sqlState = sqlState;
        this.action = action != null ? action : hint == null ? code.defaultAction() : null;
    }

    public ErrorCode code() {
        return code;
    }

    /** What to do instead, in neutral words. */
    public String hint() {
        return hint;
    }

    /** What to do instead as an action a front end words in its own terms, or null. */
    public Action action() {
        return action;
    }

    /** The SQLSTATE of the database error behind this one, or null. */
    public String sqlState() {
        return sqlState;
    }

    static String cut(String message) {
        if (message == null) {
            return "";
        }
        return Texts.cut(message, MAX_MESSAGE, "…");
    }
}
