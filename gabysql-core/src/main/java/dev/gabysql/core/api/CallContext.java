package dev.gabysql.core.api;

/**
 * Who is calling and with what cap: the front end ("mcp", "http", "cli"), the client's name for the audit log,
 * the caller's maximum mode (an HTTP token may carry one; null means no cap), a handle to cancel the call, and the
 * name of the token the caller authenticated with (null when none), which labels its database sessions.
 */
public record CallContext(String frontEnd, String client, Mode callerCap, Cancellation cancellation, String token) {

    public static CallContext of(String frontEnd) {
        return new CallContext(frontEnd, null, null, new Cancellation(), null);
    }

    public CallContext withCancellation(Cancellation c) {
        return new CallContext(frontEnd, client, callerCap, c, token);
    }

    public CallContext withClient(String name) {
        return new CallContext(frontEnd, name, callerCap, cancellation, token);
    }

    public CallContext withCallerCap(Mode cap) {
        return new CallContext(frontEnd, client, cap, cancellation, token);
    }

    /** The context of a caller who authenticated with the token named {@code name} (never its secret). */
    public CallContext withToken(String name) {
        return new CallContext(frontEnd, client, callerCap, cancellation, name);
    }
}
