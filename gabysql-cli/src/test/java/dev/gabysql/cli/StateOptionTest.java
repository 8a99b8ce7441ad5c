package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gabysql.core.config.SettingsResolver;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --state} on {@code gabysql serve} and {@code gabysql mcp} (docs/design.md#shared-state): a state database
 * without a confirm key every replica shares stops the start with CONFIG_INVALID (exit 2), before anything listens or
 * connects, and the URL's password is never printed. No database is contacted: the URL names a port nothing serves.
 */
class StateOptionTest {
    static final String STATE = "jdbc:postgresql://127.0.0.1:1/gabysql?user=gaby&password=s3cret-state";

    @TempDir
    Path tmp;

    @BeforeEach
    void noKeyInThisEnvironment() {
        assumeTrue(System.getenv(SettingsResolver.CONFIRM_KEY_ENV) == null, "GABYSQL_CONFIRM_KEY is set here");
    }

    @Test
    void serveWithAStateDatabaseButNoConfirmKeyDoesNotStart() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            exit = Main.run(
                    "serve", "--port", "0", "--audit-log", "none", "--data-dir", tmp.toString(), "--state", STATE);
        } finally {
            System.setErr(err);
        }
        String printed = captured.toString(StandardCharsets.UTF_8);
        assertThat(exit).isEqualTo(2);
        assertThat(printed)
                .contains("CONFIG_INVALID")
                .contains("no confirm key")
                .contains("GABYSQL_CONFIRM_KEY")
                .contains("password=***")
                .doesNotContain("s3cret");
    }

    @Test
    void mcpWithAStateDatabaseButNoConfirmKeyDoesNotStart() {
        McpCommand mcp = McpArguments.parse(new String[] {"--data-dir", tmp.toString(), "--state", STATE});
        assertThat(mcp).isNotNull();
        assertThat(mcp.common.settings().state()).isEqualTo(STATE);

        GabyException e = catchThrowableOfType(() -> Services.local(mcp.common, "mcp"), GabyException.class);

        assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
        assertThat(e.code().exitCode()).isEqualTo(2);
        assertThat(e.getMessage()).doesNotContain("s3cret");
    }
}
