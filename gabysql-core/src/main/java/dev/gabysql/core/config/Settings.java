package dev.gabysql.core.config;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.JdbcUrls;
import dev.gabysql.core.exec.Limits;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Server-wide settings: the server's mode, the default limits of a call, how long a schema stays cached, where
 * the audit log goes (null: no audit log), the key that signs confirm tokens (null: a random key per process;
 * required with a state database), how long a confirm token lives, the key that chains the audit log's lines (null:
 * the key file beside the log, docs/design.md#audit-log) and the gabysql command this process runs ({@code serve}, {@code mcp}, {@code sql}, …;
 * null when unknown), which labels its database sessions (docs/design.md#session-labels), who approves writes
 * and where pending writes wait (docs/design.md#approval), and the state database that replicas share for what must
 * happen once (a PostgreSQL JDBC URL; null: this process's memory and the approvals directory,
 * docs/design.md#shared-state). Immutable.
 */
public record Settings(
        Mode mode,
        Limits limits,
        Duration schemaTtl,
        Path auditLog,
        String confirmKey,
        Duration confirmTtl,
        String auditKey,
        String command,
        Approvals approvals,
        String state) {
    public static final Duration DEFAULT_CONFIRM_TTL = Duration.ofMinutes(5);
    public static final Settings DEFAULT = new Settings(Mode.READONLY, Limits.DEFAULT, Duration.ofSeconds(30), null);

    public Settings {
        mode = mode == null ? Mode.READONLY : mode;
        limits = limits == null ? Limits.DEFAULT : limits;
        schemaTtl = schemaTtl == null ? Duration.ofSeconds(30) : schemaTtl;
        confirmTtl = confirmTtl == null ? DEFAULT_CONFIRM_TTL : confirmTtl;
        approvals = approvals == null ? Approvals.DEFAULT : approvals;
        state = state == null || state.isBlank() ? null : state.strip();
    }

    /**
     * Who approves writes by default (a database or a caller's credential may say otherwise), where writes that wait
     * for a person are kept (a directory shared by the processes of one account: {@code gabysql mcp} asks, {@code
     * gabysql approve} answers), and how long they wait.
     */
    public record Approvals(ApprovalPolicy policy, Path store, Duration ttl) {
        public static final Duration DEFAULT_TTL = Duration.ofHours(1);
        public static final Approvals DEFAULT = new Approvals(ApprovalPolicy.HUMAN, null, DEFAULT_TTL);

        public Approvals {
            policy = policy == null ? ApprovalPolicy.HUMAN : policy;
            store = store == null ? defaultStore() : store;
            ttl = ttl == null ? DEFAULT_TTL : ttl;
        }

        /** ~/.gabysql/approvals. */
        public static Path defaultStore() {
            return Path.of(System.getProperty("user.home"), ".gabysql", "approvals");
        }
    }

    /** Settings whose single-use state stays in this process and the approvals directory. */
    public Settings(
            Mode mode,
            Limits limits,
            Duration schemaTtl,
            Path auditLog,
            String confirmKey,
            Duration confirmTtl,
            String auditKey,
            String command,
            Approvals approvals) {
        this(mode, limits, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, command, approvals, null);
    }

    /** Settings of a process that runs {@code gabysql <command>}, writes approved as the default says. */
    public Settings(
            Mode mode,
            Limits limits,
            Duration schemaTtl,
            Path auditLog,
            String confirmKey,
            Duration confirmTtl,
            String auditKey,
            String command) {
        this(mode, limits, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, command, null);
    }

    public Settings(Mode mode, Limits limits, Duration schemaTtl, Path auditLog) {
        this(mode, limits, schemaTtl, auditLog, null, null);
    }

    /** Settings whose audit log, if any, is keyed with the key file beside it. */
    public Settings(
            Mode mode, Limits limits, Duration schemaTtl, Path auditLog, String confirmKey, Duration confirmTtl) {
        this(mode, limits, schemaTtl, auditLog, confirmKey, confirmTtl, null);
    }

    /** Settings of a process whose command is unknown (its sessions are labelled by each call's front end). */
    public Settings(
            Mode mode,
            Limits limits,
            Duration schemaTtl,
            Path auditLog,
            String confirmKey,
            Duration confirmTtl,
            String auditKey) {
        this(mode, limits, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, null);
    }

    public Settings withMode(Mode m) {
        return new Settings(
                m, limits, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, command, approvals, state);
    }

    public Settings withLimits(Limits l) {
        return new Settings(mode, l, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, command, approvals, state);
    }

    public Settings withSchemaTtl(Duration ttl) {
        return new Settings(mode, limits, ttl, auditLog, confirmKey, confirmTtl, auditKey, command, approvals, state);
    }

    public Settings withAuditLog(Path path) {
        return new Settings(mode, limits, schemaTtl, path, confirmKey, confirmTtl, auditKey, command, approvals, state);
    }

    /** These settings for a process that runs {@code gabysql <command>}. */
    public Settings withCommand(String c) {
        return new Settings(mode, limits, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, c, approvals, state);
    }

    public Settings withApprovals(Approvals a) {
        return new Settings(mode, limits, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, command, a, state);
    }

    /**
     * These settings with confirm tokens and pending writes kept in the state database at {@code url}, shared by
     * every replica that names it (docs/design.md#shared-state); null keeps them in this process and the approvals
     * directory.
     */
    public Settings withState(String url) {
        return new Settings(
                mode, limits, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, command, approvals, url);
    }

    /** Where writes wait for a person, for messages: the state database (its password masked) or the directory. */
    public String approvalsPlace() {
        return state != null
                ? "the state database " + JdbcUrls.mask(state)
                : approvals.store().toString();
    }

    /** These settings with writes approved by {@code policy} by default. */
    public Settings withApproval(ApprovalPolicy policy) {
        return withApprovals(new Approvals(policy, approvals.store(), approvals.ttl()));
    }

    @Override
    public String toString() {
        return "Settings[mode=" + mode + ", limits=" + limits + ", schemaTtl=" + schemaTtl + ", auditLog="
                + auditLog + ", confirmKey=" + (confirmKey == null ? "random" : "***") + ", confirmTtl="
                + confirmTtl + ", auditKey=" + (auditKey == null ? "file" : "***") + ", command="
                + command + ", approvals=" + approvals + ", state=" + JdbcUrls.mask(state) + "]";
    }
}
