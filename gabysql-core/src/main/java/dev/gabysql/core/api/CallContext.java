package dev.gabysql.core.api;

/**
 * Who is calling and with what cap: the front end ("mcp", "http", "cli"), the client's name for the audit log,
 * the caller's maximum mode (an HTTP token may carry one; null means no cap) and a handle to cancel the call.
 */
public record CallContext(String frontEnd, String client, Mode callerCap, Cancellation cancellation) {

    public static CallContext of(String frontEnd) {
        return new CallContext(frontEnd, null, null, new Cancellation());
    }

    public CallContext withCancellation(Cancellation c) {
        return new CallContext(frontEnd, client, callerCap, c);
    }

    public CallContext withClient(String name) {
        return new CallContext(frontEnd, name, callerCap, cancellation);
    }

    public CallContext withCallerCap(Mode cap) {
        return new CallContext(frontEnd, client, cap, cancellation);
    }
}
