package dev.gabysql.core.config;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.audit.AuditLog;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Merges the layers of configuration into {@link Settings}: a flag wins over the configuration file, which wins over
 * the environment, which wins over the built-in default (docs/configuration.md). Every front end that starts a
 * local service resolves its settings here, so that the order is written once; the layers come in already parsed
 * (the command line's flags, the file's {@code [server]} table, the environment). Stateless and thread-safe.
 */
public final class SettingsResolver {
    /** The environment variable that holds the key signing confirm tokens, when the file names none. */
    public static final String CONFIRM_KEY_ENV = "GABYSQL_CONFIRM_KEY";
    /** The environment variable that holds the key chaining the audit log's lines, when the file names none. */
    public static final String AUDIT_KEY_ENV = "GABYSQL_AUDIT_KEY";
    /** The environment variable that says who approves writes ({@code human} or {@code agent}), below the file. */
    public static final String APPROVAL_ENV = "GABYSQL_APPROVAL";
    /** The environment variable that names the tools an MCP server lists (comma-separated), below the file. */
    public static final String TOOLS_ENV = "GABYSQL_TOOLS";

    /**
     * The environment variable that names the state database replicas share (a PostgreSQL JDBC URL), below the flag
     * and the file (docs/design.md#shared-state).
     */
    public static final String STATE_ENV = "GABYSQL_STATE";

    private static final int DEFAULT_SCHEMA_TTL_SECONDS = 30;

    private SettingsResolver() {}

    /**
     * What the command line gave; null where a flag was not given.
     *
     * @param auditLog a path ({@code ~/} for the home directory), or {@code none} / {@code off} for no audit log
     * @param approval who approves writes by default (docs/design.md#approval)
     * @param approvalsDir where writes wait for a person ({@code ~/} for the home directory)
     * @param state the state database replicas share, a PostgreSQL JDBC URL (docs/design.md#shared-state)
     */
    public record Flags(
            Mode mode,
            Integer maxRows,
            Integer timeoutSeconds,
            Integer schemaTtlSeconds,
            String auditLog,
            ApprovalPolicy approval,
            String approvalsDir,
            String state) {
        /** No flag given. */
        public static final Flags NONE = new Flags(null, null, null, null, null);

        /** Flags silent about approval. */
        public Flags(Mode mode, Integer maxRows, Integer timeoutSeconds, Integer schemaTtlSeconds, String auditLog) {
            this(mode, maxRows, timeoutSeconds, schemaTtlSeconds, auditLog, null, null);
        }

        /** Flags silent about the shared state. */
        public Flags(
                Mode mode,
                Integer maxRows,
                Integer timeoutSeconds,
                Integer schemaTtlSeconds,
                String auditLog,
                ApprovalPolicy approval,
                String approvalsDir) {
            this(mode, maxRows, timeoutSeconds, schemaTtlSeconds, auditLog, approval, approvalsDir, null);
        }
    }

    /** The settings of {@code flags} over {@code file} over {@code env} over the defaults. */
    public static Settings resolve(Flags flags, ConfigFile.ServerValues file, Map<String, String> env) {
        Mode mode = firstGiven(flags.mode(), file.mode(), Mode.READONLY);
        int rows = firstGiven(flags.maxRows(), file.maxRows(), Limits.DEFAULT.maxRows());
        int timeout = firstGiven(flags.timeoutSeconds(), seconds(file.timeout()), (int)
                Limits.DEFAULT.statementTimeout().getSeconds());
        int ttl = firstGiven(flags.schemaTtlSeconds(), seconds(file.schemaTtl()), DEFAULT_SCHEMA_TTL_SECONDS);
        if (rows < 1 || timeout < 1 || ttl < 0) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "--max-rows and --timeout must be positive.",
                    "For example: --max-rows 500 --timeout 30.");
        }
        Limits limits = new Limits(
                Duration.ofSeconds(timeout), rows, Limits.DEFAULT.maxValueChars(), Limits.DEFAULT.maxResultChars());
        String key = firstGiven(file.confirmKey(), env.get(CONFIRM_KEY_ENV), null);
        return new Settings(
                        mode,
                        limits,
                        Duration.ofSeconds(ttl),
                        auditPath(firstGiven(flags.auditLog(), file.auditLog(), null)),
                        key,
                        file.confirmTtl(),
                        firstGiven(file.auditKey(), env.get(AUDIT_KEY_ENV), null))
                .withApprovals(approvals(flags, file, env))
                .withState(firstGiven(flags.state(), file.state(), blankToNull(env.get(STATE_ENV))));
    }

    /**
     * Who approves writes, where they wait and for how long (docs/design.md#approval): {@code human} unless a flag,
     * the file or the environment chooses {@code agent}.
     */
    private static Settings.Approvals approvals(Flags flags, ConfigFile.ServerValues file, Map<String, String> env) {
        ApprovalPolicy policy = firstGiven(flags.approval(), file.approval(), approvalFromEnv(env));
        String dir = firstGiven(flags.approvalsDir(), file.approvalsDir(), null);
        return new Settings.Approvals(policy, dir == null ? null : homePath(dir), file.approvalTtl());
    }

    private static ApprovalPolicy approvalFromEnv(Map<String, String> env) {
        String v = env.get(APPROVAL_ENV);
        if (v == null || v.isBlank()) {
            return null;
        }
        ApprovalPolicy p = ApprovalPolicy.parse(v);
        if (p == null) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    APPROVAL_ENV + " must be human or agent, got `" + v.strip() + "`.",
                    "Unset it, or export " + APPROVAL_ENV + "=human (a person approves each write) or agent"
                            + " (the agent's confirm token commits its own preview).");
        }
        return p;
    }

    /**
     * The tools an MCP server lists, as given: the flag's names, else the file's {@code [server] tools}, else
     * {@value #TOOLS_ENV} (comma-separated); null when none says (every tool). The MCP front end checks the names:
     * the core does not know its tools.
     */
    public static List<String> tools(List<String> flag, ConfigFile.ServerValues file, Map<String, String> env) {
        String fromEnv = env.get(TOOLS_ENV);
        List<String> envNames = fromEnv == null || fromEnv.isBlank() ? null : List.of(fromEnv.split(",", -1));
        return firstGiven(flag, file.tools(), envNames);
    }

    /** Where the audit log goes: the default file when unset, nowhere for {@code none} or {@code off}. */
    private static Path auditPath(String v) {
        if (v == null) {
            return AuditLog.defaultPath();
        }
        if (v.equalsIgnoreCase("none") || v.equalsIgnoreCase("off")) {
            return null;
        }
        return homePath(v);
    }

    /** A path, {@code ~/} standing for the home directory. */
    private static Path homePath(String v) {
        return Path.of(v.startsWith("~/") ? System.getProperty("user.home") + v.substring(1) : v);
    }

    private static <T> T firstGiven(T first, T second, T last) {
        return first != null ? first : second != null ? second : last;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static Integer seconds(Duration d) {
        return d == null ? null : (int) d.getSeconds();
    }
}
