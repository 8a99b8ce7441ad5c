package dev.gabysql.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallerIdentity;
import dev.gabysql.core.api.DatabaseIdentity;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.catalog.JdbcUrls;
import dev.gabysql.core.curated.CuratedTool;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads {@code gabysql.toml}: a {@code [server]} table, {@code [[databases]]}, {@code [[tokens]]} and curated
 * {@code [[tools]]} ({@link ToolsSection}). Secrets come
 * from the environment ({@code password = "${SALES_PASSWORD}"}), never from the file itself. Everything is
 * validated at start, with errors that name the key and the fix. See docs/configuration.md.
 */
public final class ConfigFile {
    private static final Set<String> TOP = Set.of("server", "databases", "tokens", "tools");
    private static final Set<String> SERVER = Set.of(
            "mode",
            "max_rows",
            "timeout_seconds",
            "schema_ttl_seconds",
            "audit_log",
            "confirm_key",
            "confirm_ttl_seconds",
            "audit_key",
            "approval",
            "approval_ttl_seconds",
            "approvals_dir",
            "tools",
            "state",
            "oauth");
    private static final Set<String> OAUTH = Set.of("issuer", "resource", "jwks_url", "scopes", "clock_skew_seconds");
    private static final Set<String> DATABASE = Set.of(
            "name",
            "url",
            "user",
            "password",
            "description",
            "max_mode",
            "timeout_seconds",
            "row_cap",
            "approval",
            "replica_url",
            "replica_max_lag_seconds",
            "replica_fallback",
            "pooler",
            "ssh",
            "tls",
            "ca_file");
    private static final Set<String> SSH = Set.of(
            "host",
            "port",
            "user",
            "key_file",
            "agent_socket",
            "known_hosts",
            "strict_host_key_checking",
            "jump",
            "config_file");
    private static final Set<String> TOKEN =
            Set.of("name", "secret", "mode", "role", "approval", "db_role", "databases");
    /** A token's entry for one database ({@code [tokens.databases.NAME]}). */
    private static final Set<String> TOKEN_DATABASE = Set.of("db_role", "user", "password");
    /** PostgreSQL keeps {@code NAMEDATALEN - 1} bytes of a role's name. */
    private static final int MAX_ROLE_LENGTH = 63;
    /** RFC 6749 section 3.3's scope-token. */
    private static final Pattern SCOPE_TOKEN = Pattern.compile("[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,128}");

    private static final Pattern TOKEN_NAME = Pattern.compile("[A-Za-z0-9_.@-]{1,64}");

    private ConfigFile() {}

    /**
     * What a configuration file says; server values are null where the file is silent. {@code tools}: the curated
     * tools ({@code [[tools]]}); {@code oauth}: the {@code [server.oauth]} table, or null when there is none.
     */
    public record Config(
            ServerValues server,
            List<DatabaseConfig> databases,
            List<TokenConfig> tokens,
            List<CuratedTool> tools,
            OAuthConfig oauth) {
        public Config {
            databases = List.copyOf(databases);
            tokens = List.copyOf(tokens);
            tools = List.copyOf(tools);
        }

        /** A file without curated tools or {@code [server.oauth]}. */
        public Config(ServerValues server, List<DatabaseConfig> databases, List<TokenConfig> tokens) {
            this(server, databases, tokens, List.of(), null);
        }
    }

