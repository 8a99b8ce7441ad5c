package dev.gabysql.core.api;

/**
 * Who is calling and with what cap: the front end ("mcp", "http", "cli"), the client's name for the audit log,
 * the caller's maximum mode (an HTTP token may carry one; null means no cap), a handle to cancel the call, and the
 * name of the token the caller authenticated with (null when none), which labels its database sessions, and who
 * approves the caller's writes when the caller's credential says so (an HTTP token for a trusted program, a person
 * at the shell's prompt: {@link ApprovalPolicy#AGENT}; null: the database's policy, docs/design.md#approval), and
 * who the caller is on each database ({@link CallerIdentity}: a role or a login of its own; null: gabysql's login,
 * docs/security.md#per-caller-database-roles).
 */
public record CallContext(
        String frontEnd,
        String client,
        Mode callerCap,
        Cancellation cancellation,
        String token,
        ApprovalPolicy approval,
        CallerIdentity identity) {

    public CallContext(String frontEnd, String client, Mode callerCap, Cancellation cancellation, String token) {
        this(frontEnd, client, callerCap, cancellation, token, null, null);
    }

    public static CallContext of(String frontEnd) {
        return new CallContext(frontEnd, null, null, new Cancellation(), null, null, null);
    }

    /** The context of a caller whose writes {@code policy} approves (null: the database's policy). */
    public CallContext withApproval(ApprovalPolicy policy) {
        return new CallContext(frontEnd, client, callerCap, cancellation, token, policy, identity);
    }

    public CallContext withCancellation(Cancellation c) {
        return new CallContext(frontEnd, client, callerCap, c, token, approval, identity);
    }

    public CallContext withClient(String name) {
        return new CallContext(frontEnd, name, callerCap, cancellation, token, approval, identity);
    }

    public CallContext withCallerCap(Mode cap) {
        return new CallContext(frontEnd, client, cap, cancellation, token, approval, identity);
    }

    /** The context of a caller who authenticated with the token named {@code name} (never its secret). */
    public CallContext withToken(String name) {
        return new CallContext(frontEnd, client, callerCap, cancellation, name, approval, identity);
    }

    /**
     * The context of the caller {@code who} (null: none): its name becomes the token's, and its database identity
     * decides the role or login of its sessions.
     */
    public CallContext withIdentity(CallerIdentity who) {
        return new CallContext(
                frontEnd, client, callerCap, cancellation, who == null ? token : who.name(), approval, who);
    }

    /** Who this caller is on database {@code db}: gabysql's login unless its identity says otherwise. */
    public DatabaseIdentity identityOn(String db) {
        return identity == null ? DatabaseIdentity.LOGIN : identity.on(db);
    }
}
