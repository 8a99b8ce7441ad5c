package dev.gabysql.server.wire;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;

/**
 * Every failure over HTTP: {@code {"error": {"code", "message", "hint"}}} with the status of the code. Never a
 * stack trace, never a cause chain: only what {@link GabyException} already made safe to show.
 */
public record ErrorAnswer(Detail error) {

    /** The stable code, the message a person reads, what to do instead. */
    public record Detail(String code, String message, String hint) {}

    public static ErrorAnswer of(GabyException e) {
        return new ErrorAnswer(new Detail(e.code().name(), e.getMessage(), e.hint()));
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
        return new GabyException(code, error.message(), error.hint());
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