    /**
     * The {@code [server]} table; null fields were not given. {@code approval}, {@code approvalTtl} and {@code
     * approvalsDir}: who approves writes by default, how long a write waits for a person, and where it waits
     * (docs/design.md#approval). {@code tools}: the names an MCP server lists, as written (the MCP front end knows
     * the tools and checks them); {@code state}: the PostgreSQL JDBC URL of the state database that replicas share
     * (docs/design.md#shared-state).
     */
    public record ServerValues(
            Mode mode,
            Integer maxRows,
            Duration timeout,
            Duration schemaTtl,
            String auditLog,
            String confirmKey,
            Duration confirmTtl,
            String auditKey,
            ApprovalPolicy approval,
            Duration approvalTtl,
            String approvalsDir,
            List<String> tools,
            String state) {
        /** A {@code [server]} table that says nothing. */
        public static final ServerValues NONE =
                new ServerValues(null, null, null, null, null, null, null, null, null, null, null, null, null);

        public ServerValues {
            tools = tools == null ? null : List.copyOf(tools);
        }

        /** A {@code [server]} table silent about tools and the shared state. */
        public ServerValues(
                Mode mode,
                Integer maxRows,
                Duration timeout,
                Duration schemaTtl,
                String auditLog,
                String confirmKey,
                Duration confirmTtl,
                String auditKey,
                ApprovalPolicy approval,
                Duration approvalTtl,
                String approvalsDir) {
            this(
                    mode,
                    maxRows,
                    timeout,
                    schemaTtl,
                    auditLog,
                    confirmKey,
                    confirmTtl,
                    auditKey,
                    approval,
                    approvalTtl,
                    approvalsDir,
                    null,
                    null);
        }

        /** A {@code [server]} table silent about approval. */
        public ServerValues(
                Mode mode,
                Integer maxRows,
                Duration timeout,
                Duration schemaTtl,
                String auditLog,
                String confirmKey,
                Duration confirmTtl,
                String auditKey) {
            this(mode, maxRows, timeout, schemaTtl, auditLog, confirmKey, confirmTtl, auditKey, null, null, null);
        }

        @Override
        public String toString() {
            return "ServerValues[mode=" + mode + ", confirmKey=" + (confirmKey == null ? null : "***") + ", auditKey="
                    + (auditKey == null ? null : "***") + ", approval=" + approval + ", approvalTtl=" + approvalTtl
                    + ", approvalsDir=" + approvalsDir + ", tools=" + tools + ", state=" + JdbcUrls.mask(state) + "]";
        }
    }

    /**
     * A bearer token of {@code gabysql serve} (docs/http-api.md#authentication-and-modes).
     *
     * @param name     what the audit log and the session labels call its caller (never the secret); null: its place
     *                 in the file ({@code tokens[0]})
     * @param secret   the bearer secret
     * @param mode     the most its calls may do, or null for no cap (agent tokens only)
     * @param role     an agent's token runs calls; an approver's only approves or rejects writes that wait for a
     *                 person, and runs nothing (docs/design.md#approval)
     * @param approval who approves this token's writes when the token says so ({@code "agent"}: a trusted
     *                 program whose confirm token commits), or null for the database's policy
     * @param everywhere who its calls run as on every database without an entry of its own ({@code db_role}:
     *                 docs/configuration.md#per-caller-database-roles)
     * @param databases who its calls run as on a database, by name ({@code [tokens.databases.NAME]})
     */
    public record TokenConfig(
            String name,
            String secret,
            Mode mode,
            Role role,
            ApprovalPolicy approval,
            DatabaseIdentity everywhere,
            Map<String, DatabaseIdentity> databases) {
        public TokenConfig {
            role = role == null ? Role.AGENT : role;
            everywhere = everywhere == null ? DatabaseIdentity.LOGIN : everywhere;
            databases = databases == null ? Map.of() : Map.copyOf(databases);
        }

        public TokenConfig(String name, String secret, Mode mode, Role role, ApprovalPolicy approval) {
            this(name, secret, mode, role, approval, null, null);
        }

        /** An agent's token, optionally capped to a mode. */
        public TokenConfig(String secret, Mode mode) {
            this(null, secret, mode, Role.AGENT, null);
        }

        /** The caller this token names, called {@code label} (its name, or its place in the file). */
        public CallerIdentity identity(String label) {
            return new CallerIdentity(label, everywhere, databases);
        }

        /** Who holds a token: an agent (or any program that runs calls), or a person who approves writes. */
        public enum Role {
            AGENT,
            APPROVER;

            public String label() {
                return name().toLowerCase(Locale.ROOT);
            }
        }

        @Override
        public String toString() {
            return "TokenConfig[name=" + name + ", secret=***, mode=" + mode + ", role=" + role.label() + ", approval="
                    + (approval == null ? null : approval.label()) + ", everywhere=" + everywhere + ", databases="
                    + databases + "]";
        }
    }

