package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --help} and {@code --version} of the packaged jar: on stdout, exit 0; a usage error exits 2. */
class HelpIT {
    @TempDir
    Path dir;

    @Test
    void helpListsTheCommandsExamplesAndTheEnvironment() throws Exception {
        GabysqlProcess.Result r = GabysqlProcess.gabysql(dir, Map.of(), null, "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out())
                .startsWith("Usage: gabysql")
                .contains("sql", "mcp", "check", "Examples:", "gabysql sql --demo", "GABYSQL_DB_URL", "Exit codes");
        assertThat(r.out().lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
    }

    @Test
    void sqlHelpExplainsTheShellScriptsAndWrites() throws Exception {
        GabysqlProcess.Result r = GabysqlProcess.gabysql(dir, Map.of(), null, "sql", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("--yes", "--continue-on-error", "--format", "Commit? [y/N]", "Examples:");
    }

    @Test
    void versionNamesGabysqlAndJava() throws Exception {
        GabysqlProcess.Result r = GabysqlProcess.gabysql(dir, Map.of(), null, "--version");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).matches("(?s)gabysql \\d+\\.\\d+\\.\\d+\\S*\\R.*Java 17.*");
    }

    @Test
    void anUnknownOptionIsAUsageError() throws Exception {
        GabysqlProcess.Result r = GabysqlProcess.gabysql(dir, Map.of(), null, "sql", "--no-such-option");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--no-such-option");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aMaxMessageTooSmallForAnInitializeIsAConfigurationError() throws Exception {
        GabysqlProcess.Result r = GabysqlProcess.gabysql(
                dir,
                Map.of(),
                "",
                "mcp",
                "--demo",
                "--data-dir",
                dir.resolve("data").toString(),
                "--max-message",
                "100");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("CONFIG_INVALID", "--max-message must be from 1024");
        assertThat(r.out()).isEmpty();
    }
}
