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
}