    public static Config load(Path file) {
        return load(file, System::getenv);
    }

    static Config load(Path file, Function<String, String> env) {
        if (!Files.isRegularFile(file)) {
            throw invalid("Configuration file " + file + " does not exist.", "Check the path given with --config.");
        }
        JsonNode root;
        try {
            root = new TomlMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw invalid(
                    "Configuration file " + file + " is not valid TOML: "
                            + e.getMessage().split("\n")[0],
                    "Fix the TOML syntax at the position given.");
        }
        Reader r = new Reader(env);
        r.onlyKeys(root, TOP, "");
        ServerValues server = r.server(root.path("server"));
        List<DatabaseConfig> dbs = new ArrayList<>();
        int i = 0;
        for (JsonNode db : r.array(root, "databases")) {
            dbs.add(r.database(db, "databases[" + i++ + "]"));
        }
        List<TokenConfig> tokens = new ArrayList<>();
        Set<String> names = new HashSet<>();
        i = 0;
        for (JsonNode t : r.array(root, "tokens")) {
            TokenConfig token = r.token(t, "tokens[" + i + "]");
            if (token.name() != null && !names.add(token.name())) {
                throw invalid(
                        "`tokens[" + i + "].name` = `" + token.name() + "` names another token too.",
                        "Give each token its own name: the audit log tells callers apart by it.");
            }
            tokens.add(token);
            i++;
        }
        return new Config(
                server,
                dbs,
                tokens,
                ToolsSection.read(root),
                r.oauth(root.path("server").path("oauth")));
    }

    static GabyException invalid(String message, String hint) {
        return new GabyException(ErrorCode.CONFIG_INVALID, message, hint);
    }

    /** Reads and validates values, expanding ${ENV} references. */
    private static final class Reader {
        private final Function<String, String> env;

        Reader(Function<String, String> env) {
            this.env = env;
        }

        ServerValues server(JsonNode s) {
            if (s.isMissingNode()) {
                return ServerValues.NONE;
            }
            onlyKeys(s, SERVER, "server.");
            return new ServerValues(
                    mode(s, "server.", "mode"),
                    positiveInt(s, "server.", "max_rows"),
                    seconds(s, "server.", "timeout_seconds"),
                    seconds(s, "server.", "schema_ttl_seconds"),
                    string(s, "server.", "audit_log"),
                    string(s, "server.", "confirm_key"),
                    seconds(s, "server.", "confirm_ttl_seconds"),
                    string(s, "server.", "audit_key"),
                    approval(s, "server.", "approval"),
                    seconds(s, "server.", "approval_ttl_seconds"),
                    string(s, "server.", "approvals_dir"),
                    strings(s, "server.", "tools"),
                    string(s, "server.", "state"));
        }

        /** {@code [server.oauth]} (docs/configuration.md#oauth), or null when the file has none. */
        OAuthConfig oauth(JsonNode o) {
            if (o.isMissingNode()) {
                return null;
            }
            String p = "server.oauth.";
            onlyKeys(o, OAUTH, p);
            return new OAuthConfig(
                    required(o, p, "issuer"),
                    required(o, p, "resource"),
                    required(o, p, "jwks_url"),
                    scopes(o.path("scopes"), p + "scopes."),
                    seconds(o, p, "clock_skew_seconds"));
        }

