package dev.gabysql.server;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallerIdentity;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * A bearer token the server accepts. An agent's token (any program that runs calls) may be capped to a mode (the
 * caller's cap: docs/design.md#access-modes) and may say who approves its writes ({@link ApprovalPolicy#AGENT}: a
 * trusted program whose confirm token commits). An approver's token belongs to a person: it only lists, approves and
 * rejects writes that wait for a person, and runs nothing, so that an agent holding its own token can never approve
 * (docs/design.md#approval). Only the SHA-256 digest of the secret is kept; presented tokens are digested too and
 * compared with {@link MessageDigest#isEqual}, so the comparison takes the same time whatever the secret's length or
 * content. An agent's token may name who its calls run as on the databases ({@link CallerIdentity}: a database role,
 * or a login of its own: docs/security.md#per-caller-database-roles). Immutable.
 */
public final class ApiToken {
    /** Same floor as {@code [[tokens]]} in gabysql.toml: a bearer secret must not be guessable. */
    public static final int MIN_SECRET_LENGTH = 16;

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /** Who holds the token. */
    public enum Role {
        /** Runs calls (SQL, schema, MCP), within its cap. */
        AGENT,
        /** Approves or rejects writes waiting for a person; runs nothing else. */
        APPROVER;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final byte[] digest;
    private final Mode cap;
    private final String label;
    private final Role role;
    private final ApprovalPolicy approval;
    private final CallerIdentity identity;

    private ApiToken(byte[] digest, Mode cap, String label, Role role, ApprovalPolicy approval) {
        this(digest, cap, label, role, approval, CallerIdentity.named(label));
    }

    private ApiToken(
            byte[] digest, Mode cap, String label, Role role, ApprovalPolicy approval, CallerIdentity identity) {
        this.digest = digest;
        this.cap = cap;
        this.label = label;
        this.role = role;
        this.approval = approval;
        this.identity = identity;
    }

    /**
     * An agent's token with its secret, its cap (null: none) and a label for logs and the audit trail (never the
     * secret).
     */
    public static ApiToken of(String secret, Mode cap, String label) {
        if (secret == null || secret.isBlank()) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Token " + label + ": the secret is empty.",
                    "Pass --token SECRET or --token SECRET:readonly with a long random secret.");
        }
        if (secret.length() < MIN_SECRET_LENGTH) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Token " + label + ": the secret is shorter than " + MIN_SECRET_LENGTH + " characters.",
                    "Use a long random secret, e.g. `openssl rand -hex 32`.");
        }
        return new ApiToken(sha256(secret), cap, label, Role.AGENT, null);
    }

    /** A person's token that approves or rejects pending writes and runs nothing else. */
    public static ApiToken approver(String secret, String label) {
        ApiToken t = of(secret, null, label);
        return new ApiToken(t.digest, null, label, Role.APPROVER, null);
    }

    /**
     * The credential a person's console session runs calls with after signing in with an approver's token
     * (docs/console.md#who-may-do-what): it has no secret a request could present (its digest is of random bytes),
     * no cap (the server's modes), and the database's approval, so the person's own writes wait for an approval as
     * everyone's do. Named like the token the person signed in with, so the audit log names the person.
     */
    public static ApiToken person(String label) {
        return withoutSecret(label, null, Role.AGENT);
    }

    /**
     * The credential of a caller whose access token an authorization server issued and gabysql verified
     * (docs/configuration.md#oauth): like a configured token with the cap or role its scopes grant, named for the
     * audit log after the token's subject, with no secret a request could present (the token itself is checked on
     * every request). Its writes follow the database's approval policy.
     */
    public static ApiToken issued(String label, Mode cap, Role role) {
        return withoutSecret(label, role == Role.APPROVER ? null : cap, role);
    }

    private static ApiToken withoutSecret(String label, Mode cap, Role role) {
        byte[] unguessable = new byte[32];
        RANDOM.nextBytes(unguessable);
        return new ApiToken(sha256(java.util.Base64.getEncoder().encodeToString(unguessable)), cap, label, role, null);
    }

    /**
     * This agent's token with its writes approved by {@code policy} ({@link ApprovalPolicy#AGENT}: its confirm token
     * commits; null: the database's policy). An approver's token runs no writes to approve.
     */
    public ApiToken withApproval(ApprovalPolicy policy) {
        if (role == Role.APPROVER && policy != null) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Token " + label + " is an approver's: it runs no writes, so it has no approval of its own.",
                    "Give the program its own token with approval = \"agent\".");
        }
        return new ApiToken(digest, cap, label, role, policy, identity);
    }

    /**
     * This token with its calls run as {@code who} says on the databases (its name stays the token's). An approver's
     * token runs no call itself: its identity is the one its person's console session runs calls with
     * ({@link #person}); a write it approves runs as the agent that asked for it.
     */
    public ApiToken withIdentity(CallerIdentity who) {
        return new ApiToken(
                digest, cap, label, role, approval, new CallerIdentity(label, who.everywhere(), who.databases()));
    }

    /** Who this token's calls run as on the databases (named as the token). */
    public CallerIdentity identity() {
        return identity;
    }

    /**
     * Parses {@code SECRET} or {@code SECRET:MODE} (as given to {@code --token}). The part after the last colon
     * is a cap only when it names a mode, so a secret may itself contain colons.
     */
    public static ApiToken parse(String spec, String label) {
        String secret = spec == null ? "" : spec;
        Mode cap = null;
        int colon = secret.lastIndexOf(':');
        if (colon >= 0 && Mode.parse(secret.substring(colon + 1)) != null) {
            cap = Mode.parse(secret.substring(colon + 1));
            secret = secret.substring(0, colon);
        }
        return of(secret, cap, label);
    }

    /** The most a call with this token may do, or null for no cap. */
    public Mode cap() {
        return cap;
    }

    public String label() {
        return label;
    }

    public Role role() {
        return role;
    }

    public boolean isApprover() {
        return role == Role.APPROVER;
    }

    /** Who approves this token's writes when the token says so, or null for the database's policy. */
    public ApprovalPolicy approval() {
        return approval;
    }

    /** Constant-time check of a presented digest against this token's. */
    public boolean matches(byte[] presentedDigest) {
        return MessageDigest.isEqual(digest, presentedDigest);
    }

    public static byte[] sha256(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
    }

    @Override
    public String toString() {
        return "ApiToken[" + label + (role == Role.APPROVER ? ", approver" : "")
                + (cap == null ? "" : ", cap " + cap.label())
                + (approval == null ? "" : ", approval " + approval.label()) + "]";
    }
}
