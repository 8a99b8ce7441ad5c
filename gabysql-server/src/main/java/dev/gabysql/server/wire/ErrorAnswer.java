package dev.gabysql.server.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gabysql.core.error.Action;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.Locale;

/**
 * Every failure over HTTP: {@code {"error": {"code", "message", "hint"}}} with the status of the code. Never a
 * stack trace, never a cause chain: only what {@link GabyException} already made safe to show.
 */
public record ErrorAnswer(Detail error) {

    /** The stable code, the message a person reads, what to do instead. */
    /**
     * The stable code, the message a person reads, what to do instead in HTTP terms, and that action by name
     * ({@link Action}, lower case) so that the gateway can word it for its own client.
     */
    public record Detail(
            String code,
            String message,
            String hint,
            @JsonInclude(JsonInclude.Include.NON_NULL) String action) {

        public Detail(String code, String message, String hint) {
            this(code, message, hint, null);
        }
    }

    public static ErrorAnswer of(GabyException e) {
        String action = e.action() == null ? null : e.action().name().toLowerCase(Locale.ROOT);
        return new ErrorAnswer(new Detail(e.code().name(), e.getMessage(), HttpWords.INSTANCE.hintOf(e), action));
    }

    /**
     * The exception this answer describes, for the gateway: same code, message and hint. A code this build does
     * not know (a newer server) keeps its name in the message and becomes INTERNAL.
     */
    public GabyException toException() {
        ErrorCode code = parse(error == null ? null : error.code());
        if (code == null) {
            String name = error == null ? "none" : error.code();
            return new GabyException(
                    ErrorCode.INTERNAL,
                    "The server answered with error code `" + name + "`: " + (error == null ? "" : error.message()),
                    error == null ? null : error.hint());
        }
        Action action = action(error.action());
        // The hint is in HTTP's words; where an action stands behind it, the gateway's front end words it anew
        // and the neutral hint of the code stands in for the HTTP one.
        return action == null
                ? new GabyException(code, error.message(), error.hint())
                : new GabyException(
                        code, error.message(), action == code.defaultAction() ? null : error.hint(), action);
    }

    private static Action action(String name) {
        if (name == null) {
            return null;
        }
        try {
            return Action.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null; // a newer server's action: its hint stands
        }
    }

    private static ErrorCode parse(String name) {
        if (name == null) {
            return null;
        }
        try {
            return ErrorCode.valueOf(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