        /** {@code [server.oauth.scopes]}: scope name → readonly, readwrite, admin or approver; null when absent. */
        private Map<String, String> scopes(JsonNode s, String p) {
            if (s.isMissingNode()) {
                return null;
            }
            if (!s.isObject() || s.isEmpty()) {
                throw invalid(
                        "`" + p.replaceAll("\\.$", "") + "` must be a table of scope names.",
                        "For example: [server.oauth.scopes] with \"gabysql:read\" = \"readonly\".");
            }
            Map<String, String> out = new java.util.LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext(); ) {
                String scope = it.next().getKey();
                if (!SCOPE_TOKEN.matcher(scope).matches()) {
                    throw invalid(
                            "`" + p + scope + "` is not a scope name (RFC 6749: printable, no space, quote or"
                                    + " backslash).",
                            "Write the scope as the authorization server spells it, e.g. \"gabysql:read\".");
                }
                String grant = string(s, p, scope);
                if (grant == null || !OAuthConfig.GRANTS.contains(grant)) {
                    throw invalid(
                            "`" + p + scope + "` must be one of " + String.join(", ", OAuthConfig.GRANTS) + ".",
                            "A scope grants a mode cap (readonly, readwrite, admin) or the approver's role.");
                }
                out.put(scope, grant);
            }
            return out;
        }

        DatabaseConfig database(JsonNode d, String where) {
            String p = where + ".";
            onlyKeys(d, DATABASE, p);
            String name = required(d, p, "name");
            String url = required(d, p, "url");
            if (!url.startsWith("jdbc:")) {
                throw invalid(
                        p + "url must be a JDBC URL (jdbc:…), got `" + url + "`.",
                        "For a SQLite file write url = \"jdbc:sqlite:/path/to/file.db\".");
            }
            if (!Catalog.isValidName(name)) {
                throw invalid(
                        "`" + p + "name` = `" + name + "` cannot be a database name.",
                        "Use letters, digits, '_', '-' or '.' (not leading), e.g. name = \"sales\".");
            }
            Integer rowCap = positiveInt(d, p, "row_cap");
            return DatabaseConfig.of(name, url)
                    .user(string(d, p, "user"))
                    .password(string(d, p, "password"))
                    .description(string(d, p, "description"))
                    .maxMode(mode(d, p, "max_mode"))
                    .statementTimeout(seconds(d, p, "timeout_seconds"))
                    .rowCap(rowCap == null ? 0 : rowCap)
                    .approval(approval(d, p, "approval"))
                    .replica(replica(d, p))
                    .pooler(pooler(d, p))
                    .ssh(ssh(d, p, url))
                    .tls(tls(d, p, url))
                    .caFile(caFile(d, p))
                    .build();
        }

        /**
         * {@code ssh}: a host or an alias of ~/.ssh/config as a string, or a table of settings
         * (docs/configuration.md#ssh-tunnels); null when absent.
         */
        DatabaseConfig.Ssh ssh(JsonNode d, String p, String url) {
            JsonNode v = d.get("ssh");
            if (v == null || v.isNull()) {
                return null;
            }
            if (url.startsWith("jdbc:sqlite:")) {
                throw invalid(
                        "`" + p + "ssh` is given for a SQLite file, which is opened on this machine.",
                        "Remove ssh from " + p.replaceAll("\\.$", "") + ", or copy the file here.");
            }
            if (v.isTextual()) {
                String host = expand(v.asText(), p + "ssh");
                if (host.isBlank()) {
                    throw invalid(
                            "`" + p + "ssh` is empty.", "Write ssh = \"bastion\" (a host or ~/.ssh/config alias).");
                }
                return DatabaseConfig.Ssh.to(host);
            }
            String q = p + "ssh.";
            onlyKeys(v, SSH, q);
            Integer port = positiveInt(v, q, "port");
            String checking = string(v, q, "strict_host_key_checking");
            DatabaseConfig.HostKeyChecking hostKeys =
                    checking == null ? null : DatabaseConfig.HostKeyChecking.parse(checking);
            if (checking != null && hostKeys == null) {
                throw invalid(
                        "`" + q + "strict_host_key_checking` must be yes, accept-new or no, got `" + checking + "`.",
                        "Leave it out (yes: a host must be in known_hosts), or write \"accept-new\".");
            }
            return new DatabaseConfig.Ssh(
                    required(v, q, "host"),
                    port == null ? 0 : port,
                    string(v, q, "user"),
                    string(v, q, "key_file"),
                    string(v, q, "agent_socket"),
                    string(v, q, "known_hosts"),
                    hostKeys,
                    string(v, q, "jump"),
                    string(v, q, "config_file"));
        }

