package dev.gabysql.cli;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.CatalogLoader;
import dev.gabysql.core.catalog.CatalogOptions;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.ConfigFile;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.config.SettingsResolver;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.mcp.tool.ToolSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The catalog, mode and limit options every subcommand shares, so that {@code --db}, {@code --data-dir},
 * {@code --demo}, {@code --mode}… mean the same everywhere. They only collect what was given: the core's
 * {@link SettingsResolver} merges them with the configuration file and the environment.
 * A database may also come from the environment ({@link EnvDatabase}: {@code GABYSQL_DB_URL} and friends).
 */
public final class CommonOptions {
    @Option(
            names = "--db",
            paramLabel = "NAME=URL|PATH.db",
            description = "A database: NAME=JDBC_URL, NAME=PATH.db or PATH.db (named after the file). Repeatable.")
    List<String> dbs = new ArrayList<>();

    @Option(
            names = "--data-dir",
            paramLabel = "DIR",
            defaultValue = "data",
            description =
                    "Every *.db file in DIR is a SQLite database named after the file (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(
            names = "--demo",
            description = "Add the sample database `demo` (created in the data directory on first use).")
    boolean demo;

    @Option(names = "--config", paramLabel = "FILE", description = "A gabysql.toml configuration file.")
    Path config;

    @Option(names = "--mode", paramLabel = "MODE", description = "Access mode: readonly (default), readwrite or admin.")
    String mode;

    @Option(names = "--max-rows", paramLabel = "N", description = "Rows returned by a read at most (default: 500).")
    Integer maxRows;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Statement timeout in seconds (default: 30).")
    Integer timeoutSeconds;

    @Option(
            names = "--schema-ttl",
            paramLabel = "SECONDS",
            description = "How long a schema description stays cached (default: 30).")
    Integer schemaTtlSeconds;

    @Option(
            names = "--audit-log",
            paramLabel = "FILE|none",
            description = "Append-only JSON-lines audit log (default: ~/.gabysql/audit.jsonl; none to disable).")
    String auditLog;

    @Option(
            names = "--approval",
            paramLabel = "human|agent",
            description = "Who approves writes: human (default: a person says yes; the agent gets an approval id)"
                    + " or agent (the agent's confirm token commits its own preview).")
    String approval;

    @Option(
            names = "--approvals-dir",
            paramLabel = "DIR",
            description = "Where writes wait for a person's approval (default: ~/.gabysql/approvals).")
    String approvalsDir;

    @Option(
            names = "--state",
            paramLabel = "JDBC_URL",
            description = "A PostgreSQL database that replicas share for confirm tokens and writes waiting for"
                    + " approval (default: this process and --approvals-dir; needs GABYSQL_CONFIRM_KEY).")
    String state;

    private ConfigFile.Config loaded;

    private ConfigFile.Config configFile() {
        if (loaded == null) {
            loaded = config == null
                    ? new ConfigFile.Config(ConfigFile.ServerValues.NONE, List.of(), List.of())
                    : ConfigFile.load(config);
        }
        return loaded;
    }

    /** The {@code [server.oauth]} table of the configuration file (for gabysql serve), or null. */
    public dev.gabysql.core.config.OAuthConfig configuredOAuth() {
        return configFile().oauth();
    }

    /** The bearer tokens of the configuration file (for gabysql serve). */
    public List<ConfigFile.TokenConfig> configuredTokens() {
        return configFile().tokens();
    }

    /**
     * The settings of these flags over the configuration file over the environment over the defaults
     * ({@link SettingsResolver}).
     */
    public Settings settings() {
        ConfigFile.ServerValues file = configFile().server();
        return SettingsResolver.resolve(flags(), file, System.getenv());
    }

    private SettingsResolver.Flags flags() {
        Mode m = mode == null ? null : Mode.parse(mode);
        if (mode != null && m == null) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Unknown mode `" + mode + "`.",
                    "Use --mode readonly, readwrite or admin.");
        }
        ApprovalPolicy a = approval == null ? null : ApprovalPolicy.parse(approval);
        if (approval != null && a == null) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "Unknown approval `" + approval + "`.",
                    "Use --approval human (a person approves each write) or --approval agent (the agent's"
                            + " confirm token commits its own preview).");
        }
        return new SettingsResolver.Flags(
                m, maxRows, timeoutSeconds, schemaTtlSeconds, auditLog, a, approvalsDir, state);
    }

    /**
     * The MCP tools a server lists: {@code flag} (its {@code --tools}) over the file's {@code [server] tools} over
     * {@code GABYSQL_TOOLS} over every tool ({@link SettingsResolver#tools}); an unknown name is CONFIG_INVALID.
     */
    public ToolSelection tools(List<String> flag) {
        return tools(flag, CuratedTools.NONE);
    }

    /** {@link #tools(List)} among gabysql's tools and these curated ones. */
    public ToolSelection tools(List<String> flag, CuratedTools curated) {
        return ToolSelection.parse(SettingsResolver.tools(flag, configFile().server(), System.getenv()), curated);
    }

    /**
     * The configuration file's curated tools ({@code [[tools]]}), each checked against {@code service}'s catalog and
     * mode (docs/configuration.md#curated-tools): one that does not fit stops the start with CONFIG_INVALID.
     */
    public CuratedTools curatedTools(GabyService service) {
        return CuratedTools.prepare(configFile().tools(), service);
    }

    public CatalogOptions catalogOptions() {
        return new CatalogOptions(dbs, dataDir, demo);
    }

    /** The catalog: the configuration file's databases, the environment's (GABYSQL_DB_URL), --db, the data directory, --demo. */
    public Catalog catalog() {
        List<DatabaseConfig> configured = new ArrayList<>(configFile().databases());
        configured.addAll(EnvDatabase.from(System.getenv()));
        return CatalogLoader.load(catalogOptions(), configured);
    }
}
