package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.Mode;
import dev.gabysql.server.ApiToken;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code gabysql serve}'s tokens: {@code --token}, {@code --approver-token} and {@code [[tokens]]} with their name,
 * role and approval become the server's tokens, each named for the audit log (docs/http-api.md).
 */
class ServeTokensTest {
    @TempDir
    Path dir;

    @Test
    void flagsAndTheConfigFileGiveAgentAndApproverTokens() throws Exception {
        Path config = dir.resolve("gabysql.toml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "[[tokens]]",
                        "name = \"alice\"",
                        "secret = \"alice-approves-0123456789\"",
                        "role = \"approver\"",
                        "[[tokens]]",
                        "name = \"etl\"",
                        "secret = \"etl-program-0123456789\"",
                        "mode = \"readwrite\"",
                        "approval = \"agent\"",
                        "[[tokens]]",
                        "secret = \"plain-agent-0123456789\""));
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve)
                .parseArgs(
                        "--token",
                        "flag-agent-0123456789:readonly",
                        "--approver-token",
                        "flag-approver-0123456789",
                        "--config",
                        config.toString());
        List<ApiToken> tokens = serve.options().tokens().stream()
                .filter(t -> !t.label().startsWith("GABYSQL_"))
                .toList();
        assertThat(tokens)
                .extracting(ApiToken::label)
                .containsExactly("--token #1", "--approver-token #1", "alice", "etl", "tokens[2]");
        assertThat(tokens).extracting(ApiToken::isApprover).containsExactly(false, true, true, false, false);
        assertThat(tokens.get(0).cap()).isEqualTo(Mode.READONLY);
        assertThat(tokens.get(3).approval()).isEqualTo(ApprovalPolicy.AGENT);
        assertThat(tokens.get(3).cap()).isEqualTo(Mode.READWRITE);
        assertThat(tokens.get(4).approval()).isNull();
        assertThat(tokens.toString()).doesNotContain("0123456789");
    }

    @Test
    void aConfiguredTokensDatabaseRoleAndOwnLoginReachTheServersToken() throws Exception {
        Path config = dir.resolve("gabysql.toml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "[[databases]]",
                        "name = \"shop\"",
                        "url = \"jdbc:sqlite:" + dir.resolve("shop.db") + "\"",
                        "[[tokens]]",
                        "name = \"alice\"",
                        "secret = \"alice-agent-0123456789\"",
                        "db_role = \"analyst\"",
                        "[tokens.databases.shop]",
                        "user = \"alice_ro\"",
                        "password = \"alice-db-password\""));
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--config", config.toString());
        ApiToken alice = serve.options().tokens().stream()
                .filter(t -> t.label().equals("alice"))
                .findFirst()
                .orElseThrow();
        assertThat(alice.identity().name()).isEqualTo("alice");
        assertThat(alice.identity().on("elsewhere").role()).isEqualTo("analyst");
        assertThat(alice.identity().on("shop").user()).isEqualTo("alice_ro");
        assertThat(alice.identity().toString()).doesNotContain("alice-db-password");
    }

    @Test
    void aTokensEntryForADatabaseTheCatalogLacksStopsTheServer() throws Exception {
        Path config = dir.resolve("gabysql.toml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "[[databases]]",
                        "name = \"shop\"",
                        "url = \"jdbc:sqlite:" + dir.resolve("shop.db") + "\"",
                        "[[tokens]]",
                        "name = \"alice\"",
                        "secret = \"alice-agent-0123456789\"",
                        "[tokens.databases.shpo]",
                        "db_role = \"analyst\""));
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--config", config.toString(), "--audit-log", "none");
        try (var service = Services.local(serve.common, "serve")) {
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> ServeCommand.requireKnownDatabases(serve.options(), service))
                    .isInstanceOfSatisfying(dev.gabysql.core.error.GabyException.class, e -> {
                        assertThat(e.code()).isEqualTo(dev.gabysql.core.error.ErrorCode.CONFIG_INVALID);
                        assertThat(e.getMessage()).contains("alice", "`shpo`");
                        assertThat(e.hint()).contains("shop");
                    });
        }
    }
}