        /** {@code tls}: disable, require, verify-ca or verify-full; the URL must not say it too. */
        DatabaseConfig.Tls tls(JsonNode d, String p, String url) {
            String s = string(d, p, "tls");
            if (s == null) {
                return null;
            }
            DatabaseConfig.Tls tls = DatabaseConfig.Tls.parse(s);
            if (tls == null) {
                throw invalid(
                        "`" + p + "tls` must be disable, require, verify-ca or verify-full, got `" + s + "`.",
                        "Write tls = \"verify-full\" with ca_file = \"/path/to/ca.pem\".");
            }
            if (url.toLowerCase(Locale.ROOT).matches(".*[?&;]ssl_?mode=.*")) {
                throw invalid(
                        "`" + p + "tls` and the URL's sslmode both say how to encrypt the connection.",
                        "Keep one: remove sslmode from the URL (tls works for PostgreSQL and MariaDB alike).");
            }
            return tls;
        }

        /** {@code ca_file}: a PEM file that must exist (a missing one would only fail at the first connection). */
        String caFile(JsonNode d, String p) {
            String f = string(d, p, "ca_file");
            if (f != null && !Files.isRegularFile(Path.of(f))) {
                throw invalid(
                        "`" + p + "ca_file` = `" + f + "` is not a file.",
                        "Give the path of the PEM file of the CA that signed the server's certificate.");
            }
            return f;
        }

        /** {@code replica_url} and its two settings (docs/configuration.md#read-replicas), or null. */
        DatabaseConfig.Replica replica(JsonNode d, String p) {
            String url = string(d, p, "replica_url");
            Duration maxLag = seconds(d, p, "replica_max_lag_seconds");
            Boolean fallback = bool(d, p, "replica_fallback");
            if (url == null) {
                if (maxLag != null || fallback != null) {
                    throw invalid(
                            "`" + p + (maxLag != null ? "replica_max_lag_seconds" : "replica_fallback")
                                    + "` is given without `" + p + "replica_url`.",
                            "Add replica_url = \"jdbc:…\" (the replica's JDBC URL), or remove the replica settings.");
                }
                return null;
            }
            if (!url.startsWith("jdbc:")) {
                throw invalid(
                        p + "replica_url must be a JDBC URL (jdbc:…), got `" + JdbcUrls.mask(url) + "`.",
                        "Write the replica's URL as the database's, e.g."
                                + " replica_url = \"jdbc:postgresql://replica-host:5432/dbname\".");
            }
            return new DatabaseConfig.Replica(url, maxLag, fallback == null || fallback);
        }

        /** {@code pooler}: "pgbouncer", or absent (gabysql then detects a pooler itself). */
        private String pooler(JsonNode d, String p) {
            String pooler = string(d, p, "pooler");
            if (pooler == null || pooler.equals("pgbouncer")) {
                return pooler;
            }
            throw invalid(
                    "`" + p + "pooler` = `" + pooler + "` is not a pooler gabysql knows.",
                    "Write pooler = \"pgbouncer\" for a PostgreSQL database reached through PgBouncer (or any pooler"
                            + " that hands a server connection to another client between transactions), or leave it"
                            + " out: gabysql detects a pooler on the first connection.");
        }

        TokenConfig token(JsonNode t, String where) {
            String p = where + ".";
            onlyKeys(t, TOKEN, p);
            String secret = required(t, p, "secret");
            if (secret.length() < 16) {
                throw invalid(
                        p + "secret is shorter than 16 characters.",
                        "Use a long random secret, e.g. from `openssl rand -hex 32`, through ${ENV}.");
            }
            String name = string(t, p, "name");
            if (name != null && !TOKEN_NAME.matcher(name).matches()) {
                throw invalid(
                        "`" + p + "name` = `" + name + "` cannot name a token.",
                        "Use 1 to 64 letters, digits, '_', '-', '.' or '@', e.g. name = \"alice\".");
            }
            TokenConfig.Role role = role(t, p);
            Mode mode = mode(t, p, "mode");
            ApprovalPolicy approval = approval(t, p, "approval");
            if (role == TokenConfig.Role.APPROVER && (mode != null || approval != null)) {
                throw invalid(
                        "`" + p + "role` = \"approver\" cannot go with " + (mode != null ? "mode" : "approval")
                                + ": an approver's token approves writes and runs nothing.",
                        "Remove " + (mode != null ? "mode" : "approval") + " from " + where
                                + ", or give the agent a token of its own.");
            }
            // an approver's identity is the one its person's console calls run as; approved writes run as their agent's
            DatabaseIdentity everywhere = new DatabaseIdentity(roleName(t, p), null, null);
            Map<String, DatabaseIdentity> databases = tokenDatabases(t, p);
            return new TokenConfig(name, secret, mode, role, approval, everywhere, databases);
        }

