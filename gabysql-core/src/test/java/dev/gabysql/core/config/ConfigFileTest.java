package dev.gabysql.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallerIdentity;
import dev.gabysql.core.api.DatabaseIdentity;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {
    @TempDir
    Path dir;

    ConfigFile.Config load(String toml, Map<String, String> env) throws IOException {
        Path f = dir.resolve("gabysql.toml");
        Files.writeString(f, toml);
        return ConfigFile.load(f, env::get);
    }

    @Test
    void readsServerDatabasesAndTokensWithSecretsFromTheEnvironment() throws IOException {
        ConfigFile.Config c = load(
                String.join(
                        "\n",
                        "[server]",
                        "mode = \"readwrite\"",
                        "max_rows = 200",
                        "timeout_seconds = 5",
                        "audit_log = \"none\"",
                        "[[databases]]",
                        "name = \"sales\"",
                        "url = \"jdbc:postgresql://db/sales\"",
                        "user = \"ro\"",
                        "password = \"${SALES_PW}\"",
                        "description = \"Orders\"",
                        "max_mode = \"readonly\"",
                        "row_cap = 50",
                        "[[tokens]]",
                        "secret = \"${TOKEN}\"",
                        "mode = \"readonly\""),
                Map.of("SALES_PW", "s3cret", "TOKEN", "0123456789abcdef0123"));
        assertThat(c.server().mode()).isEqualTo(Mode.READWRITE);
        assertThat(c.server().maxRows()).isEqualTo(200);
        assertThat(c.server().timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.databases()).singleElement().satisfies(d -> {
            assertThat(d.name()).isEqualTo("sales");
            assertThat(d.password()).isEqualTo("s3cret");
            assertThat(d.maxMode()).isEqualTo(Mode.READONLY);
            assertThat(d.rowCap()).isEqualTo(50);
            assertThat(d.toString()).doesNotContain("s3cret");
        });
        assertThat(c.tokens()).singleElement().satisfies(t -> {
            assertThat(t.secret()).isEqualTo("0123456789abcdef0123");
            assertThat(t.toString()).doesNotContain("0123456789abcdef0123");
        });
    }

    @Test
    void readsTheToolsAnMcpServerListsAsWritten() throws IOException {
        assertThat(load("[server]\ntools = [\"minimal\", \"${MORE}\"]", Map.of("MORE", "explain"))
                        .server()
                        .tools())
                .containsExactly("minimal", "explain");
        assertThat(load("[server]\nmode = \"readonly\"", Map.of()).server().tools())
                .isNull();
        expect("[server]\ntools = \"minimal\"", "server.tools", "tools = [\"minimal\"]");
        expect("[server]\ntools = [\"query\", 3]", "server.tools", "tools = [\"minimal\"]");
    }

    @Test
    void namesTheKeyAndTheFix() {
        expect("[server]\nmdoe = \"admin\"", "server.mdoe", "Known keys");
        expect("[server]\nmode = \"root\"", "server.mode", "readonly");
        expect("[server]\nmax_rows = -3", "server.max_rows", "max_rows = 500");
        expect("[[databases]]\nname = \"x\"", "databases[0].url", "Add url");
        expect("[[databases]]\nname = \"x\"\nurl = \"/tmp/x.db\"", "databases[0].url", "jdbc:sqlite:");
        expect("[[databases]]\nname = \"../x\"\nurl = \"jdbc:sqlite:x.db\"", "databases[0].name", "letters");
        expect(
                "[[databases]]\nname = \"x\"\nurl = \"jdbc:postgresql://h/d\"\npassword = \"${NOPE}\"",
                "NOPE",
                "Export NOPE");
        expect("[[tokens]]\nsecret = \"short\"", "tokens[0].secret", "openssl");
        expect("this is = not toml [", "not valid TOML", "syntax");
    }

    @Test
    void readsWhoApprovesWritesOnTheServerAndPerDatabase() throws IOException {
        ConfigFile.Config c = load(
                String.join(
                        "\n",
                        "[server]",
                        "mode = \"readwrite\"",
                        "approval = \"agent\"",
                        "approval_ttl_seconds = 600",
                        "approvals_dir = \"~/pending\"",
                        "[[databases]]",
                        "name = \"sales\"",
                        "url = \"jdbc:postgresql://db/sales\"",
                        "approval = \"Human\"",
                        "[[databases]]",
                        "name = \"scratch\"",
                        "url = \"jdbc:sqlite:scratch.db\""),
                Map.of());
        assertThat(c.server().approval()).isEqualTo(ApprovalPolicy.AGENT);
        assertThat(c.server().approvalTtl()).isEqualTo(Duration.ofMinutes(10));
        assertThat(c.server().approvalsDir()).isEqualTo("~/pending");
        assertThat(c.databases()).extracting(d -> d.approval()).containsExactly(ApprovalPolicy.HUMAN, null);
        ConfigFile.Config silent = load("[server]\nmode = \"readwrite\"\n", Map.of());
        assertThat(silent.server().approval()).isNull();
        assertThat(silent.server().approvalTtl()).isNull();
        assertThat(silent.server().approvalsDir()).isNull();
    }

    @Test
    void anUnknownApprovalNamesTheKeyAndTheTwoChoices() {
        expect("[server]\napproval = \"nobody\"", "server.approval", "approval = \"human\"");
        expect(
                "[[databases]]\nname = \"x\"\nurl = \"jdbc:sqlite:x.db\"\napproval = \"auto\"",
                "databases[0].approval",
                "approval = \"agent\"");
        expect("[server]\napproval_ttl_seconds = 0", "server.approval_ttl_seconds", "approval_ttl_seconds = ");
        expect("[server]\napprovals = \"human\"", "server.approvals", "approvals_dir");
    }

    @Test
    void aDatabaseMayNameAReadReplicaWithItsLagThresholdAndFallback() throws IOException {
        String db = "[[databases]]\nname = \"sales\"\nurl = \"jdbc:postgresql://primary/sales\"\n";
        ConfigFile.Config c = load(
                db + "replica_url = \"jdbc:postgresql://replica/sales?password=${PW}\"\n"
                        + "replica_max_lag_seconds = 5\nreplica_fallback = false",
                Map.of("PW", "s3cret"));
        DatabaseConfig.Replica replica = c.databases().get(0).replica();
        assertThat(replica.url()).isEqualTo("jdbc:postgresql://replica/sales?password=s3cret");
        assertThat(replica.maxLag()).isEqualTo(Duration.ofSeconds(5));
        assertThat(replica.fallback()).isFalse();
        assertThat(c.databases().get(0).toString()).contains("replica").doesNotContain("s3cret");
        DatabaseConfig.Replica defaults = load(db + "replica_url = \"jdbc:postgresql://replica/sales\"", Map.of())
                .databases()
                .get(0)
                .replica();
        assertThat(defaults.maxLag()).isEqualTo(Duration.ofSeconds(30));
        assertThat(defaults.fallback()).isTrue();
        assertThat(load(db, Map.of()).databases().get(0).replica()).isNull();
        expect(db + "replica_fallback = false", "databases[0].replica_fallback", "replica_url");
        expect(db + "replica_url = \"replica:5432\"", "databases[0].replica_url", "replica_url = ");
        expect(db + "replica_url = \"jdbc:postgresql://r/s\"\nreplica_fallback = \"no\"", "true or false", "false");
    }

    @Test
    void aDatabaseMayNamePgBouncerAsItsPoolerAndNothingElse() throws IOException {
        ConfigFile.Config c = load(
                String.join(
                        "\n",
                        "[[databases]]",
                        "name = \"sales\"",
                        "url = \"jdbc:postgresql://pgbouncer.internal:6432/sales\"",
                        "pooler = \"pgbouncer\"",
                        "[[databases]]",
                        "name = \"direct\"",
                        "url = \"jdbc:postgresql://db.internal:5432/sales\""),
                Map.of());
        assertThat(c.databases()).extracting(d -> d.pooler()).containsExactly("pgbouncer", null);
        expect(
                "[[databases]]\nname = \"x\"\nurl = \"jdbc:postgresql://h/x\"\npooler = \"pgpool\"",
                "databases[0].pooler",
                "pooler = \"pgbouncer\"");
    }

    private void expect(String toml, String messagePart, String hintPart) {
        assertThatThrownBy(() -> load(toml, Map.of())).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
            assertThat(e.getMessage()).contains(messagePart);
            assertThat(e.hint()).contains(hintPart);
        });
    }

    @Test
    void tokensCarryANameARoleAndAnApproval() throws IOException {
        ConfigFile.Config c = load(
                String.join(
                        "\n",
                        "[[tokens]]",
                        "name = \"alice\"",
                        "secret = \"${ALICE}\"",
                        "role = \"approver\"",
                        "[[tokens]]",
                        "name = \"ci\"",
                        "secret = \"${CI}\"",
                        "mode = \"readwrite\"",
                        "approval = \"agent\"",
                        "[[tokens]]",
                        "secret = \"${CI}x\""),
                Map.of("ALICE", "alice-secret-0123456789", "CI", "ci-secret-0123456789"));
        assertThat(c.tokens()).hasSize(3);
        ConfigFile.TokenConfig alice = c.tokens().get(0);
        assertThat(alice.name()).isEqualTo("alice");
        assertThat(alice.role()).isEqualTo(ConfigFile.TokenConfig.Role.APPROVER);
        assertThat(alice.mode()).isNull();
        assertThat(alice.toString()).doesNotContain("alice-secret").contains("approver");
        ConfigFile.TokenConfig ci = c.tokens().get(1);
        assertThat(ci.role()).isEqualTo(ConfigFile.TokenConfig.Role.AGENT);
        assertThat(ci.mode()).isEqualTo(Mode.READWRITE);
        assertThat(ci.approval()).isEqualTo(ApprovalPolicy.AGENT);
        ConfigFile.TokenConfig plain = c.tokens().get(2);
        assertThat(plain.name()).isNull();
        assertThat(plain.role()).isEqualTo(ConfigFile.TokenConfig.Role.AGENT);
        assertThat(plain.approval()).isNull();
    }

    @Test
    void aTokenNamesItsDatabaseRoleForAllDatabasesAndPerDatabase() throws IOException {
        ConfigFile.Config c = load(
                String.join(
                        "\n",
                        "[[tokens]]",
                        "name = \"alice\"",
                        "secret = \"${ALICE}\"",
                        "db_role = \"analyst\"",
                        "[tokens.databases.sales]",
                        "db_role = \"sales_reader\"",
                        "[tokens.databases.shop]",
                        "user = \"alice_ro\"",
                        "password = \"${ALICE_DB}\"",
                        "[[tokens]]",
                        "name = \"ci\"",
                        "secret = \"${ALICE}x\""),
                Map.of("ALICE", "alice-secret-0123456789", "ALICE_DB", "db-password-42"));
        CallerIdentity alice = c.tokens().get(0).identity("alice");
        assertThat(alice.on("sales")).isEqualTo(new DatabaseIdentity("sales_reader", null, null));
        assertThat(alice.on("shop")).isEqualTo(new DatabaseIdentity(null, "alice_ro", "db-password-42"));
        assertThat(alice.on("other")).isEqualTo(new DatabaseIdentity("analyst", null, null));
        assertThat(c.tokens().get(0).toString())
                .doesNotContain("db-password-42")
                .contains("alice_ro");
        assertThat(c.tokens().get(1).identity("ci").hasOwnIdentity()).isFalse();
    }

    @Test
    void aTokensDatabaseEntryIsCheckedAsStrictlyAsTheRest() {
        String token = "[[tokens]]\nsecret = \"0123456789abcdef0123\"\n";
        expect(token + "[tokens.databases.x]\nrole = \"a\"", "tokens[0].databases.x.role", "db_role");
        expect(token + "[tokens.databases.x]\npassword = \"p\"", "without `tokens[0].databases.x.user`", "user");
        expect(token + "db_role = \"\"", "tokens[0].db_role", "analyst");
        expect(token + "db_role = \"" + "r".repeat(64) + "\"", "tokens[0].db_role", "analyst");
        expect(token + "databases = 3", "tokens[0].databases", "[tokens.databases.NAME]");
    }

    @Test
    void anApproverTokenRunsNothingSoItTakesNoModeOrApproval() {
        String secret = "secret = \"0123456789abcdef0123\"\n";
        expect("[[tokens]]\n" + secret + "role = \"boss\"", "tokens[0].role", "approver");
        expect("[[tokens]]\n" + secret + "approval = \"robot\"", "tokens[0].approval", "agent");
        expect("[[tokens]]\n" + secret + "role = \"approver\"\nmode = \"admin\"", "runs nothing", "Remove mode");
        expect(
                "[[tokens]]\n" + secret + "role = \"approver\"\napproval = \"agent\"",
                "runs nothing",
                "Remove approval");
        expect("[[tokens]]\n" + secret + "name = \"a b\"", "tokens[0].name", "letters");
        expect(
                "[[tokens]]\n" + secret + "name = \"x\"\n[[tokens]]\n" + secret + "name = \"x\"",
                "tokens[1].name",
                "its own name");
    }

    @Test
    void theAuditKeyComesFromTheEnvironmentAndIsNeverPrinted() throws IOException {
        ConfigFile.Config c =
                load("[server]\naudit_key = \"${AUDIT_KEY}\"\n", Map.of("AUDIT_KEY", "audit-secret-0123456789"));
        assertThat(c.server().auditKey()).isEqualTo("audit-secret-0123456789");
        assertThat(c.server().toString()).doesNotContain("audit-secret");
        Settings s = new Settings(
                Mode.READONLY, null, null, null, null, null, c.server().auditKey());
        assertThat(s.toString()).doesNotContain("audit-secret");
    }

    @Test
    void theStateDatabaseComesFromTheFileWithItsPasswordFromTheEnvironmentAndIsNeverPrinted() throws IOException {
        ConfigFile.Config c = load(
                "[server]\nstate = \"jdbc:postgresql://db:5432/gabysql?user=gaby&password=${STATE_PASSWORD}\"\n",
                Map.of("STATE_PASSWORD", "state-secret-0123"));
        assertThat(c.server().state())
                .isEqualTo("jdbc:postgresql://db:5432/gabysql?user=gaby&password=state-secret-0123");
        assertThat(c.server().toString()).contains("password=***").doesNotContain("state-secret");
        Settings s = SettingsResolver.resolve(SettingsResolver.Flags.NONE, c.server(), Map.of());
        assertThat(s.state()).isEqualTo(c.server().state());
        assertThat(s.toString()).contains("password=***").doesNotContain("state-secret");
        assertThat(s.approvalsPlace())
                .isEqualTo("the state database jdbc:postgresql://db:5432/gabysql?user=gaby&password=***");
    }

    @Test
    void serverOAuthNamesTheIssuerTheResourceTheKeysAndTheScopes() throws IOException {
        ConfigFile.Config c = load(
                String.join(
                        "\n",
                        "[server]",
                        "mode = \"readwrite\"",
                        "[server.oauth]",
                        "issuer = \"https://auth.example.com/realms/team\"",
                        "resource = \"https://gabysql.example.com\"",
                        "jwks_url = \"${JWKS}\"",
                        "clock_skew_seconds = 30",
                        "[server.oauth.scopes]",
                        "\"db.read\" = \"readonly\"",
                        "\"db.approve\" = \"approver\""),
                Map.of("JWKS", "https://auth.example.com/certs"));
        assertThat(c.server().mode()).isEqualTo(Mode.READWRITE);
        assertThat(c.oauth().issuer()).isEqualTo("https://auth.example.com/realms/team");
        assertThat(c.oauth().resource()).isEqualTo("https://gabysql.example.com");
        assertThat(c.oauth().jwksUrl()).isEqualTo("https://auth.example.com/certs");
        assertThat(c.oauth().clockSkew()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.oauth().scopes())
                .containsExactly(Map.entry("db.read", "readonly"), Map.entry("db.approve", "approver"));
        assertThat(load("[server]\nmode = \"readonly\"", Map.of()).oauth()).isNull();
    }

    @Test
    void serverOAuthRefusesMissingKeysAndUnknownGrants() {
        String head = "[server.oauth]\nissuer = \"i\"\nresource = \"https://r\"\n";
        expect(head, "`server.oauth.jwks_url` is required", "jwks_url");
        expect(head + "jwks_url = \"https://k\"\naudience = \"x\"", "Unknown key `server.oauth.audience`", "resource");
        expect(
                head + "jwks_url = \"https://k\"\n[server.oauth.scopes]\nread = \"superuser\"",
                "`server.oauth.scopes.read` must be one of readonly, readwrite, admin, approver",
                "mode cap");
        expect(
                head + "jwks_url = \"https://k\"\n[server.oauth.scopes]\n\"a b\" = \"readonly\"",
                "is not a scope name",
                "gabysql:read");
    }

    @Test
    void readsAnSshTunnelAsATableOrAsAnAlias() throws IOException {
        ConfigFile.Config c = load(
                String.join(
                        "\n",
                        "[[databases]]",
                        "name = \"sales\"",
                        "url = \"jdbc:postgresql://localhost:5432/sales\"",
                        "[databases.ssh]",
                        "host = \"bastion.example.com\"",
                        "port = 2222",
                        "user = \"deploy\"",
                        "key_file = \"~/.ssh/id_ed25519\"",
                        "known_hosts = \"/etc/gabysql/known_hosts\"",
                        "strict_host_key_checking = \"accept-new\"",
                        "jump = \"ops@jump.example.com:22\"",
                        "[[databases]]",
                        "name = \"orders\"",
                        "url = \"jdbc:mariadb://db.internal:3306/orders\"",
                        "ssh = \"prod-bastion\""),
                Map.of());
        assertThat(c.databases().get(0).ssh())
                .isEqualTo(new DatabaseConfig.Ssh(
                        "bastion.example.com",
                        2222,
                        "deploy",
                        "~/.ssh/id_ed25519",
                        null,
                        "/etc/gabysql/known_hosts",
                        DatabaseConfig.HostKeyChecking.ACCEPT_NEW,
                        "ops@jump.example.com:22",
                        null));
        assertThat(c.databases().get(1).ssh()).isEqualTo(DatabaseConfig.Ssh.to("prod-bastion"));
        assertThat(c.databases().get(1).ssh().hostKeyChecking()).isEqualTo(DatabaseConfig.HostKeyChecking.YES);
    }

    @Test
    void refusesSshSettingsItDoesNotKnow() {
        assertThatThrownBy(() -> load(
                        String.join(
                                "\n",
                                "[[databases]]",
                                "name = \"a\"",
                                "url = \"jdbc:postgresql://localhost/a\"",
                                "ssh = { host = \"b\", password = \"x\" }"),
                        Map.of()))
                .isInstanceOfSatisfying(GabyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                    assertThat(e.getMessage()).contains("databases[0].ssh.password");
                });
        assertThatThrownBy(() -> load(
                        String.join(
                                "\n",
                                "[[databases]]",
                                "name = \"a\"",
                                "url = \"jdbc:postgresql://localhost/a\"",
                                "ssh = { host = \"b\", strict_host_key_checking = \"maybe\" }"),
                        Map.of()))
                .hasMessageContaining("yes, accept-new or no");
        assertThatThrownBy(() -> load(
                        String.join(
                                "\n",
                                "[[databases]]",
                                "name = \"a\"",
                                "url = \"jdbc:sqlite:/tmp/a.db\"",
                                "ssh = \"b\""),
                        Map.of()))
                .hasMessageContaining("SQLite");
    }

    @Test
    void readsTlsAndTakesVerifyFullWhenOnlyACaFileIsGiven() throws IOException {
        Path ca = dir.resolve("ca.pem");
        Files.writeString(ca, "-----BEGIN CERTIFICATE-----\n");
        ConfigFile.Config c = load(
                String.join(
                        "\n",
                        "[[databases]]",
                        "name = \"a\"",
                        "url = \"jdbc:postgresql://db.internal/a\"",
                        "ca_file = \"" + ca + "\"",
                        "[[databases]]",
                        "name = \"b\"",
                        "url = \"jdbc:mariadb://db.internal/b\"",
                        "tls = \"require\""),
                Map.of());
        assertThat(c.databases().get(0).tls()).isEqualTo(DatabaseConfig.Tls.VERIFY_FULL);
        assertThat(c.databases().get(0).caFile()).isEqualTo(ca.toString());
        assertThat(c.databases().get(1).tls()).isEqualTo(DatabaseConfig.Tls.REQUIRE);
    }

    @Test
    void refusesATlsModeItDoesNotKnowAMissingCaFileAndTwoSettingsForOneThing() {
        assertThatThrownBy(() -> load(
                        "[[databases]]\nname = \"a\"\nurl = \"jdbc:postgresql://h/a\"\ntls = \"prefer\"", Map.of()))
                .hasMessageContaining("disable, require, verify-ca or verify-full");
        assertThatThrownBy(() -> load(
                        "[[databases]]\nname = \"a\"\nurl = \"jdbc:postgresql://h/a\"\nca_file = \"/nonexistent/ca.pem\"",
                        Map.of()))
                .hasMessageContaining("is not a file");
        assertThatThrownBy(() -> load(
                        "[[databases]]\nname = \"a\"\nurl = \"jdbc:postgresql://h/a?sslmode=require\"\ntls = \"verify-full\"",
                        Map.of()))
                .hasMessageContaining("sslmode");
    }
}