        /** {@code db_role}: a database role's name, or null. */
        private String roleName(JsonNode n, String p) {
            String r = string(n, p, "db_role");
            if (r != null && (r.isBlank() || r.length() > MAX_ROLE_LENGTH || r.indexOf('\0') >= 0)) {
                throw invalid(
                        "`" + p + "db_role` must be a role's name of 1 to " + MAX_ROLE_LENGTH + " characters.",
                        "Write db_role = \"analyst\", the name of a role that gabysql's login is a member of.");
            }
            return r;
        }

        /** {@code [tokens.databases.NAME]}: who the token runs as there, by database name. */
        private Map<String, DatabaseIdentity> tokenDatabases(JsonNode t, String p) {
            JsonNode dbs = t.get("databases");
            if (dbs == null) {
                return Map.of();
            }
            onlyTables(dbs, p + "databases");
            Map<String, DatabaseIdentity> out = new java.util.LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = dbs.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String q = p + "databases." + e.getKey() + ".";
                onlyKeys(e.getValue(), TOKEN_DATABASE, q);
                String user = string(e.getValue(), q, "user");
                String password = string(e.getValue(), q, "password");
                if (password != null && user == null) {
                    throw invalid(
                            "`" + q + "password` is given without `" + q + "user`.",
                            "Add user = \"…\", the database user this password is for.");
                }
                if (user != null && user.isBlank()) {
                    throw invalid("`" + q + "user` is empty.", "Name the database user, or remove user and password.");
                }
                out.put(e.getKey(), new DatabaseIdentity(roleName(e.getValue(), q), user, password));
            }
            return out;
        }

        private void onlyTables(JsonNode dbs, String where) {
            if (!dbs.isObject()) {
                throw invalid(
                        "`" + where + "` must be a table of databases.",
                        "Write [tokens.databases.NAME] after the token's [[tokens]], with db_role, or user and"
                                + " password.");
            }
        }

        TokenConfig.Role role(JsonNode t, String p) {
            String s = string(t, p, "role");
            if (s == null) {
                return TokenConfig.Role.AGENT;
            }
            switch (s.trim().toLowerCase(Locale.ROOT)) {
                case "agent":
                    return TokenConfig.Role.AGENT;
                case "approver":
                    return TokenConfig.Role.APPROVER;
                default:
                    throw invalid(
                            "`" + p + "role` must be agent or approver, got `" + s + "`.",
                            "Write role = \"approver\" for a person who approves writes; leave it out for an agent.");
            }
        }

        List<JsonNode> array(JsonNode root, String key) {
            JsonNode a = root.path(key);
            if (a.isMissingNode()) {
                return List.of();
            }
            if (!a.isArray()) {
                throw invalid(
                        "`" + key + "` must be an array of tables ([[" + key + "]]).",
                        "Write each entry as [[" + key + "]].");
            }
            List<JsonNode> out = new ArrayList<>();
            a.forEach(out::add);
            return out;
        }

        void onlyKeys(JsonNode node, Set<String> allowed, String prefix) {
            if (!node.isObject()) {
                throw invalid("`" + prefix + "` must be a table.", "See docs/configuration.md for the layout.");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                String key = it.next().getKey();
                if (!allowed.contains(key)) {
                    throw invalid(
                            "Unknown key `" + prefix + key + "`.",
                            "Known keys here: " + String.join(", ", new java.util.TreeSet<>(allowed)) + ".");
                }
            }
        }

        String required(JsonNode n, String p, String key) {
            String v = string(n, p, key);
            if (v == null || v.isBlank()) {
                throw invalid(
                        "`" + p + key + "` is required.",
                        "Add " + key + " = \"…\" to " + p.replaceAll("\\.$", "") + ".");
            }
            return v;
        }

        String string(JsonNode n, String p, String key) {
            JsonNode v = n.get(key);
            if (v == null || v.isNull()) {
                return null;
            }
            if (!v.isTextual()) {
                throw invalid("`" + p + key + "` must be a string.", "Quote the value: " + key + " = \"…\".");
            }
            return expand(v.asText(), p + key);
        }

        /** An array of strings, or null when the key is absent. */
        List<String> strings(JsonNode n, String p, String key) {
            JsonNode v = n.get(key);
            if (v == null) {
                return null;
            }
            List<String> out = new ArrayList<>();
            if (v.isArray()) {
                for (JsonNode item : v) {
                    if (!item.isTextual()) {
                        break;
                    }
                    out.add(expand(item.asText(), p + key));
                }
            }
            if (!v.isArray() || out.size() != v.size()) {
                throw invalid(
                        "`" + p + key + "` must be an array of strings.", "For example " + key + " = [\"minimal\"].");
            }
            return out;
        }

        Integer positiveInt(JsonNode n, String p, String key) {
            JsonNode v = n.get(key);
            if (v == null) {
                return null;
            }
            if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
                throw invalid("`" + p + key + "` must be a positive whole number.", "For example " + key + " = 500.");
            }
            return v.asInt();
        }

        Boolean bool(JsonNode n, String p, String key) {
            JsonNode v = n.get(key);
            if (v == null) {
                return null;
            }
            if (!v.isBoolean()) {
                throw invalid("`" + p + key + "` must be true or false.", "Write " + key + " = false (no quotes).");
            }
            return v.asBoolean();
        }

        Duration seconds(JsonNode n, String p, String key) {
            Integer s = positiveInt(n, p, key);
            return s == null ? null : Duration.ofSeconds(s);
        }

        Mode mode(JsonNode n, String p, String key) {
            String s = string(n, p, key);
            if (s == null) {
                return null;
            }
            Mode m = Mode.parse(s);
            if (m == null) {
                throw invalid(
                        "`" + p + key + "` must be readonly, readwrite or admin, got `" + s + "`.",
                        "Write " + key + " = \"readonly\".");
            }
            return m;
        }

        /** Who approves writes (docs/design.md#approval): human or agent; anything else names the choices. */
        ApprovalPolicy approval(JsonNode n, String p, String key) {
            String s = string(n, p, key);
            if (s == null) {
                return null;
            }
            ApprovalPolicy a = ApprovalPolicy.parse(s);
            if (a == null) {
                throw invalid(
                        "`" + p + key + "` must be human or agent, got `" + s + "`.",
                        "Write " + key + " = \"human\" (a person approves each write) or " + key
                                + " = \"agent\" (the agent's confirm token commits its own preview).");
            }
            return a;
        }

        /** Replaces each ${NAME} with the environment variable NAME; a missing one is an error naming both. */
        String expand(String value, String key) {
            StringBuilder out = new StringBuilder();
            int i = 0;
            while (i < value.length()) {
                int start = value.indexOf("${", i);
                if (start < 0) {
                    out.append(value, i, value.length());
                    break;
                }
                int end = value.indexOf('}', start);
                if (end < 0) {
                    throw invalid("`" + key + "` has an unclosed ${.", "Write ${VARIABLE_NAME}.");
                }
                String name = value.substring(start + 2, end);
                String v = env.apply(name);
                if (v == null) {
                    throw invalid(
                            "`" + key + "` refers to environment variable " + name + ", which is not set.",
                            "Export " + name + " before starting gabysql.");
                }
                out.append(value, i, start).append(v);
                i = end + 1;
            }
            return out.toString();
        }
    }
}
